@testable import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// Another program writing at the same time: waiting, giving up with `locked`, noticing its changes.
final class EntryDatabaseLockingTests: TemporaryDatabaseTestCase {
    func testAWriteWaitsTheBusyTimeoutThenThrowsLocked() throws {
        let database = try openDatabase { $0.busyTimeout = 0.2 }
        try database.entries.insert(EntryDraft(title: "before"))
        let holder = try WriteLockHolder(path: databasePath)
        let start = Date()
        assertThrows(.locked(path: databasePath)) { try database.entries.insert(EntryDraft(title: "blocked")) }
        let waited = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(waited, 0.15, "waited the busy timeout")
        XCTAssertLessThan(waited, 3, "then gave up")
        // Reads still work while the other program writes (WAL).
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
        try holder.commit()
        XCTAssertNoThrow(try database.entries.insert(EntryDraft(title: "after")))
        XCTAssertEqual(try database.entries.count(filter: .all), 2)
    }

    func testAWriteSucceedsWhenTheLockIsReleasedWithinTheTimeout() throws {
        let database = try openDatabase { $0.busyTimeout = 5 }
        let holder = try WriteLockHolder(path: databasePath)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { try? holder.commit() }
        XCTAssertNoThrow(try database.entries.insert(EntryDraft(title: "waited")))
    }

    func testDataVersionChangesWhenAnotherConnectionCommitsOnly() throws {
        let database = try openDatabase()
        let other = try openDatabase()
        let initial = try database.dataVersion()
        try database.entries.insert(EntryDraft(title: "mine"))
        XCTAssertEqual(try database.dataVersion(), initial, "own writes do not count")
        try other.entries.insert(EntryDraft(title: "theirs"))
        let afterOther = try database.dataVersion()
        XCTAssertNotEqual(afterOther, initial)
        XCTAssertEqual(try database.dataVersion(), afterOther, "stable while nothing happens")
        try other.settings.setValue("x", forKey: "y")
        XCTAssertNotEqual(try database.dataVersion(), afterOther)
    }

    /// A bulk import changes the schema (it drops and recreates triggers and the sort indexes).
    /// Another connection that read the old schema and then compiles a statement it never compiled
    /// before must take in the new schema. SQLite 3.40 instead failed with "no such table: entry"
    /// when the full-text insert trigger came after the count trigger in the schema, as in every
    /// database that the bulk import of an earlier version had written to; the store now checks the
    /// schema at the start of every transaction (``GRDB/Database/revalidateSchema()``).
    func testAWriteAfterAnotherConnectionChangedTheSchemaSucceeds() throws {
        let size = SQLiteEntryRepository.bulkThreshold
        try openDatabase().entries.insert(contentsOf: EntryFixtures.drafts(size), progress: nil)
        try SQLiteScript.recreateTrigger(EntrySchema.ftsInsertTrigger, at: databasePath)
        // A new connection (as by a new command) reads that schema...
        let database = try openDatabase()
        XCTAssertEqual(try database.entries.count(filter: .all), size)
        // ...another one changes it...
        let other = try openDatabase()
        try other.entries.insert(contentsOf: EntryFixtures.drafts(size), progress: nil)
        // ...and the first one adds an entry.
        let added = try database.entries.insert(EntryDraft(title: "after the import", body: "wombat"))
        XCTAssertEqual(try database.entries.search("wombat", limit: 5).map(\.id), [added.id])
        XCTAssertEqual(try other.entries.count(filter: .all), 2 * size + 1)
        try database.settings.setValue("on", forKey: "after-the-import")
        XCTAssertEqual(try other.settings.value(forKey: "after-the-import"), "on")
    }

    func testAReadAfterAnotherConnectionsImportSeesIt() throws {
        let size = SQLiteEntryRepository.bulkThreshold
        try openDatabase().entries.insert(contentsOf: EntryFixtures.drafts(size), progress: nil)
        let database = try openDatabase()
        XCTAssertEqual(try database.entries.count(filter: .all), size)
        try openDatabase().entries.insert(contentsOf: EntryFixtures.drafts(size), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), 2 * size)
        XCTAssertEqual(try database.entries.search("body", limit: 3).count, 3)
        XCTAssertEqual(try database.entries.tags().map(\.tag), ["even", "odd", "third"])
    }
}
