import EntryModel
import XCTest

/// Optimistic concurrency, shared by every repository: `updatedAt` is the entry's version, so an
/// update made from a copy read before someone else's update is refused, naming the entry.
final class EntryRepositoryConcurrencyTests: XCTestCase {
    func testAnUpdateFromAStaleCopyIsRefusedAndWritesNothing() {
        forEachRepository { kind, entries in
            let original = try entries.insert(
                EntryDraft(title: "Shared plan", body: "v1", createdAt: EntryFixtures.date(0)))
            var mine = original, theirs = original
            theirs.body = "their change"
            let saved = try entries.update(theirs)
            mine.body = "my change"
            XCTAssertThrowsError(try entries.update(mine), "\(kind)") { error in
                guard case .changedMeanwhile(let id, let title, _, let at)? = error as? EntryStoreError else {
                    return XCTFail("\(kind): \(error)")
                }
                XCTAssertEqual(id, original.id, "\(kind)")
                XCTAssertEqual(title, "Shared plan", "\(kind)")
                XCTAssertEqual(at, saved.updatedAt, "\(kind): when it was changed")
                XCTAssertTrue("\(error)".contains("entry \(original.id)"), "\(kind): \(error)")
            }
            XCTAssertEqual(
                try entries.entry(id: original.id)?.body, "their change", "\(kind): nothing lost, nothing overwritten")
            // Read again, the change goes through.
            var fresh = try XCTUnwrap(try entries.entry(id: original.id))
            fresh.body = "my change"
            XCTAssertEqual(try entries.update(fresh).body, "my change", "\(kind)")
        }
    }

    func testTheRefusalOfADeletedEntryIsNotFound() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "gone soon"))
            try entries.delete(id: entry.id)
            XCTAssertThrowsError(try entries.update(entry), "\(kind)") {
                XCTAssertEqual($0 as? EntryStoreError, .notFound(id: entry.id), "\(kind)")
            }
        }
    }
}
