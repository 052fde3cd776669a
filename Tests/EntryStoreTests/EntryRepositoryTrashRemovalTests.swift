import EntryModel
import Foundation
import XCTest

/// One entry taken out of the trash for good (`TrashRemoval`), on every repository: only a trashed
/// entry, only that one, and never a live or restored one.
final class EntryRepositoryTrashRemovalTests: XCTestCase {
    func testOneTrashedEntryIsRemovedForGoodAndNothingElse() {
        forEachRepository { kind, entries in
            let removal = try XCTUnwrap(entries as? any TrashRemoval, "\(kind) removes from its trash")
            let live = try entries.insert(EntryDraft(title: "Live", tags: ["a"]))
            let gone = try entries.insert(EntryDraft(title: "Gone", body: "pelican", tags: ["a"]))
            let waiting = try entries.insert(EntryDraft(title: "Waiting"))
            try entries.delete(id: gone.id)
            try entries.delete(id: waiting.id)

            try removal.removeFromTrash(id: gone.id)
            XCTAssertEqual(try entries.trashedEntries().map(\.entry.id), [waiting.id], "\(kind)")
            XCTAssertThrowsError(try entries.restore(id: gone.id), "\(kind): gone for good") { error in
                XCTAssertEqual(error as? EntryStoreError, .notInTrash(id: gone.id))
            }
            XCTAssertEqual(try entries.entry(id: live.id), live, "\(kind)")
            XCTAssertEqual(try entries.search("pelican", limit: 5), [], "\(kind)")
            XCTAssertEqual(try entries.tags(), [TagCount(tag: "a", count: 1)], "\(kind)")
        }
    }

    func testALiveOrRestoredEntryIsNeverRemoved() {
        forEachRepository { kind, entries in
            let removal = try XCTUnwrap(entries as? any TrashRemoval, "\(kind) removes from its trash")
            let live = try entries.insert(EntryDraft(title: "Live"))
            XCTAssertThrowsError(try removal.removeFromTrash(id: live.id), "\(kind)") { error in
                XCTAssertEqual(error as? EntryStoreError, .notInTrash(id: live.id))
            }
            try entries.delete(id: live.id)
            try entries.restore(id: live.id)
            XCTAssertThrowsError(try removal.removeFromTrash(id: live.id), "\(kind): restored meanwhile") { error in
                XCTAssertEqual(error as? EntryStoreError, .notInTrash(id: live.id))
            }
            XCTAssertEqual(try entries.entry(id: live.id), live, "\(kind)")
        }
    }
}
