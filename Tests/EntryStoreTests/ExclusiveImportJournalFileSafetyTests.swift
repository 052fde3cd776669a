@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// An import into an empty journal that fails (a record refused, or the file found damaged) leaves
/// the file byte for byte as it was, also when it held the file alone in rollback-journal mode
/// (``ExclusiveImportJournal``): switching to rollback mode and back commits twice, each time
/// counting a change in the file's header, which would make a refused import's journal differ.
final class ExclusiveImportJournalFileSafetyTests: TemporaryDatabaseTestCase {
    private struct Refused: Error {}

    /// A new, empty journal, closed: the file holds all of it (no -wal beside it).
    private func makeEmptyJournal() throws {
        try openDatabase().close()
        XCTAssertFalse(fileExists(databasePath + "-wal"))
    }

    func testARefusedStreamedImportLeavesTheJournalByteForByte() throws {
        try makeEmptyJournal()
        let before = bytes(of: databasePath)
        let database = try openDatabase()
        var heldAlone = false
        XCTAssertThrowsError(try database.entries.insert(batchesFrom: { write in
            try write(BulkDrafts.make(1_500))
            heldAlone = FileKind(self.databasePath + "-journal") == .regular
            throw Refused()
        }, progress: nil)) { XCTAssertTrue($0 is Refused, "\($0)") }
        XCTAssertTrue(heldAlone, "the import ran in rollback-journal mode")
        try database.close()
        XCTAssertTrue(DatabaseFile.isInWALMode(databasePath))
        XCTAssertEqual(bytes(of: databasePath), before, "the refused import changed the journal")
    }

    /// The entry table's first page overwritten with a page type SQLite does not know: the open
    /// (schema only) does not see it, the import's first read of the table does.
    func testADamagedJournalFoundByAnImportStaysByteForByte() throws {
        try makeEmptyJournal()
        let queue = try DatabaseQueue(path: databasePath)
        let (rootPage, pageSize) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'entry'") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        try queue.close()
        XCTAssertGreaterThan(rootPage, 1)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: databasePath))
        try handle.seek(toOffset: UInt64((rootPage - 1) * pageSize))
        try handle.write(contentsOf: Data([0x55]))
        try handle.close()
        for suffix in ["-wal", "-shm"] { unlink(databasePath + suffix) }
        let before = bytes(of: databasePath)

        let database = try openDatabase()
        XCTAssertThrowsError(try database.entries.insert(contentsOf: BulkDrafts.make(800), progress: nil)) { error in
            guard case .corrupt = error as? EntryStoreError else { return XCTFail("\(error)") }
        }
        try database.close()
        XCTAssertEqual(bytes(of: databasePath), before, "the damaged file changed")
    }

    /// The files as a kill leaves them between the steps of ``ExclusiveImportJournal``'s begin and end
    /// (no hot journal): the marker made but the file still in WAL mode (before the switch, or after
    /// the switch back), or the file in rollback mode after the commit (before the switch back). The
    /// next open, read-only too, reads the import as it was and puts WAL mode back.
    func testAKillBetweenTheStepsOfBeginAndEndLeavesAFileThatOpens() throws {
        for (index, inRollbackMode) in [false, true].enumerated() {
            for readOnly in [false, true] {
                let path = folder + "/steps-\(index)-\(readOnly).sqlite"
                let database = try openDatabase(at: path)
                try database.entries.insert(contentsOf: BulkDrafts.make(600), progress: nil)
                try database.close()
                if inRollbackMode {
                    let queue = try DatabaseQueue(path: path)
                    _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }
                    try queue.close()
                    XCTAssertFalse(DatabaseFile.isInWALMode(path))
                }
                XCTAssertTrue(ImportRollbackMarker(databasePath: path).create())
                let reopened = try openDatabase(at: path) { $0.readOnly = readOnly }
                XCTAssertEqual(try reopened.entries.count(filter: .all), 600, "rollback mode \(inRollbackMode), read-only \(readOnly)")
                try reopened.close()
                XCTAssertTrue(DatabaseFile.isInWALMode(path), "rollback mode \(inRollbackMode), read-only \(readOnly)")
                XCTAssertFalse(fileExists(ImportRollbackMarker(databasePath: path).path))
            }
        }
    }
}
