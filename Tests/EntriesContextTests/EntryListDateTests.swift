import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The list's date keys: `D` filters to a date phrase (named in the header, Esc clears it), `J` goes
/// to the entry nearest a date; a phrase that does not read says what it may have meant.
final class EntryListDateTests: XCTestCase {
    // The tests' clock is Wednesday 1 April 2026, UTC.
    static let entries = [
        Samples.draft("January walk", day: 5),
        Samples.draft("February talk", day: 40, tags: ["work"]),
        Samples.draft("March plan", day: 70, tags: ["work"]),
        Samples.draft("Yesterday note", day: 89, body: "a plan for the garden"),
    ]

    func testADatePhraseFiltersTheListUntilEsc() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 60, height: 10))
            try harness.press("D")
            XCTAssertEqual(harness.contentLines.last, "on: a date: yesterday, last week, 2024-06")
            harness.type("2026-02")
            try harness.press("enter")
            XCTAssertTrue(harness.lines[0].contains("Entries · “2026-02”"), harness.lines[0])
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["February talk"])
            XCTAssertEqual(harness.contentLines.last, "dated “2026-02” · 1 of 1")
            // A search within the dates finds only what they hold.
            try harness.press("D", "ctrl-u")  // the prompt starts on the phrase in force
            harness.type("last month")
            try harness.press("enter")
            XCTAssertEqual(
                EntryListOrderTests.titles(harness), ["Yesterday note", "March plan"], "March, seen from 1 April")
            try harness.press("D", "ctrl-u")
            harness.type("2026-03-12")
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["March plan"])
            try harness.press("/")
            harness.type("plan")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["March plan"], "not yesterday's plan")
            try harness.press("esc", "esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4)
            XCTAssertFalse(harness.lines[0].contains("·"), harness.lines[0])
        }
    }

    func testAPhraseThatDoesNotReadSaysWhatItMayMean() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries)
            try harness.press("D")
            harness.type("las friday")
            try harness.press("enter")
            XCTAssertEqual(
                harness.flow.errors.last, #"cannot read "las friday" as a date; did you mean "last friday"?"#)
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4, "the list as it was")
            try harness.press("D")
            harness.type("2026")
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4, "Esc in the prompt filters nothing")
        }
    }

    func testGoToADateSelectsTheNearestEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries)
            try harness.press("J")
            harness.type("2026-03-01")
            try harness.press("enter")
            // 1 March: 11 days before "March plan" (12 March), 19 after "February talk" (10 February).
            XCTAssertEqual(harness.contentLines.last, "2 of 4")
            try harness.press("J")
            harness.type("1999")
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.last, "4 of 4", "before every entry: the oldest")
        }
    }

    func testGoToAMonthGoesIntoIt() throws {
        try onMainActor {
            // Six minutes before March, and in the middle of it: `J 2026-03` goes into March.
            let lateFebruary = EntryDraft(
                title: "Late February", createdAt: Samples.date(day: 59).addingTimeInterval(-360),
                updatedAt: Samples.date(day: 59).addingTimeInterval(-360))
            let harness = try EntriesHarness(entries: [
                lateFebruary, Samples.draft("Mid March", day: 75), Samples.draft("April", day: 91),
            ])
            try harness.press("J")
            harness.type("2026-03")
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.last, "2 of 3", "Mid March, not the entry nearest 1 March")
            try harness.press("J")
            harness.type("2026-02-20")
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.last, "3 of 3", "no entry that day: the nearest")
        }
    }

    func testADateFilterStartsAtTheFirstRow() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries)
            try harness.press("G")  // the oldest, row 4: outside March
            XCTAssertEqual(harness.contentLines.last, "4 of 4")
            try harness.press("D")
            harness.type("2026-03")
            try harness.press("enter")
            XCTAssertEqual(
                harness.contentLines.last, "dated “2026-03” · 1 of 2", "the first row, not the old row number")
        }
    }
}
