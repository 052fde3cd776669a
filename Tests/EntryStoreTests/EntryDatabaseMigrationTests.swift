@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The schema: what a new database holds, reopening, and databases from other versions.
final class EntryDatabaseMigrationTests: TemporaryDatabaseTestCase {
    func testANewDatabaseHasEveryTableIndexAndTrigger() throws {
        try openDatabase().close()
        for object in EntrySchema.expectedObjects + EntrySchema.countObjects + EntrySchema.sequenceObjects
            + EntrySchema.quarterHourObjects + EntrySchema.trashObjects + EntrySchema.starredObjects
            + EntrySchema.linkObjects
        {
            XCTAssertTrue(
                try SQLiteScript.objectNames(type: object.type, at: databasePath).contains(object.name), "\(object)")
        }
        let migrations = try readOnlyQueue().read {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations")
        }
        XCTAssertEqual(
            migrations,
            [
                EntrySchema.v1, EntrySchema.v2, EntrySchema.v3, EntrySchema.v4, EntrySchema.v5Trash,
                EntrySchema.v6Starred, EntrySchema.v7TitleKey, EntrySchema.v8TagKey, EntrySchema.v9Links,
                EntrySchema.v10LinksBySource, EntrySchema.v11WordCount, EntrySchema.v12FullTextLevels,
                EntrySchema.v13LinkSourceDates,
            ])
    }

    func testANewDatabaseIsInWALModeWithForeignKeysOn() throws {
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "x", tags: ["t"]))
        try database.close()
        let queue = try readOnlyQueue()
        XCTAssertEqual(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
        // The header's read/write versions are 2 in WAL mode (https://www.sqlite.org/fileformat.html).
        XCTAssertEqual(Array(bytes(of: databasePath)[18...19]), [2, 2])
        // Foreign keys are on for the store's connections: deleting an entry cascades to its tags.
        let reopened = try openDatabase()
        try reopened.entries.delete(id: 1)
        XCTAssertEqual(try reopened.entries.tags(), [])
    }

    func testReopeningDoesNotMigrateAgainNorChangeTheSchema() throws {
        try openDatabase().close()
        let schemaBefore = try schemaSQL()
        for _ in 0..<3 {
            let database = try openDatabase()
            XCTAssertFalse(database.wasCreated)
            try database.close()
        }
        XCTAssertEqual(try schemaSQL(), schemaBefore)
    }

    func testADatabaseFromANewerVersionIsRefusedAndLeftUntouched() throws {
        try openDatabase().close()
        try SQLiteScript.run(["INSERT INTO grdb_migrations VALUES ('v99-from-the-future')"], at: databasePath)
        let before = bytes(of: databasePath)
        assertThrows(.newerSchema(path: databasePath)) { try openDatabase() }
        assertThrows(.newerSchema(path: databasePath)) { try openDatabase { $0.readOnly = true } }
        XCTAssertEqual(bytes(of: databasePath), before)
        XCTAssertTrue(EntryStoreError.newerSchema(path: "/db").description.contains("newer version"))
    }

    func testAnSQLiteDatabaseWithoutTablesBecomesANewDatabase() throws {
        try SQLiteScript.run(["PRAGMA user_version = 0"], at: databasePath)
        let database = try openDatabase()
        XCTAssertTrue(database.wasCreated)
        XCTAssertEqual(try database.entries.count(filter: .all), 0)
    }

    func testInsertTriggerIsBackAfterABulkInsert() throws {
        let database = try openDatabase()
        try database.entries.insert(
            contentsOf: EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 1), progress: nil)
        try database.close()
        XCTAssertTrue(
            try SQLiteScript.objectNames(type: "trigger", at: databasePath).contains(EntrySchema.ftsInsertTrigger))
        let reopened = try openDatabase()
        let entry = try reopened.entries.insert(EntryDraft(title: "indexed by the trigger again"))
        XCTAssertEqual(try reopened.entries.search("trigger", limit: 5).map(\.id), [entry.id])
    }

    func testAFailedBulkInsertLeavesNothingBehind() throws {
        let database = try openDatabase { $0.busyTimeout = 0.1 }
        try database.entries.insert(EntryDraft(title: "existing"))
        // Make the last row of a bulk insert fail: a trigger of "another version" rejects it.
        try SQLiteScript.run(
            [
                """
                CREATE TRIGGER reject BEFORE INSERT ON entry WHEN new.title = 'poison'
                BEGIN SELECT RAISE(ABORT, 'rejected'); END
                """
            ], at: databasePath)
        var drafts = EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 10)
        drafts.append(EntryDraft(title: "poison"))
        XCTAssertThrowsError(try database.entries.insert(contentsOf: drafts, progress: nil))
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
        XCTAssertEqual(try database.entries.tags(), [])
        XCTAssertEqual(try database.entries.search("body", limit: 5), [])
        try database.close()
        XCTAssertTrue(
            try SQLiteScript.objectNames(type: "trigger", at: databasePath).contains(EntrySchema.ftsInsertTrigger))
    }

    private func readOnlyQueue() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: databasePath, configuration: configuration)
    }

    private func schemaSQL() throws -> [String] {
        try readOnlyQueue().read {
            try String.fetchAll($0, sql: "SELECT coalesce(sql, name) FROM sqlite_master ORDER BY name")
        }
    }
}
