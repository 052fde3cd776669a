import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Input a person (or a paste) throws at the running app under tmux:
/// - a bracketed paste holding 0x03, 0x1A and 0x1C into the search line: text, not Ctrl-C, Ctrl-Z and
///   Ctrl-\ (the app neither quits nor stops; the line keeps the text, without the controls), while the same keys
///   typed outside a paste still quit and suspend (TerminalSignalTests, TerminalBusyAppTests);
/// - ten thousand `j` in one burst on 20,000 entries: the app is idle again within a bound, with the
///   selection where the keys put it, and quits on `q`.
/// Each has a companion showing that its check fails on a program that does the wrong thing.
final class HostileKeyInputTests: ReliabilityTestCase {
    static let generousSeconds = 20.0
    private var tmux: TmuxServer?
    private var sessions = 0

    override func tearDownWithError() throws {
        tmux = nil
        try super.tearDownWithError()
    }

    private func server() throws -> TmuxServer {
        let server = try tmux ?? TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        return server
    }

    static let pastedControls = "a\u{03}b\u{1A}c\u{1C}d"

    // MARK: - Paste

    func testControlBytesInAPasteAreText() throws {
        var counter = TrialCounter()
        for _ in 0..<budget.terminalFaultRepeats {
            sessions += 1
            let database = path("paste-\(sessions).sqlite")
            try succeed(database, ["add", "--title", "Paste target \(sessions)"])
            let app = try TerminalAppSession.start(
                tmux: try server(), name: "p\(sessions)", entries: entries, database: database,
                waitFor: "Paste target \(sessions)")
            try app.tmux.press(app.name, "/")
            Thread.sleep(forTimeInterval: 0.2)
            var problems = try pasteControls(into: app)
            // The search line keeps the text and drops the control characters (it does so with any paste).
            if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("abcd") } }) == nil {
                problems.append(
                    "the search line does not show the pasted text: \(try app.tmux.screen(app.name).prefix(4))")
            }
            try app.tmux.press(app.name, "Escape")
            Thread.sleep(forTimeInterval: 0.2)
            try app.tmux.press(app.name, "q")
            problems += try outcome(app)
            counter.record(problems)
        }
        ledger.record(counter.row("hostile input: 0x03 0x1A 0x1C in a bracketed paste", nothingLost: nil))
    }

    /// The companion: a program in raw mode that keeps ISIG dies of the pasted 0x03 (status 130).
    func testTheCheckCatchesAProgramThatTakesAPastedCtrlCAsASignal() throws {
        let marker = path("isig-marker")
        let command = "sh -c 'stty raw isig -echo; printf \"\\033[?2004h\"; echo RE\"\"ADY; cat >/dev/null' \(marker)"
        let app = try TerminalAppSession.start(
            tmux: try server(), name: "isig", commandLine: command,
            environment: entries.environment, processMarker: marker, waitFor: "READY")
        var problems = try pasteControls(into: app)
        problems += try outcome(app, quitWithin: 3)
        XCTAssertTrue(problems.contains { $0.contains("ended on the paste") || $0.contains("stopped") }, "\(problems)")
    }

    /// Pastes `pastedControls` bracketed; problems if the app is gone or stopped a moment later.
    private func pasteControls(into app: TerminalAppSession) throws -> [String] {
        try app.tmux.run(["set-buffer", "-b", "hostile", Self.pastedControls])
        try app.tmux.run(["paste-buffer", "-p", "-b", "hostile", "-t", app.name])
        Thread.sleep(forTimeInterval: 0.5)
        guard let pid = app.appPIDs.first else { return ["the app ended on the paste"] }
        if ProcessTable.state(of: pid) == "T" { return ["the app stopped (suspended) on the paste"] }
        return []
    }

    // MARK: - Key flood

    func testTenThousandKeysInOneBurst() throws {
        let database = path("flood.sqlite")
        let store = try EntryDatabase(path: database)
        try store.entries.insert(
            contentsOf: (0..<20_000).map {
                EntryDraft(title: "Flood \($0)", createdAt: HostileText.day(1).addingTimeInterval(Double(-$0)))
            }, progress: nil)
        try store.close()
        let app = try TerminalAppSession.start(
            tmux: try server(), name: "flood", entries: entries, database: database, waitFor: "Flood 0")
        let start = Date()
        try app.tmux.type(app.name, String(repeating: "j", count: 10_000), enter: false)
        var problems: [String] = []
        let idle = app.appPIDs.first.map { Self.waitUntilIdle($0, timeout: Self.generousSeconds) } ?? false
        let seconds = Date().timeIntervalSince(start)
        if !idle { problems.append("still busy \(Self.generousSeconds) s after the burst") }
        if try app.tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("Flood 10000") } }) == nil {
            problems.append("the selection did not reach entry 10000: \(try app.tmux.screen(app.name).suffix(3))")
        }
        try app.tmux.press(app.name, "q")
        problems += try outcome(app)
        var counter = TrialCounter()
        counter.record(problems)
        ledger.record(
            counter.row(
                "hostile input: 10,000 j in one burst (20,000 entries)", nothingLost: nil,
                note: String(format: "idle again after %.2f s", seconds)))
    }

    /// The companion: the idle check catches a program that keeps the CPU busy.
    func testTheIdleCheckCatchesABusyProgram() throws {
        let marker = path("busy-marker")
        let app = try TerminalAppSession.start(
            tmux: try server(), name: "spin", commandLine: "sh -c 'while :; do :; done' \(marker)",
            environment: entries.environment, processMarker: marker, waitFor: nil)
        Thread.sleep(forTimeInterval: 0.3)
        let pid = try XCTUnwrap(app.appPIDs.first)
        XCTAssertFalse(Self.waitUntilIdle(pid, timeout: 2))
        kill(pid, SIGKILL)
    }

    /// True once `pid` has been asleep (not runnable) for `quiet` seconds, or is gone.
    static func waitUntilIdle(_ pid: Int32, timeout: TimeInterval, quiet: TimeInterval = 0.5) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        var asleepSince: Date?
        while Date() < end {
            guard let state = ProcessTable.state(of: pid) else { return true }
            if state == "R" {
                asleepSince = nil
            } else if let since = asleepSince, Date().timeIntervalSince(since) >= quiet {
                return true
            } else if asleepSince == nil {
                asleepSince = Date()
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// The app's end after `q`: gone, status 0, the terminal restored.
    private func outcome(_ app: TerminalAppSession, quitWithin seconds: TimeInterval = 10) throws -> [String] {
        var problems: [String] = []
        if !ProcessTable.waitUntilGone(app.database, timeout: seconds) {
            problems.append("the app did not quit")
            for pid in app.appPIDs { kill(pid, SIGKILL) }
        }
        guard let report = try app.waitForRestoredTerminal() else {
            return problems + ["the shell never got the terminal back"]
        }
        problems += report.problems
        if report.exitStatus != 0 { problems.append("exit status \(report.exitStatus.map(String.init) ?? "none")") }
        return problems
    }
}
