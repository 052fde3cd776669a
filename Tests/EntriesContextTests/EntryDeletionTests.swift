import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `d`: deleting with and without confirmation, and where the selection goes afterwards.
final class EntryDeletionTests: XCTestCase {
    func testConfirmedDeleteRemovesTheEntryAndSelectsTheNextRow() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("j", "d")  // Carrot notes
            assertScreenContains(harness.screen, "Move “Carrot notes” to the trash?")
            XCTAssertEqual(harness.repository.calls(.delete), 0, "nothing is deleted before the answer")
            try harness.press("y")
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread"])
            XCTAssertEqual(harness.contentLines.last, "2 of 2", "the row after it is selected")
            XCTAssertEqual(harness.flow.messages, ["Deleted “Carrot notes”"])
        }
    }

    func testAnsweringNoKeepsTheEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("d", "n")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            try harness.press("d", "esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            XCTAssertEqual(harness.repository.calls(.delete), 0)
        }
    }

    func testWithoutConfirmationTheLastRowGoesAndThePreviousIsSelected() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, preferences: Preferences(confirmBeforeDelete: false))
            try harness.press("G", "d")
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "2 of 2")
        }
    }

    func testApplyTurnsTheConfirmationOnAndOff() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.controller.apply(Preferences(confirmBeforeDelete: false))
            try harness.press("d")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 2)
            harness.controller.apply(Preferences(confirmBeforeDelete: true))
            try harness.press("d")
            XCTAssertNotNil(harness.window.presentedScene)
        }
    }

    func testDeletingTheLastEntryShowsTheEmptyState() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: [Samples.draft("Only one", day: 1)], preferences: Preferences(confirmBeforeDelete: false))
            try harness.press("d")
            assertScreenContains(harness.screen, "No entries yet. Press a to add one.")
        }
    }

    func testDeletingFromTheDetailsGoesBackToTheList() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("enter", "d", "y")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Carrot notes", "Banana bread"])
            XCTAssertEqual(harness.contentLines.last, "1 of 2")
        }
    }

    func testWithoutTheEntryDeletedSegueTheDetailsStayAndSaySo() throws {
        try onMainActor {
            let storyboard = try EntriesStoryboardText.builtIn().replacingOccurrences(
                of: "  entryDeleted:", with: "  gone:")
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, storyboard: .text(storyboard, fileName: "Entries.storyboard"))
            try harness.press("enter", "d", "y")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            assertScreenContains(harness.screen, "This entry no longer exists.")
            try harness.press("m")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"], "nothing to offer once deleted")
        }
    }

    func testDeletingAMatchRemovesItFromTheMatchesAndTheFullList() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: EntryListSearchTests.entries, preferences: Preferences(confirmBeforeDelete: false))
            try harness.press("/")
            harness.type("ga")
            try harness.press("enter", "d")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 1)
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
        }
    }

    func testAFailedDeleteIsReportedAndKeepsTheEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, preferences: Preferences(confirmBeforeDelete: false))
            harness.repository.failWrites(with: EntryStoreError.locked(path: "/tmp/notes.sqlite"))
            try harness.press("d")
            XCTAssertEqual(harness.flow.errors.count, 1)
            XCTAssertTrue(harness.flow.errors[0].contains("locked"))
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
        }
    }
}
