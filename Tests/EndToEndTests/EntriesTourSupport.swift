import Foundation
import XCTest

// A minimal tmux harness for the entries tour, until the shared one (Tests/EndToEndTests/Support)
// lands; its names and signatures follow that one so that the switch is a deletion of this file.

/// Finds the executables `swift build` produced, next to the test bundle.
enum BuiltProducts {
    /// The build products directory (`.build/<triple>/debug` or `release`).
    static var directory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// The path of product `name`; `<NAME>_BINARY` (e.g. `ENTRIES_BINARY`) overrides it. Fails the
    /// test with what to do when the binary was not built.
    static func executable(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
        let path = ProcessInfo.processInfo.environment[variable] ?? directory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(name) is not built at \(path): run `swift build` (or `swift build --product \(name)`) before the tests",
                    file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }
}

/// A detached tmux server on its own socket with one pane running `/bin/sh`: tests type into it
/// (`send-keys`) and read the screen back (`capture-pane -p`). Always `kill()` it in tearDown.
final class TmuxSession {
    /// The prompt of the shell in the pane.
    static let prompt = "e2e$ "
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

    /// Starts a server and a `width`×`height` pane with a shell, and waits for its prompt. Throws
    /// `XCTSkip` when tmux is not installed.
    init(width: Int, height: Int) throws {
        guard let tmux = Self.executable() else {
            throw XCTSkip("tmux is not installed: install it (`apt-get install tmux`, or `make deps`) to run the end-to-end tests")
        }
        self.tmux = tmux
        self.size = (width, height)
        socket = "entries-tour-\(getpid())-\(UUID().uuidString.prefix(8))"
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e",
                 "env PS1='\(Self.prompt)' /bin/sh"])
        try run(["set-option", "-g", "escape-time", "0"])
        // capture-pane drops trailing spaces: look for the prompt without its space.
        try waitForScreen("the shell prompt") { $0.contains(Self.prompt.trimmingCharacters(in: .whitespaces)) }
    }

    /// Stops the server and everything running in it.
    func kill() {
        _ = try? run(["kill-server"])
    }

    /// Presses keys by tmux name (`Enter`, `Escape`, `Down`, `C-z`) or single characters.
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "e2e"] + keys)
    }

    /// Types `text` literally, then Enter.
    func typeLine(_ text: String) throws {
        try run(["send-keys", "-t", "e2e", "-l", text])
        try run(["send-keys", "-t", "e2e", "Enter"])
    }

    /// The visible screen, one string per row.
    func screen() throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", "e2e"])
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
            usleep(20_000)
        }
        XCTFail("timed out after \(timeout) s waiting for \(what); the screen was:\n\(last)", file: file, line: line)
        throw TmuxError.timeout(what)
    }

    enum TmuxError: Error {
        case timeout(String)
        case failed(String)
    }

    /// Runs tmux with `arguments` on this session's socket; returns what it printed.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil          // the tests may themselves run inside tmux
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        let (status, text) = try Self.spawnAndWait(tmux.path, ["-L", socket] + arguments, environment: environment)
        guard status == 0 || arguments.first == "kill-server" else {
            throw TmuxError.failed("tmux \(arguments.joined(separator: " ")) (status \(status)): \(text)")
        }
        return text
    }

    /// posix_spawn and waitpid rather than Foundation's `Process`, whose `waitUntilExit()` never returns
    /// for the tmux client that starts a server (the server inherits what `Process` watches). Output
    /// goes to a file for the same reason: a pipe would stay open in the server.
    private static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw TmuxError.failed("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TmuxError.failed("waitpid: \(String(cString: strerror(errno)))") }
        }
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        // Exited normally: the exit status; killed: 128 + the signal, as a shell reports it.
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, text)
    }
}

extension TmuxSession {
    /// Runs `stty -a` in the pane's shell (into a file, so nothing scrolls away) and checks that the
    /// terminal is back in its normal state: `echo` and `icanon` on. Also checks the status the shell
    /// saw when `expectedStatus` is given.
    func assertTerminalRestored(in directory: URL, expectedStatus: Int32? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let settingsFile = directory.appendingPathComponent("stty-\(UUID().uuidString.prefix(6)).txt")
        // `$((40+2))` shows as typed on the command line but prints 42: the marker only appears once done.
        try typeLine("status=$?; stty -a > '\(settingsFile.path)'; echo \"done-$((40+2)) status-$status\"")
        let screen = try waitForScreen("stty to finish", file: file, line: line) { $0.contains("done-42 status-") }
        let settings = try String(contentsOf: settingsFile, encoding: .utf8)
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        XCTAssertTrue(words.contains("echo"), "echo is off after the app:\n\(settings)", file: file, line: line)
        XCTAssertTrue(words.contains("icanon"), "icanon is off after the app:\n\(settings)", file: file, line: line)
        XCTAssertFalse(words.contains("-echo"), file: file, line: line)
        XCTAssertFalse(words.contains("-icanon"), file: file, line: line)
        if let expectedStatus {
            XCTAssertTrue(screen.contains("done-42 status-\(expectedStatus)"), "expected exit status \(expectedStatus):\n\(screen)",
                          file: file, line: line)
        }
    }
}
