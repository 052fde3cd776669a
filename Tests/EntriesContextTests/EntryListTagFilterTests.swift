import AppShell
import AppShellTesting
import EntriesContext
import EntryStore
import XCTest

/// `t` picks a tag from the tags in use (with counts) and filters the list; `t` or Esc clears it.
final class EntryListTagFilterTests: XCTestCase {
    func testThePickerListsTagsWithCountsAndFilters() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("t")
            assertScreenContains(harness.screen, "Filter by tag")
            assertScreenContains(harness.screen, "│food                   2│")
            assertScreenContains(harness.screen, "│garden                 1│")
            try harness.press("j", "enter")
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "tagged “garden” · 1 of 1")
        }
    }

    func testTAgainOrEscClearsTheFilterKeepingTheSelection() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("t", "enter")  // food: apple pie, Banana bread
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread"])
            try harness.press("j", "t")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            XCTAssertEqual(harness.contentLines.last, "3 of 3", "Banana bread stays selected")
            try harness.press("t", "enter", "esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
        }
    }

    func testEscInThePickerCancels() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("t", "q", "esc")  // q is swallowed by the picker, not quitting
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(harness.flow.quitCount, 0)
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
        }
    }

    func testSearchWithinATag() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: EntryListSearchTests.entries, size: Size(width: 60, height: 9))
            try harness.press("t", "j", "enter")  // tags: garden, home → home
            XCTAssertEqual(Set(EntryListOrderTests.titles(harness)), ["Groceries list", "Garden plan"])
            try harness.press("/")
            harness.type("ga")  // Garden plan and Trip to Rome match; only Garden plan is tagged home
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Garden plan"])
            XCTAssertEqual(harness.contentLines.last, "1 match for “ga” tagged “home” · 1 of 1")
        }
    }

    func testNoTagsIsAMessage() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: [Samples.draft("Untagged", day: 1)])
            try harness.press("t")
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(harness.flow.messages, ["No tags yet"])
        }
    }
}
