import GRDB
import GRDBSQLite
import XCTest
@testable import EntryModel
@testable import SQLiteStore

/// A database file from someone else: its schema is compared with this build's own at every open,
/// a changed one is refused by name, and nothing in it is ever run (issue 10, findings 1 and 2).
final class EntryDatabaseHostileSchemaTests: TemporaryDatabaseTestCase {
    /// A database made by this build, with a few entries, closed.
    private func makeDatabase(entries count: Int = 5) throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(count), progress: nil)
        try database.close()
    }

    /// Runs `statements` with `PRAGMA writable_schema` on (how a crafted file is made).
    private func rewriteSchema(_ statements: [String]) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA writable_schema = ON")
            for statement in statements { try db.execute(sql: statement) }
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
    }

    private func storedDefinition(_ name: String) throws -> String {
        let queue = try DatabaseQueue(path: databasePath)
        defer { try? queue.close() }
        return try queue.read {
            try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name]) ?? ""
        }
    }

    // MARK: - The expected schema

    func testADatabaseMadeByThisBuildHasExactlyTheExpectedSchema() throws {
        try makeDatabase()
        let queue = try DatabaseQueue(path: databasePath)
        let actual = try queue.read(SchemaObject.fetchAll)
        try queue.close()
        XCTAssertEqual(Set(actual), Set(try ExpectedSchema.current().afterMigrations.last ?? []))
        XCTAssertTrue(
            SchemaDrift(actual: actual, expected: try ExpectedSchema.current().afterMigrations.last ?? []).isEmpty)
    }

    func testTheExpectedSchemaFollowsEveryMigration() throws {
        let schema = try ExpectedSchema.current()
        XCTAssertEqual(schema.migrationIdentifiers, EntrySchema.migrator.migrations)
        XCTAssertEqual(schema.afterMigrations.count, EntrySchema.migrator.migrations.count + 1)
        let names = Set(schema.afterMigrations.last?.map(\.name) ?? [])
        for (_, name) in EntrySchema.expectedObjects + EntrySchema.countObjects + EntrySchema.sequenceObjects
            + EntrySchema.quarterHourObjects + EntrySchema.trashObjects + EntrySchema.starredObjects
            + EntrySchema.linkObjects
        {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertNil(schema.objects(afterApplying: [EntrySchema.v1, EntrySchema.v3]), "migrations run in order")
    }

    // MARK: - Changed schemas are refused, by name, without a byte changed

    func testEveryKindOfChangeIsRefusedForWritingByName() throws {
        try makeDatabase()
        let pristine = bytes(of: databasePath)
        let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
        let changes: [(name: String, statements: [String], object: String)] = [
            (
                "an extra trigger", ["CREATE TRIGGER evil AFTER INSERT ON entry BEGIN DELETE FROM settings; END"],
                "trigger evil (not made by entries)"
            ),
            ("an extra view", ["CREATE VIEW spy AS SELECT * FROM entry"], "view spy (not made by entries)"),
            (
                "an endless view in place of a table",
                ["DROP TABLE entryCount", "CREATE VIEW entryCount AS \(endless) SELECT 1 AS id, n AS count FROM r"],
                "view entryCount (in place of a table)"
            ),
            (
                "statements appended to a trigger",
                [
                    "UPDATE sqlite_master SET sql = sql || '; ATTACH DATABASE ''x.sqlite'' AS x' WHERE name = 'entry_ai_fts'"
                ],
                "trigger entry_ai_fts (its definition differs)"
            ),
            (
                "a changed index",
                [
                    "UPDATE sqlite_master SET sql = replace(sql, '(titleKey, id)', '(titleKey)') WHERE name = 'entry_on_title'"
                ],
                "index entry_on_title (its definition differs)"
            ),
            ("a missing trigger", ["DROP TRIGGER entry_ad_count"], "trigger entry_ad_count (missing)"),
            ("an extra index", ["CREATE INDEX extra ON entry(body)"], "index extra (not made by entries)"),
        ]
        for change in changes {
            try pristine.write(to: URL(fileURLWithPath: databasePath))
            if change.statements.first?.hasPrefix("UPDATE sqlite_master") == true {
                try rewriteSchema(change.statements)
            } else {
                try SQLiteScript.run(["PRAGMA foreign_keys = OFF"] + change.statements, at: databasePath)
            }
            let before = bytes(of: databasePath)
            XCTAssertThrowsError(try openDatabase(), change.name) { error in
                guard case .changedOutsideEntries(let path, let object, _) = error as? EntryStoreError else {
                    return XCTFail("\(change.name): \(error)")
                }
                XCTAssertEqual(path, databasePath)
                XCTAssertTrue(object.hasPrefix(change.object), "\(change.name): \(object)")
                XCTAssertTrue("\(error)".contains("was changed outside entries: \(change.object)"), "\(error)")
            }
            XCTAssertEqual(bytes(of: databasePath), before, "\(change.name): the file changed")
            XCTAssertFalse(fileExists(databasePath + "-wal"), change.name)
            XCTAssertFalse(fileExists(databasePath + "-shm"), change.name)
        }
    }

    func testReadingToleratesChangedTriggersButNotViewsInPlaceOfTables() throws {
        try makeDatabase()
        try SQLiteScript.run(
            ["CREATE TRIGGER evil AFTER INSERT ON entry BEGIN DELETE FROM settings; END"], at: databasePath)
        assertThrows(
            .changedOutsideEntries(path: databasePath, object: "trigger evil (not made by entries)", readable: true)
        ) {
            try openDatabase()
        }
        XCTAssertTrue(
            EntryStoreError.changedOutsideEntries(path: "/j", object: "trigger evil", readable: true).description
                .hasSuffix("export its entries (entries export) or restore it from a backup"))
        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(try reader.entries.count(filter: .all), 5, "reads never run a trigger")
        try reader.close()
        try SQLiteScript.run(
            [
                "DROP TRIGGER evil", "DROP TABLE entryCount",
                "CREATE VIEW entryCount AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 1 AS id, n AS count FROM r",
            ], at: databasePath)
        XCTAssertThrowsError(try openDatabase { $0.readOnly = true }) { error in
            XCTAssertEqual(
                error as? EntryStoreError,
                .changedOutsideEntries(
                    path: databasePath, object: "view entryCount (in place of a table)", readable: false))
        }
    }

    func testAMigrationsTableThatIsNotATableIsNeverRead() throws {
        try makeDatabase()
        try SQLiteScript.run(
            [
                "DROP TABLE grdb_migrations",
                "CREATE VIEW grdb_migrations AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 'v' || n AS identifier FROM r",
            ], at: databasePath)
        for readOnly in [false, true] {
            XCTAssertThrowsError(try openDatabase { $0.readOnly = readOnly }) { error in
                guard case .changedOutsideEntries(_, let object, _) = error as? EntryStoreError else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(object.hasPrefix("view grdb_migrations (in place of a table)"), object)
            }
        }
    }

    // MARK: - Nothing from the file is executed

    /// The companion of the next test: the crafted definition really does run its appended
    /// statements when executed as a whole, as the bulk insert used to.
    func testAppendedStatementsRunWhenAStoredDefinitionIsExecuted() throws {
        try makeDatabase()
        let elsewhere = folder + "/elsewhere.sqlite"
        try rewriteSchema([
            "UPDATE sqlite_master SET sql = sql || '; ATTACH DATABASE ''\(elsewhere)'' AS x; CREATE TABLE x.stolen(a)' WHERE name = 'entry_ai_fts'"
        ])
        let definition = try storedDefinition("entry_ai_fts")
        try SQLiteScript.run(["DROP TRIGGER entry_ai_fts", definition], at: databasePath)
        XCTAssertTrue(fileExists(elsewhere), "the crafted definition did not run its appended statements")
    }

    func testABulkInsertRecreatesObjectsFromTheAppsOwnDefinitions() throws {
        try makeDatabase()
        let elsewhere = folder + "/elsewhere.sqlite"
        // Crafted while the database is open (after the open's check): the bulk insert is the last wall.
        let database = try openDatabase()
        let names = [EntrySchema.ftsInsertTrigger, EntrySchema.countInsertTrigger, EntrySchema.sequenceInsertTrigger]
        try rewriteSchema(
            names.map {
                "UPDATE sqlite_master SET sql = sql || '; ATTACH DATABASE ''\(elsewhere)'' AS x; CREATE TABLE x.stolen(a)' WHERE name = '\($0)'"
            })
        try database.entries.insert(
            contentsOf: EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 100), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), 5 + SQLiteEntryRepository.bulkThreshold + 100)
        try database.close()
        XCTAssertFalse(fileExists(elsewhere), "a statement from the file ran")
        for name in names {
            XCTAssertEqual(try storedDefinition(name), try ExpectedSchema.current().object(named: name)?.sql, name)
        }
        XCTAssertNoThrow(try openDatabase().close(), "the schema is this build's again")
    }

    func testEveryConnectionIsHardened() throws {
        try makeDatabase()
        let database = try openDatabase()
        let writer = database.entries.writer
        XCTAssertTrue(try writer.read(ConnectionHardening.isApplied(to:)), "reader")
        XCTAssertTrue(try writer.writeWithoutTransaction(ConnectionHardening.isApplied(to:)), "writer")
        XCTAssertFalse(
            try writer.read { try Bool.fetchOne($0, sql: "PRAGMA trusted_schema") ?? true },
            "readers do not trust the schema")
        // Defensive mode: the schema table cannot be written, even with writable_schema.
        XCTAssertThrowsError(
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = sql WHERE name = 'entry'")
            })
        try database.close()
        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertTrue(try reader.entries.writer.read(ConnectionHardening.isApplied(to:)), "read-only open")
    }

    // MARK: - The time limit

    private static let endlessCount = """
        DROP TABLE entryCount;
        CREATE VIEW entryCount AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 1 AS id, n AS count FROM r WHERE n < 0
        """

    /// The companion of the next test: the view the time limit stops does not end by itself. A plain
    /// connection counts the virtual machine's steps, and stops it after far more than any query of
    /// the app takes.
    func testTheEndlessViewDoesNotEndByItself() throws {
        try makeDatabase()
        try SQLiteScript.run([Self.endlessCount], at: databasePath)
        let queue = try DatabaseQueue(path: databasePath)
        defer { try? queue.close() }
        let steps = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { steps.deallocate() }
        steps.pointee = 0
        let stepLimit = 20_000  // × 1,000 steps: 20 million
        XCTAssertThrowsError(
            try queue.read { db in
                sqlite3_progress_handler(
                    db.sqliteConnection, 1_000,
                    { context in
                        let steps = context!.assumingMemoryBound(to: Int.self)
                        steps.pointee += 1
                        return steps.pointee > 20_000 ? 1 : 0
                    }, UnsafeMutableRawPointer(steps))
                return try Int.fetchOne(db, sql: "SELECT count FROM entryCount")
            }
        ) { error in
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_INTERRUPT)
        }
        XCTAssertGreaterThan(steps.pointee, stepLimit)
    }

    func testAQueryPastTheTimeLimitStopsWithAClearError() throws {
        try makeDatabase()
        // Changed after the open's check (which would refuse it): the limit is the second wall.
        let database = try openDatabase { $0.queryTimeLimit = 0.2 }
        try SQLiteScript.run([Self.endlessCount], at: databasePath)
        assertThrows(.tooSlow(path: databasePath, seconds: 0.2)) { try database.entries.count(filter: .all) }
        XCTAssertTrue(
            EntryStoreError.tooSlow(path: "/j", seconds: 5).description.contains("ran longer than 5 s and was stopped"))
        // The connection is usable afterwards: the handler is gone with the read.
        XCTAssertEqual(try database.entries.page(PageRequest(order: .newest, limit: 50)).count, 5)
    }

    func testAWritePastTheTimeLimitIsRolledBack() throws {
        try makeDatabase()
        let database = try openDatabase { $0.queryTimeLimit = 0.2 }
        // A trigger that never ends, added after the open's check.
        try SQLiteScript.run(
            [
                """
                CREATE TRIGGER slow AFTER INSERT ON entry BEGIN
                    SELECT count(*) FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r);
                END
                """
            ], at: databasePath)
        assertThrows(.tooSlow(path: databasePath, seconds: 0.2)) {
            try database.entries.insert(EntryDraft(title: "never"))
        }
        XCTAssertEqual(try database.entries.count(filter: .all), 5)
    }
}
