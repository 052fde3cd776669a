import GRDB
import XCTest
@testable import EntryModel
@testable import SQLiteStore

/// A database file is checked before anything is written to it, and stays byte for byte as it was
/// when it is refused or when a write finds it damaged; new journals are private; a FIFO is refused
/// at once (issue 10, findings 3 and 6).
final class EntryDatabaseFileSafetyTests: TemporaryDatabaseTestCase {
    private func makeDatabase(entries count: Int = 20) throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(count), progress: nil)
        try database.close()
    }

    /// Overwrites the full-text index's structure record with bytes that are not one (the same every
    /// time), in the journal mode given (a file damaged elsewhere may have been left in either).
    private func damageFullTextIndex(journalMode: String) throws {
        var configuration = Configuration()
        configuration.journalMode = .default
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journalMode)")
            try db.execute(sql: "UPDATE entryFTS_data SET block = X'0102030405060708090A0B0C0D0E0F10' WHERE id = 10")
        }
        try queue.close()
    }

    /// The companion of the tests below: the byte comparison sees a write (an entry added to an
    /// undamaged copy changes the file).
    func testAWriteToAnUndamagedFileChangesItsBytes() throws {
        try makeDatabase()
        let before = bytes(of: databasePath)
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "added"))
        try database.close()
        XCTAssertNotEqual(bytes(of: databasePath), before)
    }

    func testOpeningForWritingWritesNothingBeforeTheFirstWrite() throws {
        try makeDatabase()
        let before = bytes(of: databasePath)
        let database = try openDatabase()
        XCTAssertFalse(database.isReadOnly)
        XCTAssertEqual(try database.entries.count(filter: .all), 20)
        try database.close()
        XCTAssertEqual(bytes(of: databasePath), before, "the open wrote to the file (GRDB's set-up write?)")
        XCTAssertFalse(fileExists(databasePath + "-wal"))
        XCTAssertFalse(fileExists(databasePath + "-shm"))
    }

    /// The companion of the test above: a plain GRDB pool does write at open, which the placeholder prevents.
    func testAPlainPoolOpenWritesToTheFile() throws {
        try makeDatabase()
        let before = bytes(of: databasePath)
        let pool = try DatabasePool(path: databasePath)
        try pool.close()
        XCTAssertNotEqual(bytes(of: databasePath), before)
    }

    func testADamagedFullTextIndexFoundByAWriteLeavesTheFileAsItWas() throws {
        for journalMode in ["wal", "delete"] {
            try makeDatabase()
            try damageFullTextIndex(journalMode: journalMode)
            let before = bytes(of: databasePath)
            let hadWAL = fileExists(databasePath + "-wal")
            XCTAssertThrowsError(
                try {
                    let database = try openDatabase()
                    defer { try? database.close() }
                    try database.entries.insert(EntryDraft(title: "x", body: "hello"))
                }(), journalMode
            ) { error in
                guard case .corrupt = error as? EntryStoreError else { return XCTFail("\(journalMode): \(error)") }
            }
            XCTAssertEqual(bytes(of: databasePath), before, "\(journalMode): the damaged file changed")
            XCTAssertEqual(fileExists(databasePath + "-wal"), hadWAL, journalMode)
            XCTAssertFalse(fileExists(databasePath + "-shm"), journalMode)
            try FileManager.default.removeItem(atPath: databasePath)
        }
    }

    func testAFileInRollbackModeIsCheckedThenSwitchedToWALModeForGood() throws {
        try makeDatabase()
        var configuration = Configuration()
        configuration.journalMode = .default
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        XCTAssertFalse(DatabaseFile.isInWALMode(databasePath))
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "added"))
        try database.close()
        XCTAssertTrue(DatabaseFile.isInWALMode(databasePath), "the file's header still says rollback mode")
        XCTAssertEqual(try openDatabase().entries.count(filter: .all), 21)
    }

    func testANewJournalIsPrivateInAPrivateFolder() throws {
        let path = folder + "/new/deeper/entries.sqlite"
        let database = try openDatabase(at: path)
        try database.entries.insert(EntryDraft(title: "secret"))
        XCTAssertEqual(mode(of: path), 0o600)
        XCTAssertEqual(mode(of: path + "-wal"), 0o600, "-wal follows the database")
        XCTAssertEqual(mode(of: path + "-shm"), 0o600, "-shm follows the database")
        try database.close()
        XCTAssertEqual(mode(of: folder + "/new"), 0o700)
        XCTAssertEqual(mode(of: folder + "/new/deeper"), 0o700)
        // An existing folder keeps its mode.
        chmod(folder, 0o755)
        try openDatabase(at: folder + "/other.sqlite").close()
        XCTAssertEqual(mode(of: folder), 0o755)
        XCTAssertEqual(mode(of: folder + "/other.sqlite"), 0o600)
    }

    func testAFIFOADeviceOrAFolderIsRefusedAtOnce() throws {
        let fifo = folder + "/pipe.sqlite"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for readOnly in [false, true] {
            assertThrows(.cannotOpen(path: fifo, reason: "it is a named pipe (FIFO), not a file: choose a file")) {
                try openDatabase(at: fifo) { $0.readOnly = readOnly }
            }
        }
        assertThrows(.cannotOpen(path: "/dev/null", reason: "it is a device, not a file: choose a file")) {
            try openDatabase(at: "/dev/null")
        }
        try makeDatabase()
        XCTAssertEqual(mkfifo(databasePath + "-wal", 0o600), 0)
        XCTAssertThrowsError(try openDatabase()) { error in
            XCTAssertTrue("\(error)".contains("-wal is a named pipe (FIFO)"), "\(error)")
        }
    }

    private func mode(of path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o777
    }
}
