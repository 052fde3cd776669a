import Foundation
import GRDB
@testable import SQLiteStore
import XCTest

/// Looking at a journal's first bytes to see whether it is encrypted must not drop the POSIX locks
/// this process holds on it through SQLite: a plain close() of any descriptor of the file drops them
/// all. Without its shared lock, another process closing the journal takes it for unused, checkpoints
/// and removes the WAL while this process still writes to it, and the write is lost (`entries edit`
/// looks before opening the editor, with the journal open; two writers lost renames that way).
final class EncryptionProbeLockTests: XCTestCase {
    func testLookingForTheHeaderKeepsThisProcesssLocksOnAnOpenJournal() throws {
        let python = "/usr/bin/python3"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: python), "needs python3 for a second process")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("journal.sqlite").path
        let pool = try DatabasePool(path: path)
        try pool.write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        try pool.read { _ = try Int.fetchOne($0, sql: "SELECT count(*) FROM t") }

        XCTAssertFalse(
            try Self.anotherProcessLocksExclusively(path, python: python),
            "SQLite holds a shared lock on a journal it has open in WAL mode")
        XCTAssertFalse(JournalKey.isEncrypted(path: path))
        XCTAssertFalse(
            try Self.anotherProcessLocksExclusively(path, python: python),
            "looking at the header dropped SQLite's lock on the journal")
        // Every other look at the file's first bytes goes the same way (an open of the same journal
        // elsewhere in the process starts with them).
        XCTAssertEqual(try DatabaseFile.inspect(path), .sqlite)
        XCTAssertTrue(DatabaseFile.isInWALMode(path))
        XCTAssertFalse(
            try Self.anotherProcessLocksExclusively(path, python: python),
            "reading the file's first bytes dropped SQLite's lock on the journal")
        try pool.close()
    }

    /// Whether another process can lock SQLite's shared-lock bytes of `path` for itself right now.
    private static func anotherProcessLocksExclusively(_ path: String, python: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        // SQLite's shared range: 510 bytes from PENDING_BYTE + 2 (0x40000002).
        process.arguments = [
            "-c",
            """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR)
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 510, 0x40000002, 0)
                print("locked")
            except OSError:
                print("refused")
            """, path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.contains("locked")
    }
}
