import EntryModel
import Foundation
import XCTest

/// Deleting moves an entry to the trash, on every repository; restoring gives back the same entry.
final class EntryRepositoryTrashTests: XCTestCase {
    func testADeletedEntryWaitsInTheTrashAndComesBackWhole() {
        forEachRepository { kind, entries in
            let kept = try entries.insert(EntryDraft(title: "Kept", tags: ["a"]))
            let gone = try entries.insert(
                EntryDraft(title: "Pelican notes", body: "by the river", moreDetails: "more", tags: ["birds", "a"]))
            try entries.delete(id: gone.id)
            XCTAssertNil(try entries.entry(id: gone.id), "\(kind)")
            XCTAssertEqual(try entries.count(filter: .all), 1, "\(kind)")
            XCTAssertEqual(try entries.search("pelican", limit: 5), [], "\(kind)")
            XCTAssertEqual(try entries.tags(), [TagCount(tag: "a", count: 1)], "\(kind)")
            let trashed = try entries.trashedEntries()
            XCTAssertEqual(trashed.map(\.entry), [gone], "\(kind)")
            XCTAssertLessThan(abs(trashed[0].deletedAt.timeIntervalSinceNow), 60, "\(kind)")

            XCTAssertEqual(try entries.restore(id: gone.id), gone, "\(kind): same id, text, tags and dates")
            XCTAssertEqual(try entries.entry(id: gone.id), gone, "\(kind)")
            XCTAssertEqual(try entries.search("pelican", limit: 5).map(\.id), [gone.id], "\(kind): searchable again")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "birds")), 1, "\(kind): tag filter again")
            XCTAssertEqual(try entries.trashedEntries(), [], "\(kind)")
            XCTAssertEqual(try entries.entry(id: kept.id), kept, "\(kind)")
        }
    }

    func testRestoringWhatIsNotInTheTrashSaysSo() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "Live"))
            XCTAssertThrowsError(try entries.restore(id: entry.id), "\(kind)") { error in
                XCTAssertEqual(error as? EntryStoreError, .notInTrash(id: entry.id))
            }
            try entries.delete(id: entry.id)
            XCTAssertEqual(try entries.emptyTrash(deletedBefore: nil), 1, "\(kind)")
            XCTAssertThrowsError(try entries.restore(id: entry.id), "\(kind): emptied away") { error in
                XCTAssertEqual(error as? EntryStoreError, .notInTrash(id: entry.id))
            }
            XCTAssertThrowsError(try entries.delete(id: entry.id), "\(kind)") { error in
                XCTAssertEqual(error as? EntryStoreError, .notFound(id: entry.id))
            }
        }
    }

    func testEmptyingKeepsWhatWasDeletedAfterTheCutoffAndIdsAreNeverGivenAgain() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "First"))
            let second = try entries.insert(EntryDraft(title: "Second"))
            try entries.delete(id: first.id)
            try entries.delete(id: second.id)
            XCTAssertEqual(
                try entries.emptyTrash(deletedBefore: Date().addingTimeInterval(-3600)), 0,
                "\(kind): both deleted just now")
            XCTAssertEqual(try entries.trashedEntries().count, 2, "\(kind)")
            XCTAssertEqual(try entries.emptyTrash(deletedBefore: Date().addingTimeInterval(3600)), 2, "\(kind)")
            let next = try entries.insert(EntryDraft(title: "Third"))
            XCTAssertGreaterThan(next.id, second.id, "\(kind): the ids of emptied entries are not given again")
        }
    }
}
