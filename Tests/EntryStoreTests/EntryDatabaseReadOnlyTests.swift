@testable import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// Read-only databases: reads work, writes throw `readOnly`, and the file is never modified.
final class EntryDatabaseReadOnlyTests: TemporaryDatabaseTestCase {
    private func makeDatabaseWithEntries() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(40), progress: nil)
        try database.settings.setValue("title", forKey: "sortOrder")
        try database.close()
    }

    func testReadOnlyOpenReadsAndRefusesEveryWriteWithoutChangingTheFile() throws {
        try makeDatabaseWithEntries()
        let before = bytes(of: databasePath)
        let database = try openDatabase { $0.readOnly = true }
        XCTAssertTrue(database.isReadOnly)
        XCTAssertFalse(database.wasCreated)
        XCTAssertEqual(try database.entries.count(filter: .all), 40)
        XCTAssertEqual(try database.entries.page(PageRequest(order: .title, limit: 10)).count, 10)
        XCTAssertEqual(try database.entries.search("body", limit: 5).count, 5)
        XCTAssertEqual(try database.settings.value(forKey: "sortOrder"), "title")
        let first = try XCTUnwrap(try database.entries.entry(id: 1))
        let refused = EntryStoreError.readOnly(path: databasePath)
        assertThrows(refused) { try database.entries.insert(EntryDraft(title: "no")) }
        assertThrows(refused) { try database.entries.insert(contentsOf: [EntryDraft(title: "no")], progress: nil) }
        assertThrows(refused) { try database.entries.update(first) }
        assertThrows(refused) { try database.entries.delete(id: 1) }
        assertThrows(refused) { try database.settings.setValue("x", forKey: "y") }
        assertThrows(refused) { try database.seedSampleEntries() }
        try database.close()
        XCTAssertEqual(bytes(of: databasePath), before)
        XCTAssertEqual(refused.description, "\(databasePath) is read-only: cannot add/edit/delete")
    }

    func testReadOnlyOpenOfAMissingFileFailsWithoutCreatingIt() {
        assertThrows(.cannotOpen(path: databasePath, reason: "no such file")) {
            try openDatabase { $0.readOnly = true }
        }
        XCTAssertFalse(fileExists(databasePath))
    }

    func testReadOnlyOpenOfAnEmptyFileNeedsAnUpgrade() {
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: Data()))
        assertThrows(.needsUpgrade(path: databasePath)) { try openDatabase { $0.readOnly = true } }
        XCTAssertEqual(bytes(of: databasePath), Data())
    }

    /// v3 to v5 are not needed for reading, but v6 (the star every row read has) is, and a
    /// database without v3 has no v6 either: a read-only open refuses it, untouched, with what to do.
    func testAReadOnlyOpenRefusesADatabaseWithoutTheStarsAndAWritableOpenUpgradesIt() throws {
        for migration in [EntrySchema.v3, EntrySchema.v6Starred] {
            let path = folder + "/\(migration).sqlite"
            let database = try openDatabase(at: path)
            try database.entries.insert(EntryDraft(title: "kept", tags: ["t"]))
            try database.close()
            try SQLiteScript.rollBack(toBefore: migration, at: path)
            let before = bytes(of: path)
            assertThrows(.needsUpgrade(path: path)) { try openDatabase(at: path) { $0.readOnly = true } }
            XCTAssertEqual(bytes(of: path), before, "left as it is")
            // A writable open upgrades it.
            let writer = try openDatabase(at: path)
            XCTAssertEqual(try writer.entries.insert(EntryDraft(title: "new", starred: true)).id, 2, "\(migration)")
            XCTAssertEqual(try writer.entries.page(PageRequest(order: .oldest)).map(\.starred), [false, true])
            try writer.close()
            let reader = try openDatabase(at: path) { $0.readOnly = true }
            XCTAssertEqual(try reader.entries.count(filter: EntryFilter(starred: true)), 1)
            try reader.close()
        }
    }

    func testAFileWithoutWritePermissionOpensReadOnly() throws {
        try XCTSkipIf(
            isRoot,
            """
            running as root: chmod 444 does not stop root from writing, so the file cannot be made \
            read-only here; the readOnly configuration, which takes the same path, is tested above
            """)
        try makeDatabaseWithEntries()
        XCTAssertEqual(chmod(databasePath, 0o444), 0)
        let before = bytes(of: databasePath)
        let database = try openDatabase()
        XCTAssertTrue(database.isReadOnly)
        XCTAssertEqual(try database.entries.count(filter: .all), 40)
        assertThrows(.readOnly(path: databasePath)) { try database.entries.insert(EntryDraft(title: "no")) }
        try database.close()
        XCTAssertEqual(bytes(of: databasePath), before)
    }
}
