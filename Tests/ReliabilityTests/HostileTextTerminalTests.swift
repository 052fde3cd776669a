import EntryModel
import SQLiteStore
import Foundation
import XCTest

/// The real app in tmux on a database of hostile entries: after every key of a tour of the scenes,
/// the pane keeps its title, nothing reaches the clipboard, the frame stays in place and aligned; and
/// the terminal is restored at the end.
final class HostileTextTerminalTests: ReliabilityTestCase {
    /// tmux key presses, and the header the first row must show afterwards. Esc goes alone: Esc and
    /// the next key in one write would be read as Alt and that key.
    private static let tour: [(keys: [String], header: String, dates: Bool)] = [
        ([], "Entries", true), (["G"], "Entries", true), (["g"], "Entries", true),
        (["j", "Enter"], "Entries › Details", false), (["G"], "Entries › Details", false),
        (["m"], "Entries › Details › More details", false), (["Escape"], "Entries › Details", false),
        (["Escape"], "Entries", true),
        (["j", "Enter"], "Entries › Details", false), (["End"], "Entries › Details", false),
        (["Escape"], "Entries", true),
        (["G", "Enter"], "Entries › Details", false), (["m"], "Entries › Details › More details", false),
        (["Escape"], "Entries › Details", false), (["Escape"], "Entries", true),
        (["k", "k", "k", "Enter"], "Entries › Details", false),
        (["Escape"], "Entries", true), (["/"], "Entries", false), (["e", "n", "d"], "Entries", false),
        (["Enter"], "Entries", true),
        (["Escape"], "Entries", true), (["t"], "Entries", false), (["j", "Enter"], "Entries", true),
        (["?"], "Entries", false),
        (["Escape"], "Entries", true),
    ]

    func testTheAppShowsHostileEntriesWithoutLosingTheTerminal() throws {
        let database = path("hostile.sqlite")
        let store = try EntryDatabase(path: database)
        try store.entries.insert(
            contentsOf: HostileText.drafts(hugeBodyBytes: min(budget.hostileBodyBytes, 2_000_000)), progress: nil)
        try store.close()
        let (width, height) = (100, 30)
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "hostile", entries: entries, database: database,
            width: width, height: height, waitFor: "Plain one")
        let inspection = PaneInspection(
            tmux: tmux, session: app.name, width: width, height: height,
            originalTitle: try Self.titleBeforeTheApp(tmux, app.name))
        var counter = TrialCounter()
        for step in Self.tour {
            if !step.keys.isEmpty { try tmux.press(app.name, step.keys) }
            // The frame after the keys: wait for the header, then a little for the rest to settle. The
            // wait ends as soon as the header is there; its limit is generous because a debug build on a
            // loaded machine lays out the 2 MB body in seconds, and a slow frame is not what this checks.
            _ = try tmux.waitForScreen(app.name, timeout: 15) { ($0.first ?? "").hasPrefix(step.header) }
            Thread.sleep(forTimeInterval: 0.15)
            counter.record(
                try inspection.problems(header: step.header, checkDates: step.dates).map { "after \(step.keys): \($0)" }
            )
        }
        try tmux.press(app.name, ["q"])
        let report = try app.waitForRestoredTerminal()
        counter.record(
            report.map {
                $0.problems + ($0.exitStatus == 0 ? [] : ["exit status \(String(describing: $0.exitStatus))"])
            }
                ?? ["the app did not quit"])
        ledger.record(counter.row("hostile entries: the app in tmux (title, clipboard, layout)", nothingLost: nil))
    }

    /// The check itself: a program that writes OSC 2 and OSC 52 raw changes the title and the
    /// clipboard, and the inspection says so.
    func testTheInspectionCatchesATitleChangeAndAClipboardWrite() throws {
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        try tmux.newSession("raw", width: 80, height: 24, sessionEnvironment: ["PS1": "$ "])
        _ = try tmux.waitForScreen("raw", timeout: 5) { $0.contains { $0.hasPrefix("$") } }
        let inspection = PaneInspection(
            tmux: tmux, session: "raw", width: 80, height: 24,
            originalTitle: try Self.titleBeforeTheApp(tmux, "raw"))
        try tmux.type("raw", "printf '\\033]2;pwned\\007\\033]52;c;cHduZWQ=\\007'")
        Thread.sleep(forTimeInterval: 0.3)
        let problems = try inspection.problems(header: "", checkDates: false)
        XCTAssertTrue(problems.contains { $0.contains("title changed") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("clipboard") }, "\(problems)")
    }

    /// The pane's title as the shell left it (tmux names a pane after the host until told otherwise).
    static func titleBeforeTheApp(_ tmux: TmuxServer, _ session: String) throws -> String {
        let hostname = ProcessInfo.processInfo.hostName
        let title = try tmux.display(session, "#{pane_title}")
        return title.isEmpty ? hostname : title
    }
}

extension TmuxServer {
    /// Sends several tmux key names.
    func press(_ session: String, _ keys: [String]) throws {
        try run(["send-keys", "-t", session] + keys)
    }
}
