import AppShell
import AppShellTesting
import CalendarContext
import EntryModel
import EntryUI
import XCTest

/// The Calendar's first frame waits only for the month's counts: the statistics, the bars and "On
/// this day" are read through the loader (off the main thread in the app) and fill in when they
/// arrive. Until then their place says they are being read, never a number or an empty list; an
/// answer for a day the user has left is dropped. `ManualLoader` holds the reads until the test runs them.
final class CalendarBackgroundReadTests: XCTestCase {
    func testTheFirstFrameHasTheMonthAndSaysTheRestIsBeingRead() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 22), entries: CalendarHarness.knownEntries, colorAllowed: false,
                loader: loader)
            // The statistics and "On this day" are asked for (in one read), not read; the month and its
            // footer are there.
            XCTAssertEqual(loader.pendingCount, 1)
            assertScreen(
                harness.screen,
                equals: [
                    "        November 2026            Reading the statistics…",
                    "  Mo  Tu  We  Th  Fr  Sa  Su",
                    "                           1",
                    "   2.  3:  4   5   6   7   8",
                    "   9  10  11  12  13  14  15",
                    "  16  17  18  19# 20. 21. 22",
                    "  23  24  25  26  27  28  29",
                    "  30",
                    "",
                    " On this day: reading…",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    " Sat 21 Nov 2026 · 1 entry",
                ])
            loader.runAll()
            _ = harness.screen.render()
            assertScreen(harness.screen, equals: CalendarKnownScreens.wideMonthWithStatistics)
        }
    }

    func testANarrowScreenSaysTheStatisticsAreBeingReadBelowTheMonth() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try CalendarHarness(
                size: Size(width: 40, height: 14), entries: CalendarHarness.knownEntries, colorAllowed: false,
                loader: loader)
            let lines = harness.screen.lines
            XCTAssertEqual(lines[9], " On this day: reading…")
            XCTAssertEqual(lines[11], " Reading the statistics…")
            XCTAssertFalse(lines.joined().contains("streak"), "no streak before it is read")
            loader.runAll()
            _ = harness.screen.render()
            XCTAssertEqual(harness.screen.lines[10], " 2026  Nov 21 #0")
            XCTAssertEqual(harness.screen.lines[12], " streak 3 · longest 3")
        }
    }

    func testAnAnswerForADayTheUserHasLeftIsDropped() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 22), entries: CalendarHarness.knownEntries, colorAllowed: false,
                loader: loader)
            try harness.press("left")
            // The statistics with "On this day" for the 21st, then "On this day" for the 20th.
            XCTAssertEqual(loader.pendingCount, 2)
            XCTAssertEqual(harness.screen.lines[9], " On this day: reading…")
            // Tab and `o` act on nothing while the day's entries are read.
            try harness.press("tab", "o")
            XCTAssertEqual(harness.flow.shownEntries, [])
            loader.run(at: 1)
            _ = harness.screen.render()
            XCTAssertTrue(harness.screen.lines[0].hasSuffix("Reading the statistics…"), harness.screen.lines[0])
            XCTAssertEqual(harness.screen.lines[9], " On this day")
            XCTAssertEqual(harness.screen.lines[10], " 2026  Nov 20 #0")
            // The statistics arrive last, with the 21st's entries, which are not shown any more.
            loader.run(at: 0)
            _ = harness.screen.render()
            XCTAssertTrue(harness.screen.lines[0].hasSuffix("Current streak  3 days"), harness.screen.lines[0])
            XCTAssertTrue(harness.screen.lines[10].hasPrefix(" 2026  Nov 20 #0  "), harness.screen.lines[10])
            XCTAssertFalse(harness.screen.lines.joined().contains("Nov 21 #0"), "the 21st's answer came late")
            try harness.press("o")
            XCTAssertEqual(harness.flow.shownEntries.map(\.title), ["Nov 20 #0"])
        }
    }

    func testTheBarsOfAnotherYearSayTheyAreBeingRead() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 22), entries: CalendarHarness.knownEntries, colorAllowed: false,
                loader: loader)
            loader.runAll()
            try harness.press("{")
            // "On this day" for 21 Nov 2025 and the twelve months ending with November 2025.
            XCTAssertEqual(loader.pendingCount, 2)
            let reading = harness.screen.lines
            let heading = try XCTUnwrap(reading.firstIndex { $0.hasSuffix("Entries per month") })
            XCTAssertTrue(reading[heading + 1].hasSuffix("     reading…"), reading[heading + 1])
            XCTAssertFalse(reading.joined().contains("Nov 26"), "this year's bars are not shown for last year")
            XCTAssertTrue(reading.joined().contains("Current streak  3 days"), "the statistics stay")
            loader.runAll()
            _ = harness.screen.render()
            let filled = harness.screen.lines.joined(separator: "\n")
            XCTAssertTrue(filled.contains("Nov 25 "), filled)
            XCTAssertFalse(filled.contains("reading"), filled)
        }
    }
}
