@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// Writes after an import never merge the imported full-text index at once: the import leaves its
/// one large segment on the level its size calls for (`FullTextStructure`), not on level 0 beside
/// the one-page segments of single writes, which FTS5 merges all at once when a level holds 16 (at
/// 1,000,000 entries the 16th write after an import took 9–17 s and was lost to the query time limit).
final class EntryRepositoryFullTextLevelsTests: TemporaryDatabaseTestCase {
    /// An import of `count` entries, with small index pages (FTS5's `pgsz`) so that its segment has
    /// as many pages, relative to what a write adds, as a large journal's.
    private func importedDatabase(count: Int = 6_000) throws -> EntryDatabase {
        let database = try openDatabase()
        try database.entries.writer.write {
            try $0.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('pgsz', 64)")
        }
        let drafts = (0..<count).map {
            EntryDraft(title: "entry \($0)", body: "word\($0) alpha\($0) beta\($0 % 97) common")
        }
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 1_000) {
                    try write(Array(drafts[start..<min(drafts.count, start + 1_000)]))
                }
            }, progress: nil)
        return database
    }

    private func structure(_ database: EntryDatabase) throws -> FullTextStructure {
        let record = try database.entries.writer.read {
            try Data.fetchOne($0, sql: "SELECT block FROM entryFTS_data WHERE id = 10")
        }
        return try XCTUnwrap(record.flatMap { FullTextStructure(record: Array($0)) }, "a structure record FTS5 wrote")
    }

    private func integrityCheck(_ database: EntryDatabase) throws {
        try database.entries.writer.write {
            try $0.execute(sql: "INSERT INTO entryFTS(entryFTS) VALUES ('integrity-check')")
        }
    }

    func testSingleWritesAfterAnImportNeverMergeTheImportedSegment() throws {
        let database = try importedDatabase()
        let imported = try structure(database)
        let segments = imported.levels.flatMap(\.segments)
        XCTAssertEqual(segments.count, 1, "the import merged its index into one segment")
        let segment = try XCTUnwrap(segments.first)
        XCTAssertGreaterThan(segment.pages, 1_000)
        let level = FullTextStructure.naturalLevel(ofPages: segment.pages)
        XCTAssertGreaterThanOrEqual(level, 5)
        XCTAssertEqual(imported.levels.count, level + 1)
        XCTAssertEqual(imported.levels.last?.segments, [segment], "on the level its size calls for")
        try integrityCheck(database)
        // Many more single writes than FTS5's all-at-once merge (16 segments a level) needs.
        for write in 0..<300 {
            try database.entries.insert(EntryDraft(title: "added \(write)", body: "a write of its own"))
        }
        let after = try structure(database)
        XCTAssertEqual(
            after.levels.indices.contains(level) ? after.levels[level].segments.first : nil, segment,
            "the imported segment was not rewritten: \(after.levels.map(\.segments.count))")
        XCTAssertLessThan(after.levels[0].segments.count, 16)
        try integrityCheck(database)
        XCTAssertEqual(try database.entries.search("word4321", limit: 10).map(\.title), ["entry 4321"])
        XCTAssertEqual(try database.entries.search("added", limit: 1_000).count, 300)
    }

    /// A journal imported before, its segment still on level 0: the migration raises it, once, and
    /// every entry is found as before. (The migration's step run on its own: a journal with a later
    /// migration recorded and not this one is refused as changed outside entries.)
    func testTheMigrationRaisesTheSegmentOfAJournalImportedBefore() throws {
        var database: EntryDatabase? = try importedDatabase(count: 3_000)
        let raised = try structure(try XCTUnwrap(database))
        let segment = try XCTUnwrap(raised.levels.last?.segments.first)
        // As the version before left it: the one segment on level 0.
        var lowered = raised
        lowered.levels = [FullTextStructure.Level(merging: 0, segments: [segment])]
        try database?.entries.writer.write { db in
            try ConnectionHardening.withoutDefensiveMode(db) {
                try db.execute(
                    sql: "UPDATE entryFTS_data SET block = ? WHERE id = 10", arguments: [Data(lowered.record)])
            }
        }
        database = nil
        // The migration's step, on a connection whose FTS5 has not read the index yet, as in a migration.
        try DatabaseQueue(path: databasePath).write { try EntrySchema.migrateFullTextLevels($0) }
        let reopened = try openDatabase()
        let migrated = try structure(reopened)
        XCTAssertEqual(migrated.levels.count, FullTextStructure.naturalLevel(ofPages: segment.pages) + 1)
        XCTAssertEqual(migrated.levels.last?.segments, [segment])
        XCTAssertTrue(migrated.levels.dropLast().allSatisfy(\.segments.isEmpty))
        try integrityCheck(reopened)
        XCTAssertEqual(try reopened.entries.search("word2999", limit: 10).map(\.title), ["entry 2999"])
    }

    func testARecordReadsBackAsItWasWrittenAndOnlyItsOwnFormIsRead() throws {
        let structure = FullTextStructure(
            record: [0, 0, 0, 7, 2, 3, 0x82, 0x8B, 0x18, 0, 1, 5, 1, 1, 1, 2, 9, 1, 0x82, 0x8B, 0x18, 11, 1, 2])
        let read = try XCTUnwrap(structure)
        XCTAssertEqual(read.cookie, 7)
        XCTAssertEqual(read.writeCounter, 34_200)
        XCTAssertEqual(
            read.levels,
            [
                .init(merging: 0, segments: [.init(id: 5, firstPage: 1, lastPage: 1)]),
                .init(
                    merging: 1,
                    segments: [.init(id: 9, firstPage: 1, lastPage: 34_200), .init(id: 11, firstPage: 1, lastPage: 2)]),
            ])
        // Written again with the next cookie, the same otherwise.
        var next = read
        next.cookie = 8
        XCTAssertEqual(FullTextStructure(record: read.record), next)
        // Not this form: a newer SQLite's marker after the cookie, a byte too many or too few, more
        // levels than FTS5 has, segments that do not add up, an empty record.
        XCTAssertNil(FullTextStructure(record: [0, 0, 0, 7, 0xFF, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1]))
        XCTAssertNil(FullTextStructure(record: read.record + [0]))
        XCTAssertNil(FullTextStructure(record: Array(read.record.dropLast())))
        XCTAssertNil(FullTextStructure(record: [0, 0, 0, 7, 65, 0, 0] + Array(repeating: 0, count: 130)))
        XCTAssertNil(FullTextStructure(record: [0, 0, 0, 7, 1, 2, 0, 0, 1, 1, 1, 1]))
        XCTAssertNil(FullTextStructure(record: []))
    }

    func testOnlyTheOldestSegmentRisesAndOnlyWhenNoMergeHoldsIt() {
        let big = FullTextStructure.Segment(id: 1, firstPage: 1, lastPage: 5_000)
        let small = FullTextStructure.Segment(id: 2, firstPage: 1, lastPage: 1)
        XCTAssertEqual(FullTextStructure.naturalLevel(ofPages: 1), 0)
        XCTAssertEqual(FullTextStructure.naturalLevel(ofPages: 4), 1)
        XCTAssertEqual(FullTextStructure.naturalLevel(ofPages: 5), 2)
        XCTAssertEqual(FullTextStructure.naturalLevel(ofPages: 5_000), 7)
        XCTAssertEqual(FullTextStructure.naturalLevel(ofPages: .max), 32, "4^32 pages are more than any count")
        let imported = FullTextStructure(
            cookie: 1, writeCounter: 3, levels: [.init(merging: 0, segments: [big, small])])
        let raised = imported.raisingOldestSegment()
        XCTAssertEqual(raised?.levels.count, 8)
        XCTAssertEqual(raised?.levels.first?.segments, [small], "the newer segment stays below")
        XCTAssertEqual(raised?.levels.last?.segments, [big])
        XCTAssertNil(raised?.raisingOldestSegment(), "already where it belongs")
        var merging = imported
        merging.levels[0].merging = 2
        XCTAssertNil(merging.raisingOldestSegment(), "a merge under way holds it")
        let smallOnly = FullTextStructure(cookie: 1, writeCounter: 1, levels: [.init(merging: 0, segments: [small])])
        XCTAssertNil(smallOnly.raisingOldestSegment())
        let empty = FullTextStructure(cookie: 1, writeCounter: 0, levels: [.init(merging: 0, segments: [])])
        XCTAssertNil(empty.raisingOldestSegment())
    }
}
