import Foundation
import XCTest

/// A detached tmux server on its own socket with one pane running `/bin/sh`: the end-to-end tests type
/// into it (`send-keys`) and read the screen back (`capture-pane -p`). Always `kill()` it in tearDown.
final class TmuxSession {
    /// The prompt of the shell in the pane, as the screen shows it (capture-pane trims trailing spaces,
    /// the prompt itself ends with one).
    static let prompt = "e2e$"
    let socket: String
    let size: (width: Int, height: Int)
    private let tmux: URL

    /// The tmux executable on PATH, or nil when tmux is not installed.
    static func executable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts a server and a `width`×`height` pane with a shell, and waits for its prompt.
    init(width: Int, height: Int) throws {
        guard let tmux = Self.executable() else {
            throw XCTSkip(
                "tmux is not installed: install it (e.g. `apt-get install tmux` or `brew install tmux`) to run the end-to-end tests"
            )
        }
        self.tmux = tmux
        self.size = (width, height)
        socket = "entries-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        try run([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e",
            "env PS1='\(Self.prompt) ' /bin/sh",
        ])
        try run(["set-option", "-g", "escape-time", "0"])
        try waitForPrompt()
    }

    /// True when the shell waits at its prompt: the last non-empty row is the bare prompt.
    static func isAtPrompt(_ screen: String) -> Bool {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
            == prompt
    }

    /// Waits until the shell is back at its prompt.
    @discardableResult
    func waitForPrompt(
        _ what: String = "the shell prompt", timeout: TimeInterval = 10, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> String {
        try waitForScreen(what, timeout: timeout, file: file, line: line, until: Self.isAtPrompt)
    }

    /// Stops the server and everything running in it, and removes its socket file.
    func kill() {
        let socketPath = (try? run(["display-message", "-p", "#{socket_path}"], capturingOutput: true))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["kill-server"])
        if let socketPath, !socketPath.isEmpty { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// Presses keys by tmux name (`Enter`, `Escape`, `Down`, `C-z`) or single characters.
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "e2e"] + keys)
    }

    /// Sends `bytes` to the pane as they are (a mouse report the terminal would send, say).
    func send(literally bytes: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", bytes])
    }

    /// Whether the program in the pane has asked tmux for mouse reports ("standard sgr": "1 1" or "0 0").
    func mouseReporting() throws -> String {
        try run(
            ["display-message", "-p", "-t", "e2e", "#{mouse_standard_flag} #{mouse_sgr_flag}"], capturingOutput: true
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types `text` literally, then Enter.
    func typeLine(_ text: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", text])
        try run(["send-keys", "-t", "e2e", "Enter"])
    }

    /// The visible screen, one string per row.
    func screen() throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", "e2e"], capturingOutput: true)
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.count > size.height, rows.last == "" { rows.removeLast() }  // the final newline
        return rows
    }

    /// The visible screen with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", "e2e"], capturingOutput: true)
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout`.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        until condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen().joined(separator: "\n")
            if condition(last) { return last }
            usleep(50_000)
        }
        XCTFail("timed out after \(timeout) s waiting for \(what); the screen was:\n\(last)", file: file, line: line)
        throw TmuxError.timeout(what)
    }

    enum TmuxError: Error {
        case timeout(String)
        case failed(String)
    }

    /// Runs one tmux command. Only commands that print something we need get a pipe: the first command
    /// starts the server, which would inherit the pipe and keep it open forever.
    /// Runs one tmux command (through `Subprocess`, see there why not `Process`).
    @discardableResult
    private func run(_ arguments: [String], capturingOutput: Bool = false) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // the tests may themselves run inside tmux
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        let result = try Subprocess.run(
            tmux.path, ["-L", socket] + arguments, environment: environment, capturingOutput: capturingOutput)
        guard result.status == 0 || arguments.first == "kill-server" else {
            throw TmuxError.failed("tmux \(arguments.joined(separator: " ")) exited with \(result.status)")
        }
        return result.output
    }
}
