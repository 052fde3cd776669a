import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// Repository failures (a damaged, locked or read-only database) are shown through the flow and on
/// screen; nothing crashes and nothing is lost.
final class EntriesErrorTests: XCTestCase {
    func testACountThatFailsAtLaunchIsShownInsteadOfTheRows() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, size: Size(width: 60, height: 5), failing: [.count])
            XCTAssertEqual(harness.flow.errors, ["the disk is on fire"])
            XCTAssertEqual(harness.contentLines.first, "Could not read the entries: the disk is on fire")
            try harness.press("j", "G", "enter", "e", "d", "/")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
        }
    }

    func testPagesThatFailAreReportedOnceAndRetriedOnReload() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, failing: [.page])
            XCTAssertEqual(harness.flow.errors, ["the disk is on fire"], "once, not once per row")
            assertScreenContains(harness.screen, "(unavailable)")
            try harness.press("j", "j")
            XCTAssertEqual(harness.flow.errors.count, 1)
            harness.repository.fail([])
            harness.controller.refresh()
            harness.screen.render()
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
        }
    }

    func testFailingSearchTagsAndEntryReadsAreReported() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, failing: [.search, .tags, .entry])
            try harness.press("/")
            harness.type("a")
            XCTAssertEqual(harness.flow.errors.count, 1)
            try harness.press("esc", "t")
            XCTAssertEqual(harness.flow.errors.count, 2)
            assertScreenContains(harness.screen, "the disk is on fire")  // in the picker, in place of its rows
            try harness.press("esc")
            XCTAssertNil(harness.window.presentedScene)
            try harness.press("e")
            XCTAssertEqual(harness.flow.errors.count, 3)
            XCTAssertEqual(harness.editor.receivedTexts, [])
            try harness.press("enter")
            assertScreenContains(harness.screen, "Could not read the entry: the disk is on fire")
        }
    }

    func testAStoryboardWithErrorsMakesTheControllerThrowWithLocations() throws {
        try onMainActor {
            let broken = """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: showDetail}}
                  details: {kind: EntryDetial, title: Details}
                """
            XCTAssertThrowsError(try EntriesHarness(storyboard: .text(broken, fileName: "Entries.storyboard"))) {
                error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains("Entries.storyboard:4:"), text)
                XCTAssertTrue(text.contains("EntryDetial"), text)
            }
        }
    }

    func testAStoryboardForAnotherContextIsRefused() throws {
        try onMainActor {
            let other = """
                storyboard: Settings
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries}
                """
            XCTAssertThrowsError(try EntriesHarness(storyboard: .text(other, fileName: "Entries.storyboard")))
        }
    }
}
