import EntryModel
import XCTest

/// Insert, read, update, delete, shared by every repository (in memory, SQLite, PostgreSQL).
final class EntryRepositoryCRUDTests: XCTestCase {
    func testInsertReturnsTheStoredEntryWithAnIDAndTheSameFields() {
        forEachRepository { kind, entries in
            let created = EntryFixtures.date(0.123)
            let draft = EntryDraft(
                title: "Title", body: "Body", moreDetails: "More", tags: ["b", "a"],
                createdAt: created, updatedAt: EntryFixtures.date(10.5))
            let entry = try entries.insert(draft)
            XCTAssertGreaterThan(entry.id, 0, "\(kind)")
            XCTAssertEqual(entry.title, "Title")
            XCTAssertEqual(entry.body, "Body")
            XCTAssertEqual(entry.moreDetails, "More")
            XCTAssertEqual(entry.tags, ["b", "a"], "\(kind): tag order is kept")
            XCTAssertEqual(entry.createdAt, created, "\(kind)")
            XCTAssertEqual(entry.updatedAt, EntryFixtures.date(10.5), "\(kind)")
            XCTAssertEqual(try entries.entry(id: entry.id), entry, "\(kind)")
        }
    }

    func testDatesWithMillisecondPrecisionRoundTripExactly() {
        forEachRepository { kind, entries in
            for milliseconds in [0, 1, 999, 123_456_789_012, -86_400_001, 1_735_689_600_001] as [Int64] {
                let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                let entry = try entries.insert(EntryDraft(title: "d", createdAt: date, updatedAt: date))
                let stored = try XCTUnwrap(try entries.entry(id: entry.id))
                XCTAssertEqual(stored.createdAt, date, "\(kind) \(milliseconds)")
                XCTAssertEqual(stored.updatedAt, date, "\(kind) \(milliseconds)")
            }
        }
    }

    func testMissingDatesDefaultToNowAndUpdatedAtToCreatedAt() {
        forEachRepository { kind, entries in
            let before = Date().addingTimeInterval(-1)
            let entry = try entries.insert(EntryDraft(title: "now"))
            XCTAssertGreaterThanOrEqual(entry.createdAt, before, "\(kind)")
            XCTAssertLessThanOrEqual(entry.createdAt, Date().addingTimeInterval(1), "\(kind)")
            XCTAssertEqual(entry.updatedAt, entry.createdAt, "\(kind)")
            let imported = try entries.insert(EntryDraft(title: "old", createdAt: EntryFixtures.date(5)))
            XCTAssertEqual(imported.updatedAt, EntryFixtures.date(5), "\(kind)")
        }
    }

    func testTextIsKeptByteForByte() {
        forEachRepository { kind, entries in
            let odd = "nul\u{0}inside \u{1}\u{7}\u{1B}[31m esc \r\n tab\t é e\u{301} 🧪 \u{FEFF} \\ \" ' %s"
            let entry = try entries.insert(EntryDraft(title: odd, body: odd + odd, moreDetails: "\u{0}", tags: [odd]))
            let stored = try XCTUnwrap(try entries.entry(id: entry.id))
            XCTAssertEqual(Array(stored.title.utf8), Array(odd.utf8), "\(kind)")
            XCTAssertEqual(Array(stored.body.utf8), Array((odd + odd).utf8), "\(kind)")
            XCTAssertEqual(Array(stored.moreDetails.utf8), [0], "\(kind)")
            XCTAssertEqual(stored.tags.map { Array($0.utf8) }, [Array(odd.utf8)], "\(kind)")
            let summary = try XCTUnwrap(try entries.page(PageRequest(order: .newest)).first)
            XCTAssertEqual(Array(summary.title.utf8), Array(odd.utf8), "\(kind)")
        }
    }

    func testTenMegabyteBodyIsStoredWhole() {
        forEachRepository { kind, entries in
            let body = String(repeating: "0123456789 abcdefghijklmnopqrstuvwxyz\n", count: 270_000)
            XCTAssertGreaterThan(body.utf8.count, 10_000_000)
            let entry = try entries.insert(EntryDraft(title: "big", body: body))
            let stored = try XCTUnwrap(try entries.entry(id: entry.id))
            XCTAssertEqual(stored.body.utf8.count, body.utf8.count, "\(kind)")
            XCTAssertTrue(stored.body == body, "\(kind)")
        }
    }

