@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// Writes after an import: the imported full-text index, one large segment, is never rewritten whole
/// inside one write (FTS5's `crisismerge`, `EntrySchema+FullTextMerges.swift`). At 1,000,000 entries
/// that rewrite took 17 s and the entry being added was lost to the query time limit.
final class EntryRepositoryFullTextMergeTests: TemporaryDatabaseTestCase {
    func testSingleWritesAfterAnImportNeverRewriteTheImportedIndexAtOnce() throws {
        let database = try openDatabase()
        // Small index pages (FTS5's `pgsz`): a few thousand entries then make a segment of as many
        // pages, relative to what a write merges, as a large journal's.
        try database.entries.writer.write {
            try $0.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('pgsz', 64)")
        }
        let drafts = (0..<6_000).map {
            EntryDraft(title: "entry \($0)", body: "word\($0) alpha\($0) beta\($0 % 97) common")
        }
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 1_000) {
                    try write(Array(drafts[start..<min(drafts.count, start + 1_000)]))
                }
            }, progress: nil)
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.fullTextIndexBuiltBeside, true)
        let (segment, pages) = try largestSegment(database)
        XCTAssertGreaterThan(pages, 2_000, "the imported index is one large segment")
        // Entries added one at a time, as `entries add` does, until the imported segment has been
        // merged away (or long enough for FTS5's default to have merged its level at once).
        var remaining = pages, largestStep = 0, writes = 0
        while remaining > 0 && writes < 2_500 {
            try database.entries.insert(EntryDraft(title: "added \(writes)", body: "a write of its own"))
            writes += 1
            let now = try pageCount(of: segment, in: database)
            largestStep = max(largestStep, remaining - now)
            remaining = now
        }
        XCTAssertLessThan(
            largestStep, pages / 4,
            "one write merged \(largestStep) of the imported segment's \(pages) pages (after \(writes) writes)")
        XCTAssertEqual(try database.entries.search("word4321", limit: 10).map(\.title), ["entry 4321"])
        XCTAssertEqual(try database.entries.search("added", limit: 5_000).count, writes)
    }

    func testTheSettingIsThereInANewJournal() throws {
        let database = try openDatabase()
        let value = try database.entries.writer.read {
            try Int.fetchOne($0, sql: "SELECT v FROM entryFTS_config WHERE k = 'crisismerge'")
        }
        XCTAssertEqual(value, EntrySchema.fullTextCrisisMerge)
    }

    /// The segment with the most pages (FTS5 stores page `p` of segment `s` at rowid `s << 37 | p`).
    private func largestSegment(_ database: EntryDatabase) throws -> (segment: Int64, pages: Int) {
        let row = try database.entries.writer.read {
            try Row.fetchOne(
                $0,
                sql: """
                    SELECT id >> 37 AS segment, count(*) AS pages FROM entryFTS_data WHERE id >> 37 > 0
                    GROUP BY segment ORDER BY pages DESC LIMIT 1
                    """)
        }
        guard let row else { throw XCTSkip("no segment") }
        return (row["segment"], row["pages"])
    }

    private func pageCount(of segment: Int64, in database: EntryDatabase) throws -> Int {
        try database.entries.writer.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM entryFTS_data WHERE id >> 37 = ?", arguments: [segment])
                ?? 0
        }
    }
}
