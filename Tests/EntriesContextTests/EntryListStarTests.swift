import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `*` stars the selected entry (in the list and in details) through an ordinary update, the row shows
/// `* ` before the title, and `f` shows starred entries only (again, or Esc, shows all).
final class EntryListStarTests: XCTestCase {
    func testStarInTheListIsAnUpdateAndShowsInTheRow() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 8))
            let before = try XCTUnwrap(harness.repository.entry(id: 2))  // apple pie, the newest
            try harness.press("*")
            let after = try XCTUnwrap(harness.repository.entry(id: 2))
            XCTAssertTrue(after.starred)
            XCTAssertGreaterThan(after.updatedAt, before.updatedAt, "an ordinary update moves updatedAt")
            XCTAssertEqual(harness.flow.messages.last, "Starred “apple pie”")
            XCTAssertEqual(
                harness.contentLines.first?.hasPrefix("* apple pie"), true, harness.contentLines.joined(separator: "\n")
            )
            try harness.press("*")
            XCTAssertEqual(try harness.repository.entry(id: 2)?.starred, false)
            XCTAssertEqual(harness.contentLines.first?.hasPrefix("apple pie"), true)
        }
    }

    func testAStarOnAnEntryChangedMeanwhileIsRefusedAndSaysSo() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            // Someone else edits apple pie after the list read it.
            var other = try XCTUnwrap(harness.repository.entry(id: 2))
            other.title = "apple pie (edited)"
            _ = try harness.repository.update(other)
            try harness.press("*")
            XCTAssertEqual(try harness.repository.entry(id: 2)?.starred, false, "nothing written over the other edit")
            XCTAssertTrue(harness.flow.errors.contains { "\($0)".contains("changed") }, "\(harness.flow.errors)")
        }
    }

    func testStarInDetailsShowsInTheHeader() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 8))
            try harness.press("enter", "*")
            XCTAssertEqual(try harness.repository.entry(id: 2)?.starred, true)
            assertScreenContains(harness.screen, "* Starred · Tags: food, sweet")
            try harness.press("esc")
            XCTAssertEqual(harness.contentLines.first?.hasPrefix("* apple pie"), true)
        }
    }

    func testFShowsStarredEntriesOnlyAndAgainOrEscShowsAll() throws {
        try onMainActor {
            var drafts = Samples.threeEntries
            drafts[2].starred = true  // Carrot notes
            let harness = try EntriesHarness(entries: drafts, size: Size(width: 60, height: 8))
            try harness.press("f")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["* Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "starred · 1 of 1")
            try harness.press("f")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            try harness.press("f", "esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            // Unstarring the only starred entry empties the filtered list, and says so.
            try harness.press("f", "*")
            XCTAssertEqual(harness.contentLines.first, "No entries starred.")
        }
    }

    func testTheStarFitsANarrowScreen() throws {
        try onMainActor {
            var drafts = Samples.threeEntries
            drafts[1].starred = true
            drafts[1].title = "apple pie \u{1B}]0;owned\u{07} with a very long title indeed"
            let harness = try EntriesHarness(entries: drafts, size: Size(width: 40, height: 6))
            XCTAssertEqual(harness.contentLines.first, "* apple pie ^[]0;owned^G w…  11 Jan 2026")
            for line in harness.lines { XCTAssertLessThanOrEqual(line.count, 40) }
        }
    }
}
