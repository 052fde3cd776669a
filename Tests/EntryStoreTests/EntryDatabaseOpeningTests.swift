import EntryModel
import SQLiteStore
import Foundation
import XCTest

/// Opening and creating database files, and refusing bad ones without touching them.
final class EntryDatabaseOpeningTests: TemporaryDatabaseTestCase {
    func testOpeningAMissingFileCreatesItsFoldersAndSchema() throws {
        let path = folder + "/deep/er/entries.sqlite"
        let database = try openDatabase(at: path)
        XCTAssertTrue(database.wasCreated)
        XCTAssertFalse(database.isReadOnly)
        XCTAssertEqual(database.path, path)
        XCTAssertTrue(fileExists(path))
        XCTAssertEqual(try database.entries.count(filter: .all), 0)
    }

    func testReopeningAnExistingDatabaseKeepsItsEntries() throws {
        let first = try openDatabase()
        try first.entries.insert(EntryDraft(title: "kept"))
        try first.close()
        let second = try openDatabase()
        XCTAssertFalse(second.wasCreated)
        XCTAssertEqual(try second.entries.page(PageRequest(order: .newest)).map(\.title), ["kept"])
    }

    func testClosingLeavesNoWALFilesBehind() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(600), progress: nil)
        _ = try database.entries.page(PageRequest(order: .title))
        XCTAssertTrue(fileExists(databasePath + "-wal"))
        try database.close()
        XCTAssertFalse(fileExists(databasePath + "-wal"))
        XCTAssertFalse(fileExists(databasePath + "-shm"))
        XCTAssertThrowsError(try database.entries.count(filter: .all), "a closed database refuses calls")
    }

    /// A journal being left frees its caches before the next one is read, and stays usable in case the
    /// switch fails: reads and writes after `releaseMemory()` work as before.
    func testReleasingMemoryKeepsTheDatabaseOpenAndUsable() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(600), progress: nil)
        let before = try database.entries.page(PageRequest(order: .title)).map(\.title)
        database.releaseMemory()
        XCTAssertEqual(try database.entries.page(PageRequest(order: .title)).map(\.title), before)
        try database.entries.insert(EntryDraft(title: "after the release"))
        XCTAssertEqual(try database.entries.count(filter: .all), 601)
        try database.close()
        XCTAssertFalse(fileExists(databasePath + "-wal"), "it still closes as a journal does")
    }

    func testAnEmptyFileBecomesANewDatabase() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: Data()))
        let database = try openDatabase()
        XCTAssertTrue(database.wasCreated)
        try database.entries.insert(EntryDraft(title: "first"))
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
    }

    func testCreateIfMissingFalseRefusesAMissingFile() {
        assertThrows(.cannotOpen(path: databasePath, reason: "no such file")) {
            try openDatabase { $0.createIfMissing = false }
        }
        XCTAssertFalse(fileExists(databasePath))
    }

    func testAFolderAtThePathCannotBeCreated() throws {
        try FileManager.default.createDirectory(atPath: databasePath, withIntermediateDirectories: true)
        assertThrows(.cannotCreate(path: databasePath, reason: "it is a folder, not a file")) { try openDatabase() }
    }

    func testAFileWhereTheFolderShouldBeCannotBeCreated() throws {
        let blocker = folder + "/notAFolder"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let path = blocker + "/entries.sqlite"
        XCTAssertThrowsError(try openDatabase(at: path)) { error in
            guard case .cannotCreate(let failedPath, let reason)? = error as? EntryStoreError else {
                return XCTFail("expected cannotCreate, got \(error)")
            }
            XCTAssertEqual(failedPath, path)
            XCTAssertTrue(reason.contains("notAFolder"), reason)
        }
    }

    func testAnUnwritableFolderCannotBeCreated() throws {
        try XCTSkipIf(isRoot, "running as root: folder permissions do not stop root from creating files")
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o555)
        XCTAssertThrowsError(try openDatabase(at: locked + "/entries.sqlite")) { error in
            guard case .cannotCreate? = error as? EntryStoreError else { return XCTFail("got \(error)") }
        }
    }

    func testAFileThatIsNotSQLiteIsRefusedAndLeftUntouched() throws {
        let contents = Data("title,body\nhello,world\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: contents))
        for readOnly in [false, true] {
            assertThrows(.notADatabase(path: databasePath)) { try openDatabase { $0.readOnly = readOnly } }
            XCTAssertEqual(bytes(of: databasePath), contents)
        }
        XCTAssertEqual(
            EntryStoreError.notADatabase(path: "/x.csv").description,
            "/x.csv is not an entries database (not SQLite): choose another file")
        XCTAssertFalse(fileExists(databasePath + "-wal"))
    }

    func testAShortFileThatIsNotSQLiteIsRefused() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: Data("SQLite".utf8)))
        assertThrows(.notADatabase(path: databasePath)) { try openDatabase() }
    }

    func testACorruptFileIsRefusedAndLeftUntouched() throws {
        // A valid header followed by garbage.
        var contents = Data("SQLite format 3\u{0}".utf8)
        contents.append(Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: contents))
        for readOnly in [false, true] {
            XCTAssertThrowsError(try openDatabase { $0.readOnly = readOnly }) { error in
                guard case .corrupt(let path, _)? = error as? EntryStoreError else { return XCTFail("got \(error)") }
                XCTAssertEqual(path, databasePath)
            }
            XCTAssertEqual(bytes(of: databasePath), contents)
        }
    }

    func testADatabaseWithDamagedPagesIsRefusedOrReportedAsCorrupt() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(2_000), progress: nil)
        try database.close()
        var contents = bytes(of: databasePath)
        XCTAssertGreaterThan(contents.count, 64 * 1024)
        // Overwrite everything after the first page (the schema stays readable, the data does not).
        let pageSize = 4_096
        contents.replaceSubrange(
            pageSize..<contents.count, with: Data(repeating: 0xA5, count: contents.count - pageSize))
        try contents.write(to: URL(fileURLWithPath: databasePath))
        do {
            let reopened = try openDatabase { $0.readOnly = true }
            XCTAssertThrowsError(try reopened.entries.page(PageRequest(order: .title, limit: 100))) { error in
                guard case .corrupt? = error as? EntryStoreError else { return XCTFail("got \(error)") }
            }
        } catch let error as EntryStoreError {
            guard case .corrupt = error else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(bytes(of: databasePath), contents)
    }

    func testAnotherApplicationsSQLiteDatabaseIsRefusedAndLeftUntouched() throws {
        try makeForeignDatabase(at: databasePath)
        let before = bytes(of: databasePath)
        assertThrows(.foreignDatabase(path: databasePath)) { try openDatabase() }
        assertThrows(.foreignDatabase(path: databasePath)) { try openDatabase { $0.readOnly = true } }
        XCTAssertEqual(bytes(of: databasePath), before)
    }

    func testInMemoryDatabaseWorksAndIsNew() throws {
        let database = try EntryDatabase.inMemory()
        XCTAssertTrue(database.wasCreated)
        XCTAssertEqual(database.path, ":memory:")
        try database.entries.insert(EntryDraft(title: "memory"))
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
    }

    /// An SQLite database of some other application: a table of its own, none of ours.
    private func makeForeignDatabase(at path: String) throws {
        try SQLiteScript.run(
            ["CREATE TABLE invoice(id INTEGER PRIMARY KEY, total REAL)", "INSERT INTO invoice(total) VALUES (9.5)"],
            at: path)
    }
}
