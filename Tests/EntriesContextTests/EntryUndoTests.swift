import AppShell
import AppShellTesting
@testable import EntriesContext
import EntryModel
import XCTest

/// `u`: the changes made since the app started, taken back one by one, newest first; never over
/// someone else's later change.
final class EntryUndoTests: XCTestCase {
    private static let noConfirm = Preferences(sortOrder: .title, confirmBeforeDelete: false)

    func testUndoBringsADeletedEntryBackWithItsIdAndSelectsIt() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Self.noConfirm)
            let carrot = try XCTUnwrap(harness.repository.page(PageRequest(order: .title))[2])
            try harness.press("G", "d")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread"])
            try harness.press("g", "u")
            XCTAssertEqual(harness.flow.messages.last, "Undid delete of “Carrot notes”")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread", "Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "3 of 3", "the restored entry is selected")
            let restored = try XCTUnwrap(harness.repository.entry(id: carrot.id))
            XCTAssertEqual(restored.summary, carrot, "same id, dates and tags")
            XCTAssertEqual(try harness.repository.trashedEntries().count, 0)
        }
    }

    func testChangesAreUndoneNewestFirstThenNothingIsLeft() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Self.noConfirm)
            try harness.press("d")  // apple pie
            harness.editor.script = [{ $0.replacingOccurrences(of: "Tags: food", with: "Tags: food, baking") }]
            try harness.press("e")  // Banana bread, now first
            harness.editor.script = [{ $0.replacingOccurrences(of: "Banana bread", with: "Zucchini bread") }]
            try harness.press("e")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Carrot notes", "Zucchini bread"])

            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Undid edit of “Banana bread”")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Banana bread", "Carrot notes"])
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Undid edit of “Banana bread”")
            let banana = try XCTUnwrap(harness.repository.page(PageRequest(order: .title)).first)
            XCTAssertEqual(banana.tags, ["food"], "the tag change is undone")
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Undid delete of “apple pie”")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread", "Carrot notes"])
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Nothing to undo")
        }
    }

    func testUndoInTheDetailsShowsTheEarlierText() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, preferences: Self.noConfirm, size: Size(width: 60, height: 10))
            harness.editor.script = [{ $0.replacingOccurrences(of: "apple pie", with: "Apple crumble") }]
            try harness.press("enter", "e")
            assertScreenContains(harness.screen, "Apple crumble")
            try harness.press("u")
            assertScreenContains(harness.screen, "apple pie")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            XCTAssertEqual(harness.flow.messages.last, "Undid edit of “apple pie”")
        }
    }

    func testUndoingAnAddMovesTheEntryToTheTrash() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Self.noConfirm)
            harness.editor.script = [{ _ in "Title: Dumplings\nTags: \n\nSteam them.\n" }]
            try harness.press("a")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4)
            // Edited, then the edit undone: the undo is a new version, and the add is undone after it.
            harness.editor.script = [{ $0.replacingOccurrences(of: "Steam them.", with: "Fry them.") }]
            try harness.press("e", "u")
            XCTAssertEqual(harness.flow.messages.last, "Undid edit of “Dumplings”")
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Undid add of “Dumplings” (moved to the trash)")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread", "Carrot notes"])
            XCTAssertEqual(try harness.repository.trashedEntries().map(\.entry.title), ["Dumplings"])
        }
    }

    func testAnEntryChangedMeanwhileIsNotOverwrittenAndTheEarlierTextIsKept() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Self.noConfirm)
            harness.editor.script = [{ $0.replacingOccurrences(of: "Title: apple pie", with: "Title: Apple tart") }]
            try harness.press("e")
            let tart = try XCTUnwrap(harness.repository.page(PageRequest(order: .title)).first)
            var theirs = try XCTUnwrap(harness.repository.entry(id: tart.id))
            theirs.body = "Their version"
            _ = try harness.repository.update(theirs)

            try harness.press("u")
            XCTAssertEqual(
                harness.flow.messages.last,
                "Cannot undo the edit of “Apple tart”: another program changed it meanwhile; "
                    + "its earlier text is kept: edit it to bring that back")
            let stored = try XCTUnwrap(harness.repository.entry(id: tart.id))
            XCTAssertEqual([stored.title, stored.body], ["Apple tart", "Their version"], "their change stands")
            // The next edit starts from the earlier text: nothing is lost.
            harness.editor.script = [{ _ in nil }]
            try harness.press("e")
            XCTAssertTrue(harness.editor.receivedTexts.last?.contains("Title: apple pie") == true)
            XCTAssertEqual(try harness.repository.entry(id: tart.id)?.title, "apple pie")
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Undid edit of “Apple tart”")
            XCTAssertEqual(try harness.repository.entry(id: tart.id)?.body, "Their version")
        }
    }

    func testAnEntryEmptiedFromTheTrashSaysSo() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Self.noConfirm)
            let apple = try XCTUnwrap(harness.repository.page(PageRequest(order: .title)).first)
            try harness.press("d")
            _ = try harness.repository.emptyTrash(deletedBefore: nil)
            try harness.press("u")
            XCTAssertEqual(
                harness.flow.messages.last,
                "Cannot undo the delete of “apple pie”: "
                    + "entry \(apple.id) is not in the trash (it was never deleted, was restored already, or the trash was emptied since)"
            )
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Nothing to undo")
        }
    }

    /// A star toggle (or any other field) is an ordinary update of the whole entry: undo writes the
    /// whole entry as it was back, whatever field changed.
    func testAGenericUpdateIsUndoneWholeWithItsName() throws {
        try onMainActor {
            let repository = InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now })
            let changes = EntryChanges(repository: repository)
            let original = try XCTUnwrap(repository.entry(id: 1))
            var changed = original
            changed.moreDetails = "changed"
            changed.tags = ["other"]
            _ = try changes.update(changed, what: "star")
            guard case .reverted(let reverted, "star") = changes.undo() else { return XCTFail("not reverted") }
            XCTAssertEqual([reverted.title, reverted.moreDetails], [original.title, original.moreDetails])
            XCTAssertEqual(reverted.tags, original.tags)
            XCTAssertGreaterThan(reverted.updatedAt, original.updatedAt, "the undo is a new version")
            XCTAssertEqual(changes.undo(), .nothingToUndo)
        }
    }

    func testTheHistoryForgetsTheOldestChangesPastItsLimit() {
        onMainActor {
            let history = UndoHistory(limit: 2)
            let entries = Samples.threeEntries.enumerated().map { index, draft in
                Entry(id: Int64(index + 1), title: draft.title, createdAt: Samples.now, updatedAt: Samples.now)
            }
            for entry in entries { history.record(.deleted(entry.summary)) }
            XCTAssertEqual(history.changes, [.deleted(entries[1].summary), .deleted(entries[2].summary)])
        }
    }
}
