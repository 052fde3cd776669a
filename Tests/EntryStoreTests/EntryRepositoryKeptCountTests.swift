@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The entry count of an SQLite database is kept by triggers (migration v2), so that the list's
/// "1 of 1,000,000" does not count a million rows at every start. It must always equal `count(*)`.
final class EntryRepositoryKeptCountTests: TemporaryDatabaseTestCase {
    private func countedRows() throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM entry") ?? -1 }
    }

    func testTheCountFollowsInsertsUpdatesDeletesAndBulkInserts() throws {
        let database = try openDatabase()
        let entries = database.entries
        XCTAssertEqual(try entries.count(filter: .all), 0)
        let first = try entries.insert(EntryDraft(title: "one", tags: ["a"]))
        try entries.insert(EntryDraft(title: "two"))
        XCTAssertEqual(try entries.count(filter: .all), 2)
        var edited = first
        edited.title = "one, edited"
        try entries.update(edited)
        XCTAssertEqual(try entries.count(filter: .all), 2)
        try entries.delete(id: first.id)
        XCTAssertEqual(try entries.count(filter: .all), 1)
        XCTAssertThrowsError(try entries.delete(id: first.id))
        XCTAssertEqual(try entries.count(filter: .all), 1)
        // Both paths of a bulk insert: row by row below the threshold, the fast path above it.
        try entries.insert(contentsOf: EntryFixtures.drafts(3), progress: nil)
        try entries.insert(contentsOf: EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 7), progress: nil)
        let expected = 1 + 3 + SQLiteEntryRepository.bulkThreshold + 7
        XCTAssertEqual(try entries.count(filter: .all), expected)
        try database.close()
        XCTAssertEqual(try countedRows(), expected)
    }

    func testDeletingEveryRowWithRawSQLKeepsTheCountRight() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(20), progress: nil)
        try database.close()
        // DELETE without WHERE would skip per-row work (the truncate shortcut) were there no triggers.
        try SQLiteScript.run(["DELETE FROM entry"], at: databasePath)
        XCTAssertEqual(try openDatabase().entries.count(filter: .all), 0)
    }

    func testTheCountIsReadNotCounted() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(5), progress: nil)
        try database.close()
        // A count that disagrees with the rows shows that the count comes from the kept row.
        try SQLiteScript.run(["UPDATE entryCount SET count = 41"], at: databasePath)
        XCTAssertEqual(try openDatabase().entries.count(filter: .all), 41)
        // Without the row, the repository counts the rows instead of failing.
        try SQLiteScript.run(["DELETE FROM entryCount"], at: databasePath)
        XCTAssertEqual(try openDatabase().entries.count(filter: .all), 5)
    }

    func testADatabaseWrittenBeforeTheKeptCountIsMigratedWithItsRows() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(4), progress: nil)
        try database.close()
        // Back to a version-1 database (without v2 and every later migration), then rows added as
        // that version would (no count trigger).
        try SQLiteScript.rollBack(toBefore: EntrySchema.v2, at: databasePath)
        try SQLiteScript.run(
            [
                "INSERT INTO entry (title, body, moreDetails, tags, createdAt, updatedAt) VALUES ('old', '', '', '', 0, 0)"
            ], at: databasePath)
        // Read-only, an older schema cannot be migrated: the usual "open it once to upgrade" error.
        assertThrows(.needsUpgrade(path: databasePath)) { try openDatabase { $0.readOnly = true } }
        let upgraded = try openDatabase()
        XCTAssertEqual(try upgraded.entries.count(filter: .all), 5)
        try upgraded.entries.insert(EntryDraft(title: "new"))
        XCTAssertEqual(try upgraded.entries.count(filter: .all), 6)
        try upgraded.close()
        XCTAssertEqual(try countedRows(), 6)
    }

    func testAFailedBulkInsertLeavesTheCountAsItWas() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(3), progress: nil)
        // The store accepts every draft, so a trigger refuses a marked one: the last row of the bulk
        // insert fails and the whole transaction rolls back. The trigger is added while the database
        // is open (an open refuses a schema changed outside entries; a write takes in the change).
        try database.close()
        let reopened = try openDatabase()
        try SQLiteScript.run(
            [
                """
                CREATE TRIGGER refuse_marker BEFORE INSERT ON entry WHEN new.title = 'refuse me'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """
            ], at: databasePath)
        var drafts = EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 10)
        drafts[drafts.count - 1].title = "refuse me"
        XCTAssertThrowsError(try reopened.entries.insert(contentsOf: drafts, progress: nil))
        XCTAssertEqual(try reopened.entries.count(filter: .all), 3)
        try reopened.close()
        XCTAssertEqual(try countedRows(), 3)
    }
}
