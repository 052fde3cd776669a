import Foundation

/// A private tmux server (its own socket in the test folder, no user configuration) whose panes are
/// the real terminals the suite runs `entries` in: it types keys, reads the screen, and asks tmux
/// about the terminal's state (title, alternate screen, cursor).
final class TmuxServer {
    private let executable: URL
    private let socketFolder: URL
    private let socketName = "reliability"
    private let environment: [String: String]

    /// - Parameters:
    ///   - folder: where the socket lives (the test's temporary folder).
    ///   - environment: the environment of the server, and so of every pane.
    init(folder: URL, environment: [String: String]) throws {
        guard let tmux = Self.findTmux() else {
            // A failure, not a skip: `make test` installs tmux (scripts/install-deps.sh).
            throw SuiteSetupError("tmux is not installed: run scripts/install-deps.sh (or apt-get install tmux)")
        }
        executable = tmux
        // Unix socket paths are short (about 100 bytes): keep the folder name small.
        socketFolder = folder.appendingPathComponent("tmx")
        try FileManager.default.createDirectory(at: socketFolder, withIntermediateDirectories: true)
        var environment = environment
        environment["TMUX_TMPDIR"] = socketFolder.path
        environment["TMUX"] = nil
        self.environment = environment
    }

    deinit {
        _ = try? run(["kill-server"])
    }

    /// The interactive shell panes run: dash when installed, because it leaves the terminal settings
    /// as a program left them (bash restores its own after a job stops or dies of a signal, which
    /// would hide a program that forgot to restore them); bash otherwise.
    static let jobControlShell: [String] =
        FileManager.default.isExecutableFile(atPath: "/bin/dash")
        ? ["/bin/dash", "-i"] : ["bash", "--norc", "--noprofile", "-i"]

    private static func findTmux() -> URL? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin", "/opt/homebrew/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs `tmux -L NAME -f /dev/null arguments…` and returns its standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = socketFolder.appendingPathComponent("out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        _ = try Spawn.run(
            executable.path, ["-L", socketName, "-f", "/dev/null"] + arguments,
            environment: environment, outputPath: outputPath)
        return String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }

    /// Starts a detached session of `width`×`height` running `command` (a shell when nil).
    func newSession(
        _ name: String, width: Int = 80, height: Int = 24, command: [String]? = nil,
        sessionEnvironment: [String: String] = [:]
    ) throws {
        var arguments = ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height)]
        for (key, value) in sessionEnvironment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(key)=\(value)"]
        }
        arguments += command ?? Self.jobControlShell
        try run(arguments)
        // Remain-on-exit keeps a pane whose program ended, so its last screen can still be read.
        try run(["set-option", "-t", name, "remain-on-exit", "on"])
        // Programs may set tmux's clipboard (OSC 52 makes a paste buffer), so a clipboard write shows.
        try run(["set-option", "-g", "set-clipboard", "on"])
    }

    /// Types `text` literally, then Enter when asked.
    func type(_ session: String, _ text: String, enter: Bool = true) throws {
        try run(["send-keys", "-t", session, "-l", text])
        // C-j (a line feed) rather than Enter (a carriage return): it ends the line for the shell even
        // when a stopped program left the terminal without CR-to-LF translation.
        if enter { try run(["send-keys", "-t", session, "C-j"]) }
    }

    /// Sends tmux key names ("q", "C-c", "Escape", "Down").
    func press(_ session: String, _ keys: String...) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// The visible screen, one string per row (wrapped lines joined when `joined`).
    func screen(_ session: String, joined: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", session] + (joined ? ["-J"] : []))
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format about the pane (`#{pane_title}`, `#{alternate_on}`, `#{cursor_flag}`...).
    func display(_ session: String, _ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .newlines)
    }

    /// The paste buffers tmux holds (an OSC 52 clipboard write would add one).
    func buffers() throws -> String {
        try run(["list-buffers"])
    }

    func killSession(_ name: String) throws {
        try run(["kill-session", "-t", name])
    }

    /// Polls the screen until `condition` holds; returns the time it took, nil on timeout.
    @discardableResult
    func waitForScreen(
        _ session: String, timeout: TimeInterval = 10, every interval: TimeInterval = 0.01,
        joined: Bool = false, _ condition: ([String]) -> Bool
    ) throws -> TimeInterval? {
        let start = Date()
        while true {
            if condition(try screen(session, joined: joined)) { return Date().timeIntervalSince(start) }
            if Date().timeIntervalSince(start) > timeout { return nil }
            Thread.sleep(forTimeInterval: interval)
        }
    }
}

/// The processes whose command line contains a string (a unique database path): what `pgrep -f` does,
/// read from /proc so no tool is needed. Zombies (no command line) do not count.
enum ProcessTable {
    static func pids(commandLineContaining needle: String) -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let me = getpid()
        return names.compactMap(Int32.init).filter { pid in
            guard pid != me, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty
            else { return false }
            let commandLine = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return commandLine.contains(needle) && !commandLine.contains("tmux")
        }
    }

    /// The state letter of a process from /proc/PID/stat ("R", "S", "T" for stopped, "Z"), nil when gone.
    static func state(of pid: Int32) -> Character? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        // "PID (command) S ...": the command may hold spaces and parentheses, so look after the last ")".
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].first { $0 != " " }
    }

    /// Waits until `pid` is in `state`; true when it got there.
    static func waitForState(_ pid: Int32, _ state: Character, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if self.state(of: pid) == state { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Waits until no process matches; true when none is left.
    static func waitUntilGone(_ needle: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if pids(commandLineContaining: needle).isEmpty { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return pids(commandLineContaining: needle).isEmpty
    }
}
