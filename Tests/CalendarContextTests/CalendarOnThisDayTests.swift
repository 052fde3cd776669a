import AppShell
import AppShellTesting
import CalendarContext
import EntryModel
import XCTest

/// "On this day" in the calendar: under the month, the entries written on the selected day's month
/// and day in its year and every year before, newest first; Tab moves through them and `o` opens the
/// one it is on in the list (through the flow).
final class CalendarOnThisDayTests: XCTestCase {
    private static func entries() -> [EntryDraft] {
        func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
            CivilDay(year: year, month: month, day: day).start(in: TimeZone(secondsFromGMT: 0) ?? .current)
                .addingTimeInterval(10 * 3_600)
        }
        return [
            EntryDraft(title: "Snow at last", createdAt: date(2024, 11, 21)),
            EntryDraft(title: "Moved house", createdAt: date(2025, 11, 21)),
            EntryDraft(title: "Today's entry", createdAt: date(2026, 11, 21)),
            EntryDraft(title: "Not this day", createdAt: date(2025, 11, 20)),
            EntryDraft(title: "Later day, earlier year", createdAt: date(2025, 11, 22)),
        ]
    }

    func testTheEntriesOfThisDayInEveryYearShowUnderTheMonth() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 24), entries: Self.entries(), colorAllowed: false)
            let lines = harness.screen.lines
            XCTAssertEqual(String(lines[9].prefix(32)), " On this day                    ")
            XCTAssertEqual(String(lines[10].prefix(32)), " 2026  Today's entry            ")
            XCTAssertEqual(String(lines[11].prefix(32)), " 2025  Moved house              ")
            XCTAssertEqual(String(lines[12].prefix(32)), " 2024  Snow at last             ")
            XCTAssertEqual(String(lines[13].prefix(32)), String(repeating: " ", count: 32))
            // The next day: only the entry of 2025 written on a 22 November.
            try harness.press("right")
            XCTAssertEqual(String(harness.screen.lines[10].prefix(32)), " 2025  Later day, earlier ye…   ")
            XCTAssertEqual(String(harness.screen.lines[11].prefix(32)), String(repeating: " ", count: 32))
            // A day no year has an entry on shows no heading at all.
            try harness.press("right")
            XCTAssertFalse(
                harness.screen.lines.contains { $0.contains("On this day") },
                harness.screen.lines.joined(separator: "\n"))
        }
    }

    func testTabMovesThroughThemAndOOpensTheOneItIsOnInItsDaysList() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 24), entries: Self.entries(), colorAllowed: false)
            let plain = harness.screen.style(at: Point(x: 3, y: 11))
            try harness.press("tab", "tab")
            XCTAssertNotEqual(harness.screen.style(at: Point(x: 3, y: 11)), plain, "the second one is highlighted")
            XCTAssertEqual(harness.screen.style(at: Point(x: 3, y: 10)), plain)
            try harness.press("tab", "tab")
            XCTAssertNotEqual(harness.screen.style(at: Point(x: 3, y: 10)), plain, "Tab wraps around to the newest")
            XCTAssertEqual(harness.screen.style(at: Point(x: 3, y: 11)), plain)
            try harness.press("shift-tab", "o")
            XCTAssertEqual(harness.flow.shownEntries.map(\.title), ["Snow at last"])
            XCTAssertEqual(harness.flow.shownEntryDays, [CivilDay(year: 2024, month: 11, day: 21)])
            XCTAssertEqual(harness.flow.hideCount, 1, "the Calendar goes away")
        }
    }

    /// A 40×12 terminal leaves the Calendar ten rows: the month's six weeks, one blank row and the
    /// footer. "On this day" takes the blank row as one line, the highlighted entry (or the newest)
    /// with its place among them, so that Tab and `o` show what they act on.
    func testASmallScreenShowsOnThisDayOnOneLine() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 10), entries: Self.entries(), colorAllowed: false)
            XCTAssertEqual(harness.screen.lines[7], "  30")
            XCTAssertEqual(harness.screen.lines[8], " On this day 1/3: 2026  Today's entry")
            XCTAssertEqual(harness.screen.lines[9], " Sat 21 Nov 2026 · 1 entry")
            let plain = harness.screen.style(at: Point(x: 3, y: 7))
            try harness.press("tab", "tab")
            XCTAssertEqual(harness.screen.lines[8], " On this day 2/3: 2025  Moved house")
            XCTAssertNotEqual(harness.screen.style(at: Point(x: 3, y: 8)), plain, "highlighted")
            try harness.press("o")
            XCTAssertEqual(harness.flow.shownEntries.map(\.title), ["Moved house"])
        }
    }

    /// A calendar of exactly a six-week month's rows (what a 40×12 terminal leaves it): no row under
    /// the month, so "On this day" takes the weekday names' row; the month's name and every week stay.
    /// A day with nothing on this day keeps the weekday names.
    func testACalendarOfOnlyTheMonthsRowsShowsOnThisDayInTheWeekdayNamesRow() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 8), entries: Self.entries(), colorAllowed: false)
            let lines = harness.screen.lines
            XCTAssertEqual(
                lines[0].trimmingCharacters(in: .whitespaces), "November 2026", lines.joined(separator: "\n"))
            XCTAssertEqual(lines[1], " On this day 1/3: 2026  Today's entry")
            XCTAssertEqual(lines[7], "  30")
            try harness.press("tab", "tab")
            XCTAssertEqual(harness.screen.lines[1], " On this day 2/3: 2025  Moved house")
            try harness.press("o")
            XCTAssertEqual(harness.flow.shownEntries.map(\.title), ["Moved house"])
        }
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 8), entries: Self.entries(), colorAllowed: false)
            try harness.press("left", "left")
            XCTAssertFalse(
                harness.screen.lines[1].contains("On this day"), harness.screen.lines.joined(separator: "\n"))
            XCTAssertTrue(harness.screen.lines[1].contains("Mo"), harness.screen.lines.joined(separator: "\n"))
        }
    }

    /// A narrow screen with more rows: "On this day" comes first under the month, the statistics
    /// after it in the rows left.
    func testANarrowScreenShowsOnThisDayBeforeTheStatistics() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 18), entries: Self.entries(), colorAllowed: false)
            let lines = harness.screen.lines
            XCTAssertEqual(lines[8], "")
            XCTAssertEqual(lines[9], " On this day")
            XCTAssertEqual(lines[10], " 2026  Today's entry")
            XCTAssertEqual(lines[11], " 2025  Moved house")
            XCTAssertEqual(lines[12], " 2024  Snow at last")
            XCTAssertEqual(lines[13], "")
            XCTAssertTrue(lines[14].hasPrefix(" Current streak"), lines.joined(separator: "\n"))
            XCTAssertEqual(lines[17], " Sat 21 Nov 2026 · 1 entry")
        }
    }

    func testWithNothingOnThisDayTheKeysDoNothing() throws {
        try onMainActor {
            let harness = try CalendarHarness(size: Size(width: 80, height: 24), entries: [], colorAllowed: false)
            try harness.press("tab", "o")
            XCTAssertEqual(harness.flow.shownEntries, [])
            XCTAssertEqual(harness.flow.errors, [])
        }
    }
}