    func testTagsAreTrimmedDeduplicatedAndEmptyOnesDropped() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(
                EntryDraft(title: "t", tags: [" swift ", "swift", "", "  ", "db\nindex", "a\\n", "Swift"]))
            XCTAssertEqual(
                entry.tags, ["swift", "db\nindex", "a\\n"], "\(kind): `Swift` repeats `swift` (tags have no case)")
            XCTAssertEqual(try entries.entry(id: entry.id)?.tags, entry.tags, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "db\nindex")), 1, "\(kind)")
        }
    }

    func testUpdateReplacesFieldsAndBumpsUpdatedAt() {
        forEachRepository { kind, entries in
            let original = try entries.insert(
                EntryDraft(
                    title: "old", body: "b", tags: ["x", "y"], createdAt: EntryFixtures.date(0),
                    updatedAt: EntryFixtures.date(0)))
            var changed = original
            changed.title = "new"
            changed.body = "new body"
            changed.moreDetails = "more"
            changed.tags = ["y", "z"]
            let stored = try entries.update(changed)
            XCTAssertEqual(stored.title, "new", "\(kind)")
            XCTAssertEqual(stored.body, "new body", "\(kind)")
            XCTAssertEqual(stored.moreDetails, "more", "\(kind)")
            XCTAssertEqual(stored.tags, ["y", "z"], "\(kind)")
            XCTAssertEqual(stored.createdAt, original.createdAt, "\(kind)")
            XCTAssertGreaterThan(stored.updatedAt, original.updatedAt, "\(kind)")
            XCTAssertEqual(try entries.entry(id: original.id), stored, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "x")), 0, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "z")), 1, "\(kind)")
            // Two updates in the same millisecond still move updatedAt forward.
            let again = try entries.update(stored)
            XCTAssertGreaterThan(again.updatedAt, stored.updatedAt, "\(kind)")
        }
    }

    func testUpdatedEntryMovesToTheTopOfTheUpdatedOrder() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(20), progress: nil)
            let last = try XCTUnwrap(try entries.page(PageRequest(order: .updated, anchor: .end, limit: 1)).first)
            let full = try XCTUnwrap(try entries.entry(id: last.id))
            try entries.update(full)
            XCTAssertEqual(try entries.page(PageRequest(order: .updated, limit: 1)).first?.id, last.id, "\(kind)")
        }
    }

    func testUpdateOrDeleteOfAMissingIDThrowsNotFound() {
        forEachRepository { kind, entries in
            let entry = Entry(id: 42, title: "ghost", createdAt: Date(), updatedAt: Date())
            XCTAssertThrowsError(try entries.update(entry), "\(kind)") {
                XCTAssertEqual($0 as? EntryStoreError, .notFound(id: 42), "\(kind)")
            }
            XCTAssertThrowsError(try entries.delete(id: 42), "\(kind)") {
                XCTAssertEqual($0 as? EntryStoreError, .notFound(id: 42), "\(kind)")
            }
        }
    }

    func testDeleteRemovesTheEntryItsTagsAndItsSearchHits() {
        forEachRepository { kind, entries in
            let keep = try entries.insert(EntryDraft(title: "keep walrus", tags: ["shared"]))
            let gone = try entries.insert(EntryDraft(title: "gone walrus", tags: ["shared", "only"]))
            try entries.delete(id: gone.id)
            XCTAssertNil(try entries.entry(id: gone.id), "\(kind)")
            XCTAssertEqual(try entries.count(filter: .all), 1, "\(kind)")
            XCTAssertEqual(try entries.tags(), [TagCount(tag: "shared", count: 1)], "\(kind)")
            XCTAssertEqual(try entries.search("walrus", limit: 10).map(\.id), [keep.id], "\(kind)")
            XCTAssertThrowsError(try entries.delete(id: gone.id), "\(kind)")
        }
    }

    func testEntryForAnUnknownIDIsNil() {
        forEachRepository { kind, entries in
            XCTAssertNil(try entries.entry(id: 7), "\(kind)")
            XCTAssertNil(try entries.entry(id: -1), "\(kind)")
        }
    }

    func testTagsListsEveryTagWithItsCountSortedByNameSpellingsTogether() {
        forEachRepository { kind, entries in
            try entries.insert(EntryDraft(title: "1", tags: ["beta", "Alpha"]))
            try entries.insert(EntryDraft(title: "2", tags: ["beta", "gamma"]))
            try entries.insert(EntryDraft(title: "3", tags: ["alpha"]))
            XCTAssertEqual(
                try entries.tags(),
                [
                    TagCount(tag: "alpha", count: 2),  // spelled as the newest entry carrying it spells it
                    TagCount(tag: "beta", count: 2), TagCount(tag: "gamma", count: 1),
                ], "\(kind)")
        }
    }

    func testBulkInsertStoresEverythingAndReportsProgressUpToTheTotal() {
        forEachRepository { kind, entries in
            let reported = ProgressRecorder()
            let count = try entries.insert(contentsOf: EntryFixtures.drafts(1_000), progress: { reported.record($0) })
            XCTAssertEqual(count, 1_000, "\(kind)")
            XCTAssertEqual(try entries.count(filter: .all), 1_000, "\(kind)")
            let stages = reported.values
            XCTAssertEqual(stages.last, .finished(total: 1_000), "\(kind)")
            let written = stages.compactMap { stage -> Int? in
                if case .writing(let done, let total) = stage, total == 1_000 { return done }
                return nil
            }
            XCTAssertEqual(written, written.sorted(), "\(kind): progress only grows")
            XCTAssertGreaterThanOrEqual(written.count, 50, "\(kind): about every 1%")
            XCTAssertLessThanOrEqual(written.count, 100, "\(kind)")
            // The stages come in order, each after every row was written.
            let later = stages.drop { if case .writing = $0 { return true } else { return false } }
            let expectedLater: [BulkInsertProgress]
            switch kind {
            case .sqlite, .encryptedSQLite: expectedLater = [.indexing, .saving, .finished(total: 1_000)]
            #if PostgreSQL
            case .postgreSQL: expectedLater = [.saving, .finished(total: 1_000)]
            #endif
            case .inMemory: expectedLater = [.finished(total: 1_000)]
            }
            XCTAssertEqual(Array(later), expectedLater, "\(kind)")
            XCTAssertEqual(
                try entries.search("body 999", limit: 5).first?.title, EntryFixtures.drafts(1_000)[999].title, "\(kind)"
            )
        }
    }

    func testEntriesByIdKeepTheOrderAskedAndSkipMissingIds() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "first", body: "a\u{0}b", tags: ["x"]))
            let second = try entries.insert(EntryDraft(title: "second"))
            XCTAssertEqual(
                try entries.entries(ids: [second.id, 999, first.id, second.id]), [second, first, second], "\(kind)")
            XCTAssertEqual(try entries.entries(ids: []), [], "\(kind)")
        }
    }

    func testTheIdOfADeletedEntryIsNeverGivenAgain() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "first"))
            let newest = try entries.insert(EntryDraft(title: "newest"))
            try entries.delete(id: newest.id)
            let next = try entries.insert(EntryDraft(title: "next"))
            XCTAssertGreaterThan(
                next.id, newest.id, "\(kind): a script still holding \(newest.id) must not reach another entry")
            XCTAssertNil(try entries.entry(id: newest.id), "\(kind)")
            try entries.delete(id: next.id)
            try entries.delete(id: first.id)
            XCTAssertGreaterThan(try entries.insert(EntryDraft(title: "again")).id, next.id, "\(kind): even once empty")
        }
    }

    func testBulkInsertOfNothingInsertsNothing() {
        forEachRepository { kind, entries in
            XCTAssertEqual(try entries.insert(contentsOf: [], progress: nil), 0, "\(kind)")
            XCTAssertEqual(try entries.count(filter: .all), 0, "\(kind)")
        }
    }
}

/// Collects progress values from a `@Sendable` callback.
final class ProgressRecorder: @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`.
    private let lock = NSLock()
    private var recorded: [BulkInsertProgress] = []

    func record(_ value: BulkInsertProgress) {
        lock.lock()
        recorded.append(value)
        lock.unlock()
    }

    var values: [BulkInsertProgress] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
