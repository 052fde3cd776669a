import AppShell
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// A storyboard whose titles and key help carry escape sequences (an edited copy given with
/// `--storyboards`): headless, every frame the renderer writes passes the terminal-output audit; in
/// tmux, the real app keeps the pane's title and clipboard and its frame in place.
final class HostileStoryboardTests: ReliabilityTestCase {
    /// The shipped storyboard with hostile titles and help (YAML escapes: \e is ESC, \a is BEL).
    static func hostileStoryboard() throws -> String {
        var text = try ShippedStoryboard.entriesText()
        let edits = [
            ("    title: Entries\n", "    title: \"\\e]2;sb-title\\a Ent\\u202Eries \\e[2J\\x9b31m\\r\"\n"),
            ("    title: Details\n", "    title: \"\\e]52;c;cHduZWQ=\\a Details \\eP+q\\e\\\\\"\n"),
            ("help: open}", "help: \"\\e]8;;https://evil.example\\e\\\\open\\e[5A\\b\\b\"}"),
            ("help: more}", "help: \"\\e[?1049l more \\u0085\"}"),
        ]
        for (original, hostile) in edits {
            guard text.contains(original) else {
                throw SuiteSetupError("the shipped storyboard no longer has \(original.debugDescription)")
            }
            text = text.replacingOccurrences(of: original, with: hostile)
        }
        return text
    }

    func testHostileTitlesAndHelpAreDrawnSafely() throws {
        let source = StoryboardSource.text(try Self.hostileStoryboard(), fileName: "Entries.storyboard")
        let repository = InMemoryEntryRepository(entries: [
            EntryDraft(title: "First", body: "Body", tags: ["a"], createdAt: HostileText.day(10)),
            EntryDraft(title: "Second", body: "More", tags: [], createdAt: HostileText.day(11)),
        ])
        var counter = TrialCounter()
        try onMainActor {
            for size in [Size(width: 80, height: 24), Size(width: 30, height: 8), Size(width: 2, height: 2)] {
                let app = try HeadlessEntriesApp(repository: repository, size: size, storyboard: source)
                var renderer = Renderer(colorSupport: .indexed256)
                var audit = TerminalOutputAudit(width: size.width, height: size.height)
                for step in [[], ["?"], ["esc"], ["enter"], ["?"], ["esc"], ["m"], ["?"], ["esc", "esc", "esc"]] {
                    try app.press(step)
                    let frame = app.screen.render()
                    audit.apply(renderer.frame(frame))
                    var problems = audit.violations.map { "\(size.width)×\(size.height) after \(step): \($0)" }
                    if audit.lines != frame.lines {
                        problems.append("\(size.width)×\(size.height) after \(step): the bytes do not draw the frame")
                    }
                    counter.record(problems)
                    audit.forgetViolations()
                }
            }
        }
        ledger.record(counter.row("hostile storyboard: frames (headless + renderer)", nothingLost: nil))
    }

    func testTheAppWithAHostileStoryboardKeepsTheTerminal() throws {
        let folder = directory.appendingPathComponent("storyboards")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try Self.hostileStoryboard().utf8).write(to: folder.appendingPathComponent("Entries.storyboard"))
        let database = path("storyboard.sqlite")
        try succeed(database, ["add", "--title", "Only entry"])
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "sb", entries: entries, database: database,
            extraArguments: ["--storyboards", folder.path], waitFor: "Only entry")
        let inspection = PaneInspection(
            tmux: tmux, session: app.name, width: 80, height: 24,
            originalTitle: try HostileTextTerminalTests.titleBeforeTheApp(tmux, app.name))
        var counter = TrialCounter()
        // The titles are shown as notation: the header starts with the escape written as ^[ (and, in
        // the details, with the start of the long title path cut to "…").
        let list = "^[]2;sb-title^G Ent<U+202E>ries ^[[2J<U+009B>31m^M"
        for (keys, header) in [
            ([String](), list), (["?"], list), (["Escape"], list),
            (["Enter"], "…"), (["?"], "…"), (["Escape"], "…"), (["Escape"], list),
        ] {
            if !keys.isEmpty { try tmux.press(app.name, keys) }
            Thread.sleep(forTimeInterval: 0.2)
            counter.record(try inspection.problems(header: header, checkDates: false).map { "after \(keys): \($0)" })
        }
        try tmux.press(app.name, ["q"])
        let report = try app.waitForRestoredTerminal()
        counter.record(
            report.map {
                $0.problems + ($0.exitStatus == 0 ? [] : ["exit status \(String(describing: $0.exitStatus))"])
            }
                ?? ["the app did not quit"])
        ledger.record(counter.row("hostile storyboard: the app in tmux", nothingLost: nil))
    }
}
