import Foundation

/// `entries` (the full-screen app) running in a tmux pane under an interactive shell (with job
/// control), as a user runs it: the shell prints the exit status and the terminal settings after the
/// app ends, so a test can check that the terminal was restored.
struct TerminalAppSession {
    let tmux: TmuxServer
    let name: String
    /// The database the app opens; unique per test, so it also finds the app's process.
    let database: String

    /// Starts a shell in a new session and types `entries --database DATABASE extra…` into it.
    /// `waitFor` is text that shows once the first screen is drawn (nil: do not wait).
    static func start(
        tmux: TmuxServer, name: String, entries: EntriesProcess, database: String, extraArguments: [String] = [],
        width: Int = 80, height: Int = 24, waitFor: String? = "Entries"
    ) throws -> TerminalAppSession {
        let command = ([entries.executable.path, "--database", database] + extraArguments).map(Self.quoted).joined(
            separator: " ")
        return try start(
            tmux: tmux, name: name, commandLine: command, environment: entries.environment, processMarker: database,
            width: width, height: height, waitFor: waitFor)
    }

    /// Starts a shell in a new session and types `commandLine` into it, followed by the report.
    /// `processMarker` is a string only the program's command line contains.
    static func start(
        tmux: TmuxServer, name: String, commandLine: String, environment: [String: String], processMarker: String,
        width: Int = 80, height: Int = 24, waitFor: String?
    ) throws -> TerminalAppSession {
        var environment = environment
        environment["TERM"] = nil  // tmux sets the pane's own
        environment["PS1"] = "$ "
        // An editor that changes nothing, should a key open one by mistake (unless a test chose one).
        environment["VISUAL"] = environment["VISUAL"] ?? "true"
        try tmux.newSession(name, width: width, height: height, sessionEnvironment: environment)
        let session = TerminalAppSession(tmux: tmux, name: name, database: processMarker)
        _ = try tmux.waitForScreen(name, timeout: 5) { $0.contains { $0.hasPrefix("$") } }
        // After the program: its exit status, then whether the terminal is back in cooked mode with echo.
        try tmux.type(name, "\(Self.clearScreen); \(commandLine); \(Self.reportCommand)")
        if let waitFor {
            guard try tmux.waitForScreen(name, timeout: 15, { $0.contains { $0.contains(waitFor) } }) != nil else {
                throw SuiteSetupError("the app did not show \(waitFor.debugDescription): \(try tmux.screen(name))")
            }
        }
        return session
    }

    /// The shell command that reports the last exit status and the terminal settings, then END.
    /// The screen is not cleared first: what the program printed last (an error) stays readable.
    static let reportCommand = "s=$?; echo \"EXIT=$s\"; stty -a | tr '\\n' ' ' | sed 's/^/STTY: /'; echo; echo END"

    /// Clears the screen without needing clear(1).
    static let clearScreen = "printf '\\033[H\\033[2J'"

    /// Types the report command at the shell prompt.
    func typeReportCommand() throws {
        try tmux.type(name, Self.reportCommand)
    }

    /// The app's processes (by its unique database path).
    var appPIDs: [Int32] { ProcessTable.pids(commandLineContaining: database) }

    /// Waits for the shell's report after the app ended: the exit status and whether echo and
    /// canonical mode are on, the alternate screen off and the cursor visible.
    func waitForRestoredTerminal(timeout: TimeInterval = 10) throws -> TerminalReport? {
        if try tmux.waitForScreen(
            name, timeout: 1, joined: true, { $0.contains { $0.trimmingCharacters(in: .whitespaces) == "END" } }) == nil
        {
            // A shell abandons the rest of a command line whose program died of SIGINT (as it should):
            // ask again once the shell has its prompt back.
            guard ProcessTable.waitUntilGone(database, timeout: timeout) else { return nil }
            try typeReportCommand()
            guard
                try tmux.waitForScreen(
                    name, timeout: timeout, joined: true,
                    { $0.contains { $0.trimmingCharacters(in: .whitespaces) == "END" } }) != nil
            else { return nil }
        }
        // Trimmed: a terminal left without output processing prints each line where the last ended.
        let lines = try tmux.screen(name, joined: true).map { $0.trimmingCharacters(in: .whitespaces) }
        let status = lines.last { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) }
        let stty = lines.last { $0.hasPrefix("STTY: ") } ?? ""
        let words = Set(stty.split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init))
        return TerminalReport(
            exitStatus: status,
            echo: words.contains("echo") && !words.contains("-echo"),
            canonical: words.contains("icanon") && !words.contains("-icanon"),
            alternateScreen: try tmux.display(name, "#{alternate_on}") == "1",
            cursorVisible: try tmux.display(name, "#{cursor_flag}") == "1",
            screen: lines)
    }

    /// Single quotes for the shell.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// What the shell saw once the app ended.
struct TerminalReport {
    var exitStatus: Int?
    var echo: Bool
    var canonical: Bool
    var alternateScreen: Bool
    var cursorVisible: Bool
    var screen: [String]

    /// Problems with the terminal's state; empty when it is as the shell left it.
    var problems: [String] {
        var problems: [String] = []
        if !echo { problems.append("echo is off") }
        if !canonical { problems.append("canonical mode is off") }
        if alternateScreen { problems.append("still on the alternate screen") }
        if !cursorVisible { problems.append("the cursor is hidden") }
        return problems
    }
}
