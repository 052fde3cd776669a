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
        assertThrows(.cannotOpen(path: databasePath, reason: "no such file")) { try openDatabase { $0.readOnly = true } }
        XCTAssertFalse(fileExists(databasePath))
    }

    func testReadOnlyOpenOfAnEmptyFileNeedsAnUpgrade() {
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: Data()))
        assertThrows(.needsUpgrade(path: databasePath)) { try openDatabase { $0.readOnly = true } }
        XCTAssertEqual(bytes(of: databasePath), Data())
    }

    func testAReadOnlyOpenReadsADatabaseMissingOnlyMigrationsThatReadsDoNotNeed() throws {
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "kept", tags: ["t"]))
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v3, at: databasePath)
        let before = bytes(of: databasePath)
        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(try reader.entries.count(filter: .all), 1)
        XCTAssertEqual(try reader.entries.search("kept", limit: 5).map(\.title), ["kept"])
        XCTAssertEqual(try reader.entries.tags(), [TagCount(tag: "t", count: 1)])
        XCTAssertEqual(try reader.entries.trashedEntries(), [], "no trash yet: nothing in it")
        try reader.close()
        XCTAssertEqual(bytes(of: databasePath), before, "read as it is")
        // A writable open upgrades it.
        let writer = try openDatabase()
        XCTAssertEqual(try writer.entries.insert(EntryDraft(title: "new")).id, 2)
    }

    func testAFileWithoutWritePermissionOpensReadOnly() throws {
        try XCTSkipIf(isRoot, """
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
