import Foundation
import XCTest

/// Signals and a closed terminal while the app runs in tmux: the terminal is restored wherever it still
/// exists (the shell's `stty -a` shows echo and canonical mode, the alternate screen is off, the cursor
/// shows), the exit status is the signal's, and no process is left behind.
final class TerminalSignalTests: ReliabilityTestCase {
    private var tmux: TmuxServer?
    private var sessions = 0

    override func tearDownWithError() throws {
        tmux = nil  // kills the server and every pane left
        try super.tearDownWithError()
    }

    /// A fresh database and the app running on it in a new pane.
    private func startApp() throws -> TerminalAppSession {
        sessions += 1
        let server = try tmux ?? TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        let database = path("signals-\(sessions).sqlite")
        try succeed(database, ["add", "--title", "Signal target \(sessions)"])
        return try TerminalAppSession.start(
            tmux: server, name: "s\(sessions)", entries: entries, database: database,
            waitFor: "Signal target \(sessions)")
    }

    /// Runs `fault` `terminalFaultRepeats` times on fresh apps and records one row.
    private func trial(
        _ fault: String, file: StaticString = #filePath, line: UInt = #line,
        _ body: (TerminalAppSession) throws -> [String]
    ) throws {
        var counter = TrialCounter()
        for _ in 0..<budget.terminalFaultRepeats {
            let app = try startApp()
            var problems = try body(app)
            if !ProcessTable.waitUntilGone(app.database) {
                problems.append("the app is still running (pids \(app.appPIDs))")
                for pid in app.appPIDs { kill(pid, SIGKILL) }
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row("terminal: \(fault)", nothingLost: nil, file: file, line: line), file: file, line: line)
    }

    /// Sends `signal` to the app; the shell then reports the restored terminal and the status.
    private func terminate(with signal: Int32, _ app: TerminalAppSession) throws -> [String] {
        guard let pid = app.appPIDs.first else { return ["the app is not running"] }
        kill(pid, signal)
        guard let report = try app.waitForRestoredTerminal() else { return ["the shell never got the terminal back"] }
        var problems = report.problems
        if report.exitStatus != 128 + Int(signal) {
            problems.append("exit status \(String(describing: report.exitStatus)), expected \(128 + signal)")
        }
        return problems
    }

    /// The check itself: a program that leaves raw mode, no echo, the alternate screen and a hidden
    /// cursor behind is caught (so a pass above means the app really restored the terminal).
    func testTheCheckCatchesAProgramThatLeavesTheTerminalBroken() throws {
        let server = try TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        let marker = "rude-\(UUID().uuidString.prefix(6))"
        let rude = "sh -c 'printf \"\\033[?1049h\\033[?25l\"; stty raw -echo; kill -TERM $$' \(marker)"
        let app = try TerminalAppSession.start(
            tmux: server, name: "rude", commandLine: rude, environment: entries.environment,
            processMarker: marker, waitFor: nil)
        let report = try XCTUnwrap(try app.waitForRestoredTerminal())
        XCTAssertEqual(
            Set(report.problems),
            ["echo is off", "canonical mode is off", "still on the alternate screen", "the cursor is hidden"])
        XCTAssertEqual(report.exitStatus, 143)
    }

    func testSIGINT() throws {
        try trial("SIGINT") { try terminate(with: SIGINT, $0) }
    }

    func testSIGTERM() throws {
        try trial("SIGTERM") { try terminate(with: SIGTERM, $0) }
    }

    func testSIGHUP() throws {
        try trial("SIGHUP") { try terminate(with: SIGHUP, $0) }
    }

    func testCtrlCTyped() throws {
        try trial("Ctrl-C typed") { app in
            try app.tmux.press(app.name, "C-c")
            guard let report = try app.waitForRestoredTerminal() else {
                return ["the shell never got the terminal back"]
            }
            return report.problems
                + (report.exitStatus == 130 ? [] : ["exit status \(String(describing: report.exitStatus))"])
        }
    }

    func testSIGTSTPThenForeground() throws {
        try trial("SIGTSTP, fg (SIGCONT)") { app in
            guard let pid = app.appPIDs.first else { return ["the app is not running"] }
            kill(pid, SIGTSTP)
            // While stopped, the shell has a restored terminal (status 148 = 128 + SIGTSTP).
            guard let stopped = try app.waitForRestoredTerminal() else {
                return ["the shell never got the terminal back"]
            }
            var problems = stopped.problems.map { "while stopped: \($0)" }
            if stopped.exitStatus != 148 {
                problems.append("status while stopped \(String(describing: stopped.exitStatus))")
            }
            problems += try resumeAndQuit(app)
            return problems
        }
    }

    func testSIGSTOPThenSIGCONTThenForeground() throws {
        try trial("SIGSTOP, SIGCONT, fg") { app in
            guard let pid = app.appPIDs.first else { return ["the app is not running"] }
            // SIGSTOP cannot be caught: the shell takes the terminal back as it is. SIGCONT then wakes
            // the app in the background, where it must wait (not fight the shell) until `fg`.
            kill(pid, SIGSTOP)
            guard ProcessTable.waitForState(pid, "T") else { return ["SIGSTOP did not stop the app"] }
            Thread.sleep(forTimeInterval: 0.3)
            kill(pid, SIGCONT)
            Thread.sleep(forTimeInterval: 0.5)
            if ProcessTable.state(of: pid) == nil { return ["the app died after SIGCONT"] }
            return try resumeAndQuit(app)
        }
    }

    func testClosedTerminal() throws {
        try trial("terminal closed (tmux kill-session)") { app in
            guard !app.appPIDs.isEmpty else { return ["the app is not running"] }
            try app.tmux.killSession(app.name)
            return []  // the trial checks that no process is left
        }
    }

    func testClosedTerminalWhileSuspended() throws {
        try trial("terminal closed while suspended") { app in
            guard let pid = app.appPIDs.first else { return ["the app is not running"] }
            kill(pid, SIGTSTP)
            guard try app.waitForRestoredTerminal() != nil else { return ["the shell never got the terminal back"] }
            try app.tmux.killSession(app.name)
            return []
        }
    }

    /// Types `fg`, checks the app is back and answers keys, quits, and checks the terminal again.
    private func resumeAndQuit(_ app: TerminalAppSession) throws -> [String] {
        try app.tmux.type(app.name, "\(TerminalAppSession.clearScreen); fg")
        var problems: [String] = []
        if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.first?.hasPrefix("Entries") == true }) == nil {
            problems.append("the app did not redraw after fg: \(try app.tmux.screen(app.name).prefix(3))")
        }
        try app.tmux.press(app.name, "?")
        if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("┌ Keys") } }) == nil {
            problems.append("the app does not answer keys after fg")
        }
        try app.tmux.press(app.name, "Escape")
        Thread.sleep(forTimeInterval: 0.1)
        try app.tmux.press(app.name, "q")
        guard ProcessTable.waitUntilGone(app.database) else { return problems + ["q did not quit after fg"] }
        try app.typeReportCommand()
        guard let report = try app.waitForRestoredTerminal() else { return problems + ["no report after quitting"] }
        problems += report.problems.map { "after quitting: \($0)" }
        if report.exitStatus != 0 {
            problems.append("exit status after fg and q: \(String(describing: report.exitStatus))")
        }
        return problems
    }
}
