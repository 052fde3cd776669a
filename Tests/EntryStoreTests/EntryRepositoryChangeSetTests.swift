import EntryModel
import Foundation
import XCTest

/// Many changes stored together (`apply`), on every repository: all of them or none.
final class EntryRepositoryChangeSetTests: XCTestCase {
    func testUpdatesTrashesAndInsertsAreStoredTogetherWithTheirLinksAndTags() {
        forEachRepository { kind, entries in
            let target = try entries.insert(EntryDraft(title: "Garden", tags: ["home"]))
            var edited = try entries.insert(EntryDraft(title: "Standup", body: "Went long.", tags: ["work"]))
            let gone = try entries.insert(EntryDraft(title: "Draft", body: "see [[Garden]]", tags: ["draft"]))
            XCTAssertEqual(try entries.backlinks(to: target.id).map(\.id), [gone.id], "\(kind)")
            edited.body = "Went long. [[#\(target.id)]]"
            edited.tags = ["work", "done"]
            let result = try entries.apply(
                EntryChangeSet(
                    updates: [edited], trashes: [gone],
                    inserts: [EntryDraft(title: "New one", body: "about [[Garden]]", tags: ["new"])]))
            XCTAssertEqual(result.updated, 1, "\(kind)")
            XCTAssertEqual(result.trashed, 1, "\(kind)")
            XCTAssertEqual(result.insertedIDs.count, 1, "\(kind)")
            let newID = result.insertedIDs[0]
            XCTAssertEqual(try entries.entry(id: edited.id)?.body, "Went long. [[#\(target.id)]]", "\(kind)")
            XCTAssertGreaterThan(try XCTUnwrap(try entries.entry(id: edited.id)).updatedAt, edited.updatedAt, "\(kind)")
            XCTAssertNil(try entries.entry(id: gone.id), "\(kind)")
            XCTAssertEqual(try entries.trashedEntries().map(\.entry.id), [gone.id], "\(kind)")
            XCTAssertEqual(try entries.entry(id: newID)?.title, "New one", "\(kind)")
            XCTAssertEqual(
                Set(try entries.backlinks(to: target.id).map(\.id)), [edited.id, newID],
                "\(kind): links of every write path")
            XCTAssertEqual(try entries.tags().map(\.tag).sorted(), ["done", "home", "new", "work"], "\(kind)")
            // The trashed entry comes back with its link.
            try entries.restore(id: gone.id)
            XCTAssertEqual(Set(try entries.backlinks(to: target.id).map(\.id)), [edited.id, newID, gone.id], "\(kind)")
        }
    }

    func testAnEntryChangedOrDeletedSinceItWasReadRefusesEverythingAndNamesThem() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "First"))
            let second = try entries.insert(EntryDraft(title: "Second"))
            let third = try entries.insert(EntryDraft(title: "Third"))
            let untouched = try entries.insert(EntryDraft(title: "Untouched"))
            // Someone else changes the second and deletes the third after they were read.
            var theirs = second
            theirs.title = "Second (theirs)"
            try entries.update(theirs)
            try entries.delete(id: third.id)
            var mine = first
            mine.title = "First (mine)"
            var mineToo = second
            mineToo.title = "Second (mine)"
            XCTAssertThrowsError(
                try entries.apply(
                    EntryChangeSet(
                        updates: [mine, mineToo], trashes: [third, untouched], inserts: [EntryDraft(title: "Never")])),
                "\(kind)"
            ) { error in
                XCTAssertEqual(
                    error as? EntryChangeSetConflict,
                    EntryChangeSetConflict(conflicts: [
                        .init(id: second.id, title: "Second (theirs)", deleted: false),
                        .init(id: third.id, title: "Third", deleted: true),
                    ]), "\(kind)")
                XCTAssertEqual(
                    "\(error)",
                    "2 entries were changed by another program meanwhile: entry \(second.id) (\"Second (theirs)\") was changed, entry \(third.id) (\"Third\") was deleted",
                    "\(kind)")
            }
            XCTAssertEqual(try entries.entry(id: first.id), first, "\(kind): nothing written")
            XCTAssertEqual(try entries.entry(id: untouched.id), untouched, "\(kind): nothing trashed")
            XCTAssertEqual(try entries.count(filter: .all), 3, "\(kind): nothing added")
            XCTAssertEqual(try entries.search("Never", limit: 5), [], "\(kind)")
        }
    }

    func testAnEmptyChangeSetWritesNothing() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "Alone"))
            XCTAssertEqual(
                try entries.apply(EntryChangeSet()), EntryChangeSetResult(updated: 0, trashed: 0, insertedIDs: []),
                "\(kind)")
            XCTAssertEqual(try entries.entry(id: entry.id), entry, "\(kind)")
        }
    }
}
