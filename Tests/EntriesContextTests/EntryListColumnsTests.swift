import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The list's columns: the tags column is as wide as the widest tags on screen, up to two fifths of
/// the room beside the date, and the title takes the rest; the tags column never narrows again.
final class EntryListColumnsTests: XCTestCase {
    private static let entries = [
        Samples.draft("A list of a million rows", day: 3, tags: ["architecture", "terminal", "performance"]),
        Samples.draft("Storyboards: the flow as data", day: 2, tags: ["architecture", "storyboards"]),
        Samples.draft("Dates to the millisecond", day: 1, tags: ["storage"]),
    ]

    func testAt120ColumnsLongTagsAreWholeAndTheTitleTakesTheRest() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 120, height: 6))
            // 120 - 11 (date) - 2×2 (spacing) - 35 (tags) = 70 for the title.
            XCTAssertEqual(
                harness.contentLines[0],
                "A list of a million rows" + String(repeating: " ", count: 48)
                    + "4 Jan 2026   architecture, terminal, performance")
            XCTAssertEqual(
                harness.contentLines[1],
                "Storyboards: the flow as data" + String(repeating: " ", count: 43)
                    + "3 Jan 2026   architecture, storyboards")
        }
    }

    func testTagsWiderThanTheirShareAreCut() throws {
        try onMainActor {
            // 70 - 11 - 4 = 55 beside the date: the tags get 22 columns, the title 33.
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 70, height: 6))
            XCTAssertEqual(
                harness.contentLines[0], "A list of a million rows           4 Jan 2026   architecture, termina…")
            XCTAssertEqual(harness.contentLines[2], "Dates to the millisecond           2 Jan 2026   storage")
        }
    }

    func testTheTagsColumnWidensForWiderRowsAndDoesNotNarrowWhenScrolling() throws {
        try onMainActor {
            var entries = [Samples.draft("Wide", day: 0, tags: ["a-rather-long-tag", "another"])]
            entries += (1...6).map { Samples.draft("Entry \($0)", day: $0, tags: ["x"]) }
            // Newest first: "Wide" (day 0) is last, off screen at first.
            let harness = try EntriesHarness(entries: entries, size: Size(width: 80, height: 6))
            XCTAssertEqual(harness.contentLines[0], "Entry 6" + String(repeating: " ", count: 59) + "7 Jan 2026   x")
            try harness.press("G")
            XCTAssertEqual(
                harness.contentLines[2],
                "Wide" + String(repeating: " ", count: 37) + "1 Jan 2026   a-rather-long-tag, another")
            try harness.press("g")
            XCTAssertEqual(
                harness.contentLines[0], "Entry 6" + String(repeating: " ", count: 34) + "7 Jan 2026   x",
                "the column stays as wide")
        }
    }
}
