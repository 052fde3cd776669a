@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The paths of a large `insert(contentsOf:)`: into a new or smaller database (the full-text index is
/// built on another thread and copied in), into a larger one (indexed in place), into an in-memory
/// one; each must leave exactly what inserting the entries one by one leaves.
final class EntryRepositoryBulkInsertTests: TemporaryDatabaseTestCase {
    /// Not a multiple of the rows per statement, and more than 256 entries per common tag.
    private let batchSize = 1_237

    func testABulkInsertIntoANewDatabaseLeavesWhatOneByOneInsertsLeave() throws {
        let drafts = BulkDrafts.make(batchSize)
        let bulk = try openDatabase()
        XCTAssertEqual(try bulk.entries.insert(contentsOf: drafts, progress: nil), drafts.count)
        let oneByOne = try openDatabase(at: folder + "/one-by-one.sqlite")
        try oneByOne.entries.writer.write { db in
            let inserter = try EntryInserter(db)
            for draft in drafts { _ = try inserter.insert(draft, now: BulkDrafts.now) }
        }
        try assertIndexMatchesContent(bulk)
        XCTAssertEqual(try StoreSnapshot(bulk.entries), try StoreSnapshot(oneByOne.entries))
        XCTAssertEqual(try ftsSettings(bulk), try ftsSettings(oneByOne))
    }

    func testABulkInsertIntoASmallerDatabaseKeepsTheEntriesAlreadyThere() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let sampleHits = try database.entries.search("passphrase", limit: 50)
        XCTAssertFalse(sampleHits.isEmpty)
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        try assertIndexMatchesContent(database)
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count + batchSize)
        XCTAssertEqual(
            try database.entries.search("passphrase", limit: 50).map(\.id).sorted(), sampleHits.map(\.id).sorted())
        let withQuokka = BulkDrafts.make(batchSize).filter {
            [$0.title, $0.body, $0.moreDetails].joined(separator: " ").contains("quokka")
        }
        XCTAssertEqual(try database.entries.search("quokka", limit: batchSize).count, withQuokka.count)
        // The index that was copied in follows later edits through the triggers.
        let first = try XCTUnwrap(try database.entries.entry(id: 1))
        var edited = first
        edited.title = "renamed wombat"
        try database.entries.update(edited)
        try database.entries.delete(id: 2)
        let added = try database.entries.insert(EntryDraft(title: "wombat again"))
        XCTAssertEqual(Set(try database.entries.search("wombat", limit: 5).map(\.id)), [1, added.id])
        try assertIndexMatchesContent(database)
    }

    func testABulkInsertIntoALargerDatabaseIndexesInPlace() throws {
        let database = try openDatabase()
        let existing = BulkDrafts.make(batchSize * 2)
        try database.entries.insert(contentsOf: existing, progress: nil)
        let more = BulkDrafts.make(batchSize, seed: 7)
        try database.entries.insert(contentsOf: more, progress: nil)
        try assertIndexMatchesContent(database)
        let oneByOne = try openDatabase(at: folder + "/one-by-one.sqlite")
        try oneByOne.entries.writer.write { db in
            let inserter = try EntryInserter(db)
            for draft in existing + more { _ = try inserter.insert(draft, now: BulkDrafts.now) }
        }
        XCTAssertEqual(try StoreSnapshot(database.entries), try StoreSnapshot(oneByOne.entries))
    }

    func testABulkInsertIntoAnInMemoryDatabaseIndexesInPlace() throws {
        let database = try EntryDatabase.inMemory()
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        try assertIndexMatchesContent(database)
        XCTAssertEqual(try database.entries.count(filter: .all), batchSize)
        XCTAssertFalse(try database.entries.search("garden", limit: 5).isEmpty)
    }

    func testIdsFollowTheLastIdGivenInInputOrder() throws {
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "first"))
        let last = try database.entries.insert(EntryDraft(title: "last"))
        try database.entries.delete(id: last.id)
        let drafts = BulkDrafts.make(batchSize)
        try database.entries.insert(contentsOf: drafts, progress: nil)
        let titles = try database.entries.writer.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM entry WHERE id > 1 ORDER BY id")
        }
        let ids = try database.entries.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id")
        }
        XCTAssertEqual(titles, drafts.map(\.title))
        XCTAssertEqual(ids, [1] + Array(3...Int64(batchSize + 2)), "the deleted entry's id 2 is not given again")
        // And one-by-one inserts go on from there.
        XCTAssertEqual(try database.entries.insert(EntryDraft(title: "after")).id, Int64(batchSize + 3))
    }

    func testIdsNearTheLargestIntegerFallBackToRowByRow() throws {
        let database = try openDatabase()
        try database.entries.writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO entry (id, title, body, moreDetails, tags, createdAt, updatedAt) VALUES (?, 'near the end', '', '', '', 0, 0)",
                arguments: [Int64.max - 10])
        }
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), batchSize + 1)
        try assertIndexMatchesContent(database)
    }

    func testAFailedBulkInsertLeavesTheIndexTheSchemaAndTheConnectionAsTheyWere() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let schemaBefore = try schema(database)
        let hitsBefore = try database.entries.search("passphrase", limit: 50)
        try database.entries.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER reject BEFORE INSERT ON entry WHEN new.title = 'poison'
                    BEGIN SELECT RAISE(ABORT, 'rejected'); END
                    """)
        }
        XCTAssertThrowsError(
            try database.entries.insert(
                contentsOf: BulkDrafts.make(batchSize) + [EntryDraft(title: "poison")], progress: nil))
        try database.entries.writer.write { db in try db.execute(sql: "DROP TRIGGER reject") }
        XCTAssertEqual(try schema(database), schemaBefore)
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(try database.entries.search("passphrase", limit: 50), hitsBefore)
        try assertIndexMatchesContent(database)
        let attached = try database.entries.writer.write { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list")
        }
        XCTAssertEqual(attached, ["main"], "the scratch database is detached")
        let foreignKeys = try database.entries.writer.write { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        XCTAssertEqual(foreignKeys, true, "foreign key checks are back on")
        // And the next import works.
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count + batchSize)
    }

    func testABulkInsertThatFailsAfterInstallingTheScratchIndexLeavesEverythingAsItWas() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let schemaBefore = try schema(database)
        let hitsBefore = try database.entries.search("passphrase", limit: 50)
        let cacheSizeBefore = try database.entries.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        // The kept count is brought up to date after the scratch index was copied in: fail there.
        try database.entries.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER reject BEFORE UPDATE ON entryCount WHEN new.count > 1000
                    BEGIN SELECT RAISE(ABORT, 'rejected'); END
                    """)
        }
        XCTAssertThrowsError(try database.entries.insert(contentsOf: BulkDrafts.make(batchSize * 2), progress: nil)) {
            error in
            XCTAssertTrue("\(error)".contains("rejected"), "failed where intended: \(error)")
        }
        try database.entries.writer.write { db in try db.execute(sql: "DROP TRIGGER reject") }
        XCTAssertEqual(try schema(database), schemaBefore)
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(try database.entries.search("passphrase", limit: 50), hitsBefore)
        try assertIndexMatchesContent(database)
        let connection = try database.entries.writer.write { db in
            (
                attached: try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list"),
                foreignKeys: try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"),
                cacheSize: try Int.fetchOne(db, sql: "PRAGMA cache_size")
            )
        }
        XCTAssertEqual(connection.attached, ["main"])
        XCTAssertEqual(connection.foreignKeys, true)
        XCTAssertEqual(connection.cacheSize, cacheSizeBefore)
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count + batchSize)
        try assertIndexMatchesContent(database)
    }

    func testTheSchemaIsTheSameAfterABulkInsertAsInANewDatabase() throws {
        let fresh = try openDatabase(at: folder + "/fresh.sqlite")
        let database = try openDatabase()
        try database.entries.insert(contentsOf: BulkDrafts.make(batchSize), progress: nil)
        XCTAssertEqual(try schema(database), try schema(fresh))
    }

    // MARK: - Helpers

    /// FTS5's own check that the index holds exactly the words of the `entry` rows.
    /// See <https://www.sqlite.org/fts5.html#the_integrity_check_command>.
    private func assertIndexMatchesContent(
        _ database: EntryDatabase, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertNoThrow(
            try database.entries.writer.write { db in
                try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('integrity-check', 1)")
            }, file: file, line: line)
        let foreignKeyErrors = try database.entries.writer.read { db in
            try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        }
        XCTAssertEqual(foreignKeyErrors.count, 0, file: file, line: line)
    }

    private func ftsSettings(_ database: EntryDatabase) throws -> [String] {
        try database.entries.writer.read { db in
            try String.fetchAll(db, sql: "SELECT k || '=' || v FROM entryFTS_config ORDER BY k")
        }
    }

    private func schema(_ database: EntryDatabase) throws -> [String] {
        try database.entries.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
        }
    }
}

