import AppShell
import AppShellTesting
import CalendarContext
import EntryModel
import XCTest

/// The Calendar's screen for a known month (November 2026, "today" Saturday the 21st), as literal
/// screens: the calendar shaded by entries per day, the streaks, months and tags beside it, or below
/// it on a narrow terminal as far as they fit (the most recent months first to go in), after "On
/// this day" (one line when rows are short).
final class CalendarScreenTests: XCTestCase {
    func testAWideScreenShowsTheMonthWithTheStatisticsBesideIt() throws {
        try onMainActor {
            let harness = try CalendarHarness(
                size: Size(width: 80, height: 22), entries: CalendarHarness.knownEntries, colorAllowed: false)
            assertScreen(
                harness.screen,
                equals: CalendarKnownScreens.wideMonthWithStatistics)
            // Today (the selection too) is bold and underlined; other days are plain.
            assertAttributes(harness.screen, at: Point(x: 22, y: 5), contain: [.bold, .underline])
            XCTAssertEqual(harness.screen.style(at: Point(x: 18, y: 5)).attributes, [])
        }
    }

    func testANarrowScreenShowsWhatFitsBelowTheMonth() throws {
        try onMainActor {
            let small = try CalendarHarness(
                size: Size(width: 38, height: 10), entries: CalendarHarness.knownEntries, colorAllowed: false)
            assertScreen(
                small.screen,
                equals: [
                    "        November 2026",
                    "  Mo  Tu  We  Th  Fr  Sa  Su",
                    "                           1",
                    "   2.  3:  4   5   6   7   8",
                    "   9  10  11  12  13  14  15",
                    "  16  17  18  19# 20. 21. 22",
                    "  23  24  25  26  27  28  29",
                    "  30",
                    " On this day: 2026  Nov 21 #0",
                    " Sat 21 Nov 2026 · 1 entry",
                ])
            let tall = try CalendarHarness(
                size: Size(width: 40, height: 18), entries: CalendarHarness.knownEntries, colorAllowed: false)
            assertScreen(
                tall.screen,
                equals: [
                    "        November 2026",
                    "  Mo  Tu  We  Th  Fr  Sa  Su",
                    "                           1",
                    "   2.  3:  4   5   6   7   8",
                    "   9  10  11  12  13  14  15",
                    "  16  17  18  19# 20. 21. 22",
                    "  23  24  25  26  27  28  29",
                    "  30",
                    "",
                    " On this day",
                    " 2026  Nov 21 #0",
                    "",
                    " Current streak  3 days",
                    " Longest streak  3 days, to 21 Nov 2026",
                    "",
                    "",
                    "",
                    " Sat 21 Nov 2026 · 1 entry",
                ])
        }
    }

    func testWithColourDaysAreShadedByTheirNumberOfEntries() throws {
        try onMainActor {
            let harness = try CalendarHarness(size: Size(width: 40, height: 10), entries: CalendarHarness.knownEntries)
            XCTAssertEqual(harness.screen.lines[5], "  16  17  18  19  20  21  22", "no characters: the colour shades")
            // 19th: 4
            assertStyle(
                harness.screen, at: Point(x: 14, y: 5), equals: Style(foreground: .black, background: .indexed(40)))
            assertStyle(
                harness.screen, at: Point(x: 18, y: 5),
                equals: Style(foreground: .brightWhite, background: .indexed(22)))  // 20th: 1
            assertStyle(harness.screen, at: Point(x: 10, y: 5), equals: .plain)  // 18th: none
            assertStyle(
                harness.screen, at: Point(x: 6, y: 3), equals: Style(foreground: .brightWhite, background: .indexed(28))
            )  // 3rd: 2
        }
    }

    func testAnEmptyJournalSaysSo() throws {
        try onMainActor {
            let harness = try CalendarHarness(size: Size(width: 80, height: 22), colorAllowed: false)
            XCTAssertEqual(harness.screen.lines[0], "        November 2026            Current streak  0 days")
            XCTAssertEqual(harness.screen.lines[1], "  Mo  Tu  We  Th  Fr  Sa  Su     Longest streak  0 days")
            XCTAssertEqual(
                harness.screen.lines[15],
                "                                 Nov 26                                     0")
            XCTAssertEqual(harness.screen.lines[18], "                                 no tags yet")
            XCTAssertEqual(harness.screen.lines[21], " Sat 21 Nov 2026 · no entries")
        }
    }

