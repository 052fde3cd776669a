import Foundation
import XCTest

/// An app whose main thread never comes back (`shell-demo --enable-busy-key`, then `b`: what an
/// endless query does) still ends on Ctrl-C, SIGTERM, SIGHUP and a closed terminal, within a bound,
/// with the terminal restored wherever it still exists and the signal's exit status.
final class TerminalBusyAppTests: ReliabilityTestCase {
    /// How long the app may take to end: its watchdog waits 500 ms for the run loop, the rest is slack
    /// for a loaded machine (the measured time goes in the row's note).
    static let bound: TimeInterval = 3
    private var tmux: TmuxServer?
    private var sessions = 0

    override func tearDownWithError() throws {
        tmux = nil  // kills the server and every pane left
        try super.tearDownWithError()
    }

    /// The demo in a new pane, busy for good unless `busy` is false. `marker` (a unique frame-log
    /// path) finds its process.
    private func startBusyApp(extraArguments: [String] = [], busy: Bool = true) throws -> (TerminalAppSession, Int32) {
        sessions += 1
        let server = try tmux ?? TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        let marker = path("busy-\(sessions)-\(UUID().uuidString.prefix(6)).frame")
        let command =
            ([try ShellDemo.locate(next: entries.executable).path, "--enable-busy-key", "--frame-log", marker]
            + extraArguments)
            .map(TerminalAppSession.quoted).joined(separator: " ")
        let app = try TerminalAppSession.start(
            tmux: server, name: "b\(sessions)", commandLine: command,
            environment: entries.environment, processMarker: marker, waitFor: "Items")
        guard let pid = app.appPIDs.first else { throw SuiteSetupError("shell-demo is not running") }
        guard busy else { return (app, pid) }
        try server.press(app.name, "b")
        // Busy: the main thread spins, so the process stays runnable (an idle one sleeps in poll).
        guard ProcessTable.waitForState(pid, "R"), Self.staysRunnable(pid, for: 0.3) else {
            throw SuiteSetupError("shell-demo did not get busy")
        }
        return (app, pid)
    }