/// What a user can observe of a store: every order's pages, tags, and searches.
struct StoreSnapshot: Equatable {
    var orders: [[EntrySummary]] = []
    var tags: [TagCount] = []
    var tagPages: [[EntrySummary]] = []
    var searches: [[EntrySummary]] = []
    var entries: [Entry?] = []

    init(_ entries: SQLiteEntryRepository) throws {
        let count = try entries.count(filter: .all)
        for order in EntrySortOrder.allCases {
            orders.append(try entries.page(PageRequest(order: order, limit: count)))
        }
        tags = try entries.tags()
        for tag in tags.map(\.tag) {
            tagPages.append(try entries.page(PageRequest(order: .newest, filter: EntryFilter(tag: tag), limit: count)))
        }
        for query in BulkDrafts.words + ["gar", "me", "cafe", "eclair", "garden river", "work", "a\u{0}b"] {
            searches.append(try entries.search(query, limit: 100))
        }
        self.entries = try (1...Int64(count)).map { try entries.entry(id: $0) }
    }
}

/// Varied drafts: accented and non-Latin words, NUL bytes, empty fields, tags with spaces, repeats
/// and two spellings of one word, dates with ties and missing ones.
enum BulkDrafts {
    static let words = [
        "garden", "river", "coffee", "Éclair", "café", "naïve", "meeting", "quokka", "日本語", "Straße",
        "x", "the", "of", "and", "notes", "plan", "window", "letter",
    ]
    /// "café" twice: composed and decomposed, equal as Swift strings but different bytes, which the
    /// store keeps as they came (as it does for any text).
    private static let tags = [
        "work", "home", " spaced ", "Work", "ünïcode", "a\\b", "two\nlines", "", "idea", "caf\u{E9}", "cafe\u{301}",
    ]
    /// The date given to entries without one (so that both sides of a comparison agree).
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static func make(_ count: Int, seed: UInt64 = 1) -> [EntryDraft] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func text(_ length: Int) -> String {
            (0..<length).map { _ in words[next(words.count)] }.joined(separator: " ")
        }
        return (0..<count).map { index in
            EntryDraft(
                title: index % 97 == 0 ? "" : text(1 + next(5)),
                body: index % 89 == 0 ? "a\u{0}b \(text(3))" : text(next(30)),
                moreDetails: index % 3 == 0 ? "" : text(next(8)),
                tags: (0..<next(4)).map { _ in tags[next(tags.count)] },
                createdAt: index % 11 == 0 ? now : Date(timeIntervalSince1970: 1_600_000_000 + Double(next(500)) * 60),
                updatedAt: index % 4 == 0 ? Date(timeIntervalSince1970: 1_700_000_000 + Double(next(50))) : nil)
        }
    }
}
