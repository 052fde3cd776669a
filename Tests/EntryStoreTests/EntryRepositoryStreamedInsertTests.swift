import EntryInterchange
@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// `insert(batchesFrom:progress:)`: batches written as they come inside one transaction, leaving
/// what an insert of the whole array leaves; a producer's error stores nothing and comes out as it
/// was thrown.
final class EntryRepositoryStreamedInsertTests: TemporaryDatabaseTestCase {
    private struct Refused: Error, Equatable {}

    func testBatchesIntoANewDatabaseLeaveWhatOneArrayLeaves() throws {
        let drafts = BulkDrafts.make(2_500)
        let streamed = try openDatabase()
        let count = try streamed.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 600) {
                    try write(Array(drafts[start..<min(drafts.count, start + 600)]))
                }
            }, progress: nil)
        XCTAssertEqual(count, drafts.count)
        let whole = try openDatabase(at: folder + "/whole.sqlite")
        try whole.entries.insert(contentsOf: drafts, progress: nil)
        try assertIndexMatchesContent(streamed)
        XCTAssertEqual(try StoreSnapshot(streamed.entries), try StoreSnapshot(whole.entries))
        XCTAssertEqual(try schema(streamed), try schema(whole))
    }

    func testBatchesIntoALargerDatabaseKeepItsIndexesAndDropThemOncePassed() throws {
        for (existing, added) in [(3_000, 1_200), (1_000, 2_400)] {
            let existingDrafts = BulkDrafts.make(existing), addedDrafts = BulkDrafts.make(added, seed: 9)
            let streamed = try openDatabase(at: folder + "/streamed-\(existing).sqlite")
            try streamed.entries.insert(contentsOf: existingDrafts, progress: nil)
            try streamed.entries.insert(
                batchesFrom: { write in
                    for start in stride(from: 0, to: added, by: 500) {
                        try write(Array(addedDrafts[start..<min(added, start + 500)]))
                    }
                }, progress: nil)
            let whole = try openDatabase(at: folder + "/whole-\(existing).sqlite")
            try whole.entries.insert(contentsOf: existingDrafts + addedDrafts, progress: nil)
            try assertIndexMatchesContent(streamed)
            XCTAssertEqual(
                try StoreSnapshot(streamed.entries), try StoreSnapshot(whole.entries), "\(existing) + \(added)")
            XCTAssertEqual(try schema(streamed), try schema(whole))
        }
    }

    func testTagRowsWrittenAFewBatchesAtATimeLeaveWhatOneArrayLeaves() throws {
        for existing in [0, 3_000] {
            let existingDrafts = BulkDrafts.make(existing), addedDrafts = BulkDrafts.make(2_600, seed: 5)
            let streamed = try openDatabase(at: folder + "/streamed-\(existing).sqlite")
            try streamed.entries.insert(contentsOf: existingDrafts, progress: nil)
            try streamed.entries.insert(
                batchesFrom: { write in
                    for start in stride(from: 0, to: 2_600, by: 400) {
                        try write(Array(addedDrafts[start..<min(2_600, start + 400)]))
                    }
                }, tagRowsHeld: 700, progress: nil)
            let whole = try openDatabase(at: folder + "/whole-\(existing).sqlite")
            try whole.entries.insert(contentsOf: existingDrafts + addedDrafts, progress: nil)
            try assertIndexMatchesContent(streamed)
            XCTAssertEqual(try StoreSnapshot(streamed.entries), try StoreSnapshot(whole.entries), "\(existing)")
            XCTAssertEqual(try schema(streamed), try schema(whole))
            let tagCounts = "SELECT tag, count FROM entryTagCount ORDER BY tag"
            XCTAssertEqual(
                try streamed.entries.writer.read { try Row.fetchAll($0, sql: tagCounts) },
                try whole.entries.writer.read { try Row.fetchAll($0, sql: tagCounts) })
        }
    }

    func testAProducerErrorAfterSomeBatchesStoresNothing() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let schemaBefore = try schema(database)
        let hitsBefore = try database.entries.search("passphrase", limit: 50)
        XCTAssertThrowsError(
            try database.entries.insert(
                batchesFrom: { write in
                    try write(BulkDrafts.make(700))
                    try write(BulkDrafts.make(700, seed: 3))
                    throw Refused()
                }, progress: nil)
        ) { error in
            XCTAssertEqual(error as? Refused, Refused(), "the producer's own error, not a store error: \(error)")
        }
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(try schema(database), schemaBefore, "the dropped triggers and indexes are back")
        XCTAssertEqual(try database.entries.search("passphrase", limit: 50), hitsBefore)
        try assertIndexMatchesContent(database)
        XCTAssertEqual(
            try database.entries.insert(EntryDraft(title: "after")).id, Int64(SampleEntries.all.count + 1),
            "the ids of the rolled-back rows are given again")
    }

    func testTheProducerCanReadTheStoreMeanwhile() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: BulkDrafts.make(800), progress: nil)
        var seen: [Int] = []
        try database.entries.insert(
            batchesFrom: { write in
                try write(BulkDrafts.make(600, seed: 5))
                seen.append(try database.entries.count(filter: .all))
                try write(BulkDrafts.make(600, seed: 6))
            }, progress: nil)
        XCTAssertEqual(seen, [800], "reads see the last commit")
        XCTAssertEqual(try database.entries.count(filter: .all), 2_000)
    }

    func testEveryStoreStoresAllBatchesOrNone() {
        forEachRepository { kind, repository in
            let first = [EntryDraft(title: "one"), EntryDraft(title: "two")], second = [EntryDraft(title: "three")]
            XCTAssertThrowsError(
                try repository.insert(
                    batchesFrom: { write in
                        try write(first)
                        throw Refused()
                    }, progress: nil), "\(kind)")
            XCTAssertEqual(try repository.count(filter: .all), 0, "\(kind)")
            XCTAssertEqual(
                try repository.insert(
                    batchesFrom: { write in
                        try write(first)
                        try write([])
                        try write(second)
                    }, progress: nil), 3, "\(kind)")
            let titles = try repository.page(PageRequest(order: .oldest, limit: 10)).map(\.title)
            XCTAssertEqual(Set(titles), ["one", "two", "three"], "\(kind)")
            XCTAssertEqual(try repository.search("three", limit: 5).map(\.title), ["three"], "\(kind)")
        }
    }

    // MARK: - Helpers

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

    private func schema(_ database: EntryDatabase) throws -> [String] {
        try database.entries.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
        }
    }
}
