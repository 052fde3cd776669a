import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `p` shows the selected entry rendered beside the list on wide terminals; moving the selection
/// follows; narrow terminals keep the list alone.
final class EntryPreviewPaneTests: XCTestCase {
    func testPShowsTheSelectionBesideTheListAndFollowsIt() throws {
        try onMainActor {
            let entries = [
                Samples.draft("First", day: 2, body: "**Bold** start\n\n- item"),
                Samples.draft("Second", day: 1, body: "# Two"),
            ]
            let harness = try EntriesHarness(entries: entries, size: Size(width: 100, height: 8))
            try harness.press("p")
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "First                            3 Jan 2026  │ First",
                    "Second                           2 Jan 2026  │",
                    "                                             │ Bold start",
                    "                                             │",
                    "                                             │ • item",
                    "1 of 2",
                    "enter open  m more  / search  t tag filter  a add  e edit  d delete  c calendar  p preview    ? help",
                ])
            try harness.press("j")
            XCTAssertTrue(harness.screen.lines[1].hasSuffix("│ Second"), harness.screen.lines[1])
            XCTAssertTrue(harness.screen.lines[3].hasSuffix("│ Two"), harness.screen.lines[3])
            try harness.press("p")
            XCTAssertFalse(harness.screen.lines[1].contains("│"), "p hides it again")
        }
    }

    func testANarrowTerminalShowsTheListAlone() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: [Samples.draft("First", day: 2, body: "text")], size: Size(width: 60, height: 6))
            try harness.press("p")
            XCTAssertFalse(harness.screen.lines.joined().contains("│"), harness.screen.lines.joined(separator: "\n"))
        }
    }

    /// Where the app turns it on at start (`preview: true`, its default), a terminal narrower than
    /// the width but tall enough shows it below the list; `p` still hides it. The body is read once
    /// per selection, not per frame.
    func testOnAtStartBelowTheListOnATallNarrowTerminal() throws {
        try onMainActor {
            let entries = [
                Samples.draft("First", day: 2, body: "*Soft* text"), Samples.draft("Second", day: 1, body: "Two"),
            ]
            let layout = EntryPreviewLayout(shownAtStart: true, minimumWidth: 100, minimumHeight: 8)
            let harness = try EntriesHarness(entries: entries, size: Size(width: 40, height: 12), preview: layout)
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "First                        3 Jan 2026",
                    "Second                       2 Jan 2026",
                    "",
                    "",
                    "",
                    "────────────────────────────────────────",
                    "First",
                    "",
                    "Soft text",
                    "1 of 2",
                    "enter open  m more  / search      ? help",
                ])
            try harness.press("j")
            try harness.press("j")
            XCTAssertEqual(harness.screen.lines[7], "Second")
            XCTAssertEqual(harness.screen.lines[9], "Two")
            try harness.press("p")
            XCTAssertFalse(harness.screen.lines.joined().contains("───"), harness.screen.lines.joined(separator: "\n"))
        }
    }
}
