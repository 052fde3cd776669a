@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// A streamed insert counts its entries per quarter hour as the rows go by (``QuarterHourCounts``):
/// the table ends as the row triggers leave it, before 1970 and across several writes of the counts.
final class QuarterHourCountsTests: TemporaryDatabaseTestCase {
    /// Creation times around quarter-hour edges, before and after 1970, some shared.
    private static let times: [Int64] = [
        0, 1, 899_999, 900_000, 900_001, -1, -899_999, -900_000, -900_001, -1_800_000,
        1_600_000_000_000, 1_600_000_000_000, 1_600_000_899_999, 1_600_000_900_000, -62_135_596_800_000,
    ]

    func testTheQuarterHourMatchesTheSchemasFormula() throws {
        let database = try openDatabase()
        for time in Self.times {
            let inSQL = try database.entries.writer.read { db in
                try Int64.fetchOne(db, sql: "SELECT \(EntrySchema.quarterHour(of: "?1"))", arguments: [time])
            }
            XCTAssertEqual(QuarterHourCounts.quarterHour(of: time), inSQL, "\(time)")
        }
    }

    func testCountsWrittenInSeveralGoesEqualTheTriggers() throws {
        let drafts = Self.times.enumerated().map { index, time in
            EntryDraft(title: "t\(index)", body: "b", createdAt: Date(timeIntervalSince1970: Double(time) / 1000))
        }
        let byTriggers = try openDatabase(at: folder + "/triggers.sqlite")
        for draft in drafts { try byTriggers.entries.insert(contentsOf: [draft], progress: nil) }
        let counted = try openDatabase(at: folder + "/counted.sqlite")
        try counted.entries.writer.write { db in
            var counts = QuarterHourCounts(limit: 3)
            for draft in drafts {
                counts.add(createdAt: StoredDate.milliseconds(draft.createdAt ?? Date()))
                if counts.isFull { try counts.write(db) }
            }
            try counts.write(db)
        }
        for table in ["entryQuarterHour", "entryDay"] {
            let sql = "SELECT * FROM \(table) ORDER BY 1"
            let expected = try byTriggers.entries.writer.read { try Row.fetchAll($0, sql: sql) }
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(try counted.entries.writer.read { try Row.fetchAll($0, sql: sql) }, expected, table)
        }
    }

    /// A streamed import into a journal that already counts entries in the same quarter hours (and
    /// days), with batches that split a quarter hour: the tables end as the row triggers leave them.
    func testAStreamedImportAddsToTheCountsAlreadyThere() throws {
        let times = (0..<3_000).map { index -> Int64 in
            // A few quarter hours, before and after 1970, each spread over several batches of 700.
            let base = Self.times[index % 11]
            return base + Int64(index % 7)
        }
        let drafts = times.enumerated().map { index, time in
            EntryDraft(
                title: "t\(index)", body: "b\(index)", createdAt: Date(timeIntervalSince1970: Double(time) / 1000))
        }
        let byTriggers = try openDatabase(at: folder + "/triggers.sqlite")
        for draft in drafts { _ = try byTriggers.entries.insert(draft) }
        let streamed = try openDatabase(at: folder + "/streamed.sqlite")
        for draft in drafts.prefix(40) { _ = try streamed.entries.insert(draft) }
        try streamed.entries.insert(
            batchesFrom: { write in
                let rest = Array(drafts.dropFirst(40))
                for start in stride(from: 0, to: rest.count, by: 700) {
                    try write(Array(rest[start..<min(rest.count, start + 700)]))
                }
            }, progress: nil)
        for table in ["entryQuarterHour", "entryDay"] {
            let sql = "SELECT * FROM \(table) ORDER BY 1"
            let expected = try byTriggers.entries.writer.read { try Row.fetchAll($0, sql: sql) }
            XCTAssertGreaterThan(expected.count, 2, table)
            XCTAssertEqual(try streamed.entries.writer.read { try Row.fetchAll($0, sql: sql) }, expected, table)
        }
    }
}
