import Foundation
@testable import EntryModel
import GRDB
@testable import SQLiteStore
import XCTest

/// `entries_rank` reads each row's length from the docsize record the statement joins
/// (``EntryRankFunction/docsizeJoin``) instead of asking FTS5 for it row by row: the scores are the
/// same to the bit, and a damaged record falls back to FTS5's own read (or its error), never a crash.
final class SQLiteRankDocsizeTests: TemporaryDatabaseTestCase {
    private static let queries = [
        "meeting", "garden", "garden meeting", "me*", "garden AND (meet OR meeting)", "the OR a",
    ]

    func testTheJoinedLengthScoresAsFTS5sOwnRead() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: SQLitePrefixCompletionsTests.drafts(2_000, seed: 5), progress: nil)
        try database.entries.insert(EntryDraft(title: "garden", body: String(repeating: "meeting word ", count: 5_000)))
        try withConnection { db in
            var compared = 0
            for query in Self.queries {
                for grouped in ["NULL", "1"] {
                    let rows = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT entryFTS.rowid AS id, entries_rank(entryFTS, \(grouped)) AS own,
                                   \(EntryRankFunction.call(groupedFrom: grouped)) AS joined
                            FROM entryFTS \(EntryRankFunction.docsizeJoin) WHERE entryFTS MATCH ?
                            """, arguments: [query])
                    for row in rows {
                        let own: Double = row["own"], joined: Double = row["joined"]
                        XCTAssertEqual(
                            own.bitPattern, joined.bitPattern,
                            "\(query), grouped \(grouped), entry \(row["id"] as Int64)")
                    }
                    compared += rows.count
                }
            }
            XCTAssertGreaterThan(compared, 1_000)
        }
    }

    func testALengthIsReadFromWellFormedRecordsOnly() {
        func tokens(_ bytes: [UInt8]) -> Int64? { bytes.withUnsafeBytes { EntryRankFunction.tokenCount(docsize: $0) } }
        XCTAssertEqual(tokens([0x05, 0x03, 0x10, 0x00]), 5 + 3 + 16 + 0, "four columns, one byte each")
        XCTAssertEqual(tokens([0x81, 0x00]), 128, "a two-byte varint")
        XCTAssertNil(tokens([]), "an empty record")
        XCTAssertNil(tokens([0x81]), "a varint cut short")
        XCTAssertNil(tokens(Array(repeating: 0x01, count: 65)), "more columns than an index can have")
        XCTAssertNil(tokens(Array(repeating: 0xFF, count: 9)), "a length past any row's")
    }

    func testADamagedRecordNeitherCrashesNorScoresWithAWrongLength() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: SQLitePrefixCompletionsTests.drafts(300, seed: 8), progress: nil)
        try withConnection { db in
            try db.execute(sql: "UPDATE entryFTS_docsize SET sz = x'81' WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE entryFTS_docsize SET sz = 'text' WHERE id % 3 = 1")
            for query in Self.queries {
                // FTS5's own read of a damaged record may fail the statement; the joined one must not
                // do worse: the same scores, or the same refusal.
                let own = Result {
                    try Double.fetchAll(
                        db, sql: "SELECT entries_rank(entryFTS) FROM entryFTS WHERE entryFTS MATCH ?",
                        arguments: [query])
                }
                let joined = Result {
                    try Double.fetchAll(
                        db,
                        sql: """
                            SELECT \(EntryRankFunction.call()) FROM entryFTS \(EntryRankFunction.docsizeJoin) WHERE entryFTS MATCH ?
                            """, arguments: [query])
                }
                switch (own, joined) {
                case (.success(let own), .success(let joined)): XCTAssertEqual(own, joined, query)
                case (.failure, .failure): break
                default: XCTFail("\(query): FTS5's read \(own), the joined read \(joined)")
                }
            }
        }
    }

    private func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: databasePath)
        return try queue.inDatabase { db in
            try EntryRankFunction.register(db)
            return try body(db)
        }
    }
}
