import EntryModel
import Foundation
@testable import SQLiteStore
import XCTest

/// A read-only open (`entries list`, `show`, `export`…) leaves the folder as it found it: SQLite makes
/// a `-wal` and a `-shm` beside a WAL journal for any connection, even a read-only one, which cannot
/// take them away when it closes; they go unless a writer is using them.
final class ReadOnlyLeavesNoFilesTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    private func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The folder's files once they stop changing toward `expected`: a released database's connection
    /// is closed with its last reference, which GRDB may drop on its own queue a moment later.
    private func names(awaiting expected: [String]) -> [String] {
        for _ in 0..<40 where names() != expected { usleep(50_000) }
        return names()
    }

    private func makePlain() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(30), progress: nil)
        try database.close()
    }

    private func makeEncrypted() throws -> JournalKey {
        let created = try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest)
        try created.database.entries.insert(contentsOf: EntryFixtures.drafts(30), progress: nil)
        try created.database.close()
        return try JournalKey.unlock(path: databasePath, passphrase: passphrase)
    }

    /// Reads as `entries list` does, then closes explicitly or by letting the database go.
    private func readOnce(key: JournalKey?, closing: Bool) throws {
        let database = try openDatabase {
            $0.readOnly = true
            $0.encryptionKey = key
        }
        XCTAssertEqual(try database.entries.page(PageRequest(order: .newest, limit: 10)).count, 10)
        XCTAssertEqual(try database.entries.search("body", limit: 5).count, 5)
        if closing { try database.close() }
    }

    func testAReadOnlyOpenOfAPlainJournalLeavesNoFileBehind() throws {
        try makePlain()
        XCTAssertEqual(names(), ["entries.sqlite"])
        let before = bytes(of: databasePath)
        for closing in [true, false] {
            try readOnce(key: nil, closing: closing)
            XCTAssertEqual(names(awaiting: ["entries.sqlite"]), ["entries.sqlite"], closing ? "closed" : "released")
        }
        XCTAssertEqual(bytes(of: databasePath), before, "the journal is byte for byte as it was")
    }

    func testAReadOnlyOpenOfAnEncryptedJournalLeavesNoFileBehind() throws {
        let key = try makeEncrypted()
        XCTAssertEqual(names(), ["entries.sqlite"])
        let before = bytes(of: databasePath)
        for closing in [true, false] {
            try readOnce(key: key, closing: closing)
            XCTAssertEqual(names(awaiting: ["entries.sqlite"]), ["entries.sqlite"], closing ? "closed" : "released")
        }
        XCTAssertEqual(bytes(of: databasePath), before, "the journal is byte for byte as it was")
    }

    /// A writer has the journal open: its `-wal` and `-shm` are its own, and stay, with what it wrote.
    func testAReadOnlyOpenBesideAWriterLeavesTheWritersFiles() throws {
        let key = try makeEncrypted()
        let writer = try openDatabase { $0.encryptionKey = key }
        try writer.entries.insert(EntryDraft(title: "written while a reader came and went"))
        XCTAssertEqual(names(), ["entries.sqlite", "entries.sqlite-shm", "entries.sqlite-wal"])
        try readOnce(key: key, closing: true)
        XCTAssertEqual(names(), ["entries.sqlite", "entries.sqlite-shm", "entries.sqlite-wal"])
        try writer.entries.insert(EntryDraft(title: "and after"))
        try writer.close()
        let reader = try openDatabase {
            $0.readOnly = true
            $0.encryptionKey = key
        }
        XCTAssertEqual(try reader.entries.count(filter: .all), 32)
        try reader.close()
        XCTAssertEqual(names(), ["entries.sqlite"])
    }

    /// Files that were there before the read (left by a writer that was killed) are left as they were.
    func testFilesThatWereThereBeforeAreLeft() throws {
        try makePlain()
        let wal = databasePath + "-wal"
        XCTAssertTrue(FileManager.default.createFile(atPath: wal, contents: Data()))
        try readOnce(key: nil, closing: true)
        XCTAssertTrue(fileExists(wal))
    }
}
