import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Markdown bodies built to crash or stall the renderer, in the real app under tmux at 120×40 with the
/// preview pane on: nesting that overflowed the stack (`"> " × 60,000`, `">" × 100,000`,
/// `"- " × 20,000`), and constructs whose rendering grew faster than the text (nested emphasis, a
/// 600- and a 2,000-level indented list, a 2,000 × 500 table, a 10 MB line). Each must show its first
/// screen, open (Enter) and go to its end (G) within a generous bound, answer `q`, and end with
/// status 0 in a restored terminal; the peak memory is in the notes. The companion shows that the
/// check catches an app that dies of SIGSEGV.
final class HostileMarkdownTests: ReliabilityTestCase {
    /// Far above the second each is expected to take (a debug build on a busy machine).
    static let generousSeconds = 10.0
    private var tmux: TmuxServer?
    private var sessions = 0

    override func tearDownWithError() throws {
        tmux = nil
        try super.tearDownWithError()
    }

    static let bodies: [(name: String, body: @Sendable () -> String)] = [
        ("60,000 quotes", { String(repeating: "> ", count: 60_000) + "x" }),
        ("100,000 >", { String(repeating: ">", count: 100_000) }),
        ("20,000 list markers", { String(repeating: "- ", count: 20_000) + "x" }),
        (
            "nested emphasis 280 KB",
            { String(repeating: "*a **a ", count: 20_000) + "b" + String(repeating: " a** a*", count: 20_000) }
        ),
        (
            "600-level list",
            { (0..<600).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n") }
        ),
        (
            "2,000-level list",
            { (0..<2_000).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n") }
        ),
        (
            "2,000 × 500 table",
            {
                let header = "|" + (0..<500).map { " h\($0) |" }.joined()
                let rule = "|" + String(repeating: " - |", count: 500)
                let row = "|" + String(repeating: " a |", count: 500)
                return ([header, rule] + Array(repeating: row, count: 2_000)).joined(separator: "\n")
            }
        ),
        ("10 MB line", { String(repeating: "word ", count: 2_000_000) }),
    ]

    func testHostileMarkdownIsShownAtOnceAndTheAppAnswers() throws {
        var counter = TrialCounter()
        var notes: [String] = []
        for (index, hostile) in Self.bodies.enumerated() {
            let database = path("markdown-\(index).sqlite")
            let store = try EntryDatabase(path: database)
            try store.entries.insert(
                contentsOf: [
                    EntryDraft(title: "Hostile \(index)", body: hostile.body(), tags: [], createdAt: HostileText.day(1))
                ], progress: nil)
            try store.close()
            let (problems, note) = try trial(database: database, title: "Hostile \(index)")
            counter.record(problems.map { "\(hostile.name): \($0)" })
            notes.append("\(hostile.name) \(note)")
        }
        ledger.record(
            counter.row(
                "hostile Markdown: deep nesting and superlinear constructs (the app, preview on)", nothingLost: nil,
                note: notes.joined(separator: "; ")))
    }

    /// The companion: an app that dies of SIGSEGV is caught by the same check.
    func testTheCheckCatchesAnAppThatCrashes() throws {
        let server = try TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        let marker = path("crash-marker")
        let app = try TerminalAppSession.start(
            tmux: server, name: "crash", commandLine: "sh -c 'kill -SEGV $$' \(marker)",
            environment: entries.environment, processMarker: marker, waitFor: nil)
        let problems = try outcome(app, seconds: 0)
        XCTAssertTrue(problems.contains { $0.contains("exit status 139") }, "\(problems)")
    }

    // MARK: - One trial

    /// Starts the app on `database` at 120×40 with the preview on, opens the entry, goes to its end,
    /// quits. Returns the problems and a note of the times and the peak memory.
    private func trial(database: String, title: String) throws -> ([String], String) {
        let server = try tmux ?? TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        sessions += 1
        let started = Date()
        let app = try TerminalAppSession.start(
            tmux: server, name: "m\(sessions)", entries: entries, database: database,
            extraArguments: [], width: 120, height: 40, waitFor: nil)
        var problems: [String] = []
        var times: [String] = []
        let first = try server.waitForScreen(app.name, timeout: Self.generousSeconds) {
            $0.contains { $0.contains(title) }
        }
        times.append(String(format: "first screen %.2f s", Date().timeIntervalSince(started)))
        if first == nil { problems.append("no first screen: \(try server.screen(app.name).prefix(5))") }
        var peak = 0
        for (key, what) in [("Enter", "details"), ("G", "end"), ("g", "top")] {
            let start = Date()
            try server.press(app.name, key)
            // The key is answered: the app is idle again (asleep in its loop), the screen redrawn.
            let answered =
                app.appPIDs.first.map {
                    HostileKeyInputTests.waitUntilIdle($0, timeout: Self.generousSeconds, quiet: 0.2)
                } ?? false
            let seconds = Date().timeIntervalSince(start) - 0.2
            if !answered { problems.append("\(key) (\(what)) not answered in \(Self.generousSeconds) s") }
            times.append(String(format: "%@ %.2f s", what, seconds))
            peak = max(peak, app.appPIDs.first.map(Self.peakKilobytes) ?? 0)
        }
        try server.press(app.name, "q")
        problems += try outcome(app, seconds: Self.generousSeconds)
        return (problems, times.joined(separator: ", ") + ", peak \(peak / 1024) MB")
    }

    /// The app's end: gone, status 0, the terminal restored.
    private func outcome(_ app: TerminalAppSession, seconds: TimeInterval) throws -> [String] {
        var problems: [String] = []
        if !ProcessTable.waitUntilGone(app.database, timeout: max(1, seconds)) {
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

    /// VmHWM of `pid` in kilobytes (0 when unknown).
    static func peakKilobytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
