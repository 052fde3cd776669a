import AppShell
import AppShellTesting
import CalendarContext
import EntryModel
import XCTest

/// The Calendar's keys, as Calendar.storyboard binds them: by day, week, month and year, today, and
/// Enter handing the day to the flow; Esc closes.
final class CalendarKeyTests: XCTestCase {

    func testKeysMoveByDayWeekMonthAndYearAndBackToToday() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 10), entries: CalendarHarness.knownEntries, colorAllowed: false)
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

    func testEnterHandsTheSelectedDayToTheFlowAndEscClosesTheCalendar() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 60, height: 20), entries: CalendarHarness.knownEntries, colorAllowed: false,
                presentInWindow: true)
            XCTAssertEqual(harness.screen.lines[0], "Entries › Calendar")
            try harness.press("left", "left", "enter")
            XCTAssertEqual(harness.flow.shownDays, [CivilDay(year: 2026, month: 11, day: 19)])
            XCTAssertNil(harness.window.presentedScene)
            // Opened again, the Calendar is on the day picked last.
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

    func testTheCalendarStoryboardIsValid() throws {
        onMainActor {
            let report = StoryboardLinter(registries: ["Calendar": CalendarController.storyboardRegistry()])
                .lint([CalendarController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount + report.warningCount, 0, report.lines.joined(separator: "\n"))
        }
    }
}