    /// True when every look at `pid` over `duration` finds it runnable (state R).
    private static func staysRunnable(_ pid: Int32, for duration: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(duration)
        while Date() < end {
            guard ProcessTable.state(of: pid) == "R" else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// Does `fault` to a busy app `terminalFaultRepeats` times and records one row with the slowest
    /// end. With an `expectedStatus`, the terminal still exists: the shell must then report it restored
    /// and that status.
    private func trial(
        _ fault: String, expectedStatus: Int?, file: StaticString = #filePath, line: UInt = #line,
        _ send: (TerminalAppSession, Int32) throws -> Void
    ) throws {
        var counter = TrialCounter()
        var slowest: TimeInterval = 0
        for _ in 0..<budget.terminalFaultRepeats {
            let (app, pid) = try startBusyApp()
            let start = Date()
            try send(app, pid)
            guard ProcessTable.waitUntilGone(app.database, timeout: Self.bound) else {
                counter.record(["the busy app is still running \(Self.bound) s later (pids \(app.appPIDs))"])
                for pid in app.appPIDs { kill(pid, SIGKILL) }
                continue
            }
            slowest = max(slowest, Date().timeIntervalSince(start))
            guard let expectedStatus else {
                counter.record([])
                continue
            }
            guard let report = try app.waitForRestoredTerminal() else {
                counter.record(["the shell never got the terminal back"])
                continue
            }
            counter.record(
                report.problems
                    + (report.exitStatus == expectedStatus
                        ? []
                        : ["exit status \(String(describing: report.exitStatus)), expected \(expectedStatus)"]))
        }
        ledger.record(
            counter.row(
                "terminal, app busy: \(fault)", nothingLost: nil,
                note: String(format: "ended within %.2f s", slowest), file: file, line: line),
            file: file, line: line)
    }

    func testCtrlCTyped() throws {
        try trial("Ctrl-C typed", expectedStatus: 130) { app, _ in try app.tmux.press(app.name, "C-c") }
    }

    func testSIGTERM() throws {
        try trial("SIGTERM", expectedStatus: 128 + Int(SIGTERM)) { _, pid in kill(pid, SIGTERM) }
    }

    func testSIGHUP() throws {
        try trial("SIGHUP", expectedStatus: 128 + Int(SIGHUP)) { _, pid in kill(pid, SIGHUP) }
    }

    func testClosedTerminal() throws {
        try trial("terminal closed (tmux kill-server)", expectedStatus: nil) { app, _ in
            try app.tmux.run(["kill-server"])
        }
    }

    /// Ctrl-Z still suspends (the watchdog leaves it to the run loop), `fg` brings the app back
    /// answering keys, and `q` then quits with the terminal restored.
    func testCtrlZTypedThenForeground() throws {
        var counter = TrialCounter()
        for _ in 0..<budget.terminalFaultRepeats {
            let (app, _) = try startBusyApp(busy: false)
            try app.tmux.press(app.name, "C-z")
            guard let stopped = try app.waitForRestoredTerminal() else {
                counter.record(["the shell never got the terminal back after Ctrl-Z"])
                continue
            }
            var problems = stopped.problems.map { "while stopped: \($0)" }
            if stopped.exitStatus != 148 {
                problems.append("status while stopped \(String(describing: stopped.exitStatus))")
            }
            try app.tmux.type(app.name, "\(TerminalAppSession.clearScreen); fg")
            if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.first?.hasPrefix("Items") == true }) == nil {
                problems.append("the app did not redraw after fg")
            }
            try app.tmux.press(app.name, "m")
            if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("┌ About") } }) == nil {
                problems.append("the app does not answer keys after fg")
            }
            try app.tmux.press(app.name, "Escape")
            Thread.sleep(forTimeInterval: 0.1)
            try app.tmux.press(app.name, "q")
            if !ProcessTable.waitUntilGone(app.database) { problems.append("q did not quit after fg") }
            try app.typeReportCommand()
            if let report = try app.waitForRestoredTerminal() {
                problems += report.problems.map { "after quitting: \($0)" }
                if report.exitStatus != 0 {
                    problems.append("exit status after fg and q: \(String(describing: report.exitStatus))")
                }
            } else {
                problems.append("no report after quitting")
            }
            counter.record(problems)
        }
        ledger.record(counter.row("terminal, shell-demo: Ctrl-Z typed, fg, q", nothingLost: nil))
    }

    /// The check itself: the same busy app without its watchdog is still running long after Ctrl-C,
    /// and long after its terminal is gone, so a pass above means the watchdog ended it.
    func testTheCheckCatchesABusyAppThatOutlivesItsTerminal() throws {
        let (typedAt, typedAtPID) = try startBusyApp(extraArguments: ["--without-busy-watchdog"])
        try typedAt.tmux.press(typedAt.name, "C-c")
        XCTAssertFalse(
            ProcessTable.waitUntilGone(typedAt.database, timeout: Self.bound), "Ctrl-C ended it without the watchdog")
        kill(typedAtPID, SIGKILL)
        let (closed, closedPID) = try startBusyApp(extraArguments: ["--without-busy-watchdog"])
        try closed.tmux.run(["kill-server"])
        XCTAssertFalse(
            ProcessTable.waitUntilGone(closed.database, timeout: Self.bound),
            "the hang-up ended it without the watchdog")
        kill(closedPID, SIGKILL)
        XCTAssertTrue(ProcessTable.waitUntilGone(typedAt.database) && ProcessTable.waitUntilGone(closed.database))
    }
}

/// The `shell-demo` executable, built next to `entries`.
enum ShellDemo {
    static func locate(next entries: URL) throws -> URL {
        let url = entries.deletingLastPathComponent().appendingPathComponent("shell-demo")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw SuiteSetupError(
                "shell-demo was not found next to \(entries.path): build it with `swift build --product shell-demo`")
        }
        return url
    }
}
