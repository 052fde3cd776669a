import AppShell
import AppShellTesting
import EntryModel
import JournalContext
import XCTest

/// The Journal's keys, as Journal.storyboard binds them: by day, week, month and year, today, and
/// Enter handing the day to the flow; Esc closes.
final class JournalCalendarKeyTests: XCTestCase {

    func testKeysMoveByDayWeekMonthAndYearAndBackToToday() throws {
        try onMainActor {
            let harness = try JournalHarness(
                size: Size(width: 40, height: 10), entries: JournalHarness.knownEntries, colorAllowed: false)
            try harness.press("left")
            XCTAssertEqual(harness.footer, " Fri 20 Nov 2026 · 1 entry")
            try harness.press("k")
            XCTAssertEqual(harness.footer, " Fri 13 Nov 2026 · no entries")
            try harness.press("j", "h")
            XCTAssertEqual(harness.footer, " Thu 19 Nov 2026 · 4 entries")
            try harness.press("[")
            XCTAssertEqual(harness.screen.lines[0], "         October 2026")
            XCTAssertEqual(harness.footer, " Mon 19 Oct 2026 · no entries")
            try harness.press("}")
            XCTAssertEqual(harness.screen.lines[0], "         October 2027")
            try harness.press("t")
            XCTAssertEqual(harness.screen.lines[0], "        November 2026")
            XCTAssertEqual(harness.footer, " Sat 21 Nov 2026 · 1 entry")
            // Moving past the month's end shows the next month.
            try harness.press("down", "down")
            XCTAssertEqual(harness.screen.lines[0], "        December 2026")
            XCTAssertEqual(harness.footer, " Sat 5 Dec 2026 · no entries")
        }
    }

    func testEnterHandsTheSelectedDayToTheFlowAndEscClosesTheJournal() throws {
        try onMainActor {
            let harness = try JournalHarness(
                size: Size(width: 60, height: 20), entries: JournalHarness.knownEntries, colorAllowed: false,
                presentInWindow: true)
            XCTAssertEqual(harness.screen.lines[0], "Entries › Journal")
            try harness.press("left", "left", "enter")
            XCTAssertEqual(harness.flow.shownDays, [CivilDay(year: 2026, month: 11, day: 19)])
            XCTAssertNil(harness.window.presentedScene)
            // Opened again, the Journal is on the day picked last.
            let scene = harness.controller.makeScene()
            harness.window.present(scene)
            harness.flow.presented = scene
            _ = harness.screen.render()
            XCTAssertTrue(
                harness.screen.lines.contains { $0.contains("Thu 19 Nov 2026 · 4 entries") },
                harness.screen.lines.joined(separator: "\n"))
            try harness.press("esc")
            XCTAssertEqual(harness.flow.hideCount, 2)
            XCTAssertNil(harness.window.presentedScene)
        }
    }

    func testTheJournalStoryboardIsValid() throws {
        onMainActor {
            let report = StoryboardLinter(registries: ["Journal": JournalController.storyboardRegistry()])
                .lint([JournalController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount + report.warningCount, 0, report.lines.joined(separator: "\n"))
        }
    }
}