    /// A streak of years is said shorter where the panel is narrow (without the weekday, without its
    /// end, with a one-word label), never cut: at every width, beside the month and below it.
    func testLongStreaksAreSaidShorterNeverCut() throws {
        try onMainActor {
            let today = CivilDay(CalendarHarness.now, in: CalendarHarness.utc)
            let daily = (0..<4_400).map { offset in
                EntryDraft(
                    title: "Day \(offset)",
                    createdAt: today.advanced(by: Int64(-offset)).start(in: CalendarHarness.utc).addingTimeInterval(
                        3_600))
            }
            let now = CalendarHarness.now
            let repository = InMemoryEntryRepository(entries: daily, clock: { now })
            for width in 30...100 {
                let harness = try CalendarHarness(
                    size: Size(width: width, height: 24), colorAllowed: false, repository: repository)
                let streaks = harness.screen.lines.filter { $0.contains("Current") || $0.contains("Longest") }
                XCTAssertEqual(streaks.count, 2, "width \(width): \(harness.screen.lines)")
                for line in streaks {
                    XCTAssertFalse(line.contains("…"), "width \(width): \(line)")
                    XCTAssertTrue(line.contains("4400 days"), "width \(width): \(line)")
                }
            }
            // With 41 columns beside the month, the longest streak keeps its end.
            let harness = try CalendarHarness(
                size: Size(width: 76, height: 24), colorAllowed: false, repository: repository)
            XCTAssertEqual(
                harness.screen.lines[1], "  Mo  Tu  We  Th  Fr  Sa  Su     Longest streak  4400 days, to 21 Nov 2026")
        }
    }

    /// The bars of entries per month end with this month while the month shown is among them, and
    /// with the month shown when it is older; the month shown is bold.
    func testTheMonthsFollowTheMonthShown() throws {
        try onMainActor {
            let march2024 = CivilDay(year: 2024, month: 3, day: 15).start(in: CalendarHarness.utc).addingTimeInterval(
                36_000)
            let entries =
                CalendarHarness.knownEntries + (0..<3).map { EntryDraft(title: "March \($0)", createdAt: march2024) }
            let harness = try CalendarHarness(size: Size(width: 80, height: 22), entries: entries, colorAllowed: false)
            XCTAssertEqual(
                harness.screen.lines[4], "   9  10  11  12  13  14  15     Dec 25                                     0"
            )
            try harness.press("[", "[")
            XCTAssertEqual(harness.screen.lines[0].trimmingCharacters(in: .whitespaces).prefix(14), "September 2026")
            XCTAssertTrue(
                harness.screen.lines.contains { $0.hasSuffix("Nov 26 ███████████████████████████████████ 9") },
                "a month of the last twelve keeps them: \(harness.screen.lines)")
            try harness.press("{", "{")
            XCTAssertEqual(harness.screen.lines[0].trimmingCharacters(in: .whitespaces).prefix(14), "September 2024")
            let bars = harness.screen.lines.compactMap { line -> String? in
                guard let range = line.range(of: #"[A-Z][a-z][a-z] [0-9][0-9] "#, options: .regularExpression),
                    line.distance(from: line.startIndex, to: range.lowerBound) == 33
                else { return nil }
                return String(line[range]).trimmingCharacters(in: .whitespaces) + " "
                    + (line.split(separator: " ").last.map(String.init) ?? "")
            }
            XCTAssertEqual(
                bars,
                [
                    "Oct 23 0", "Nov 23 0", "Dec 23 0", "Jan 24 0", "Feb 24 0", "Mar 24 3", "Apr 24 0",
                    "May 24 0", "Jun 24 0", "Jul 24 0", "Aug 24 0", "Sep 24 0",
                ])
            let shownRow = try XCTUnwrap(harness.screen.lines.firstIndex { $0.contains("Sep 24 ") })
            assertAttributes(harness.screen, at: Point(x: 33, y: shownRow), contain: [.bold])
            XCTAssertFalse(
                harness.screen.style(at: Point(x: 33, y: shownRow - 1)).attributes.contains(.bold),
                "other months are not bold")
            try harness.press("t")
            XCTAssertEqual(
                harness.screen.lines[4], "   9  10  11  12  13  14  15     Dec 25                                     0"
            )
        }
    }

    func testWeeksStartOnTheConfiguredDay() throws {
        try onMainActor {
            var preferences = Preferences.defaults
            preferences.firstWeekday = .sunday
            let harness = try CalendarHarness(
                size: Size(width: 32, height: 10), entries: CalendarHarness.knownEntries, preferences: preferences,
                colorAllowed: false)
            assertScreen(
                harness.screen,
                equals: [
                    "        November 2026",
                    "  Su  Mo  Tu  We  Th  Fr  Sa",
                    "   1   2.  3:  4   5   6   7",
                    "   8   9  10  11  12  13  14",
                    "  15  16  17  18  19# 20. 21.",
                    "  22  23  24  25  26  27  28",
                    "  29  30",
                    " On this day: 2026  Nov 21 #0",
                    " streak 3 · longest 3",
                    " Sat 21 Nov 2026 · 1 entry",
                ])
        }
    }
}

/// Every size, down to one cell, draws without trapping and keeps to its area.
final class CalendarSizeTests: XCTestCase {
    func testEverySizeFromOneByOneRenders() throws {
        try onMainActor {
            for width in stride(from: 1, through: 90, by: 7) {
                for height in [1, 2, 3, 5, 8, 9, 10, 13, 24] {
                    let harness = try CalendarHarness(
                        size: Size(width: width, height: height), entries: CalendarHarness.knownEntries)
                    try harness.press("left", "}", "enter")
                    XCTAssertEqual(harness.screen.lines.count, height, "\(width)×\(height)")
                    XCTAssertTrue(harness.screen.lines.allSatisfy { $0.count <= width }, "\(width)×\(height)")
                }
            }
        }
    }
}
