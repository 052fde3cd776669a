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
        var grown = false
        XCTAssertThrowsError(
            try database.entries.insert(
                batchesFrom: { write in
                    // Large enough that pages go into the file before the refusal (rolled back from the journal).
                    for start in stride(from: 0, to: 6_000, by: 1_000) {
                        try write(
                            BulkDrafts.make(1_000, seed: UInt64(start)).map { draft in
                                var draft = draft
                                draft.body += " " + String(repeating: "filler ", count: 600)
                                return draft
                            })
                    }
                    heldAlone = FileKind(self.databasePath + "-journal") == .regular
                    grown = self.bytes(of: self.databasePath).count > 2 * before.count
                    throw Refused()
                }, progress: nil)
        ) { XCTAssertTrue($0 is Refused, "\($0)") }
        XCTAssertTrue(heldAlone, "the import ran in rollback-journal mode")
        XCTAssertTrue(grown, "pages were written into the file before the refusal")
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
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'entry'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
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
                    _ = try queue.writeWithoutTransaction {
                        try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE")
                    }
                    try queue.close()
                    XCTAssertFalse(DatabaseFile.isInWALMode(path))
                }
                XCTAssertTrue(ImportRollbackMarker(databasePath: path).create())
                let reopened = try openDatabase(at: path) { $0.readOnly = readOnly }
                XCTAssertEqual(
                    try reopened.entries.count(filter: .all), 600,
                    "rollback mode \(inRollbackMode), read-only \(readOnly)")
                try reopened.close()
                XCTAssertTrue(DatabaseFile.isInWALMode(path), "rollback mode \(inRollbackMode), read-only \(readOnly)")
                XCTAssertFalse(fileExists(ImportRollbackMarker(databasePath: path).path))
            }
        }
    }

    /// A killed import's files (the journal and its hot `-journal`) on read-only media: a read-only
    /// look must not read past the hot journal (as if the half-done import were the journal, which
    /// the schema check then calls changed outside entries, to be restored from a backup), but say
    /// that an unfinished transaction needs the file opened once where it can be written.
    func testAKilledImportOnReadOnlyMediaIsNotReadPastItsHotJournal() throws {
        let path = folder + "/killed.sqlite"
        let media = folder + "/media"
        let copy = media + "/killed.sqlite"
        let database = try openDatabase(at: path)
        let drafts = BulkDrafts.make(6_000).map { draft in
            var draft = draft
            draft.body += " " + String(repeating: "filler ", count: 600)
            return draft
        }
        var readOnly: ReadOnlyMedia?
        defer { readOnly?.release() }
        try database.entries.insert(
            batchesFrom: { write in
                try write(Array(drafts[0..<5_000]))
                readOnly = try ReadOnlyMedia.make(at: media) {
                    for suffix in ["", "-journal"] {
                        try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
                    }
                }
                try write(Array(drafts[5_000...]))
            }, progress: nil)
        XCTAssertTrue(fileExists(copy + "-journal"))
        let before = bytes(of: copy)
        for readOnlyOpen in [true, false] {
            XCTAssertThrowsError(try openDatabase(at: copy) { $0.readOnly = readOnlyOpen }) { error in
                XCTAssertTrue("\(error)".contains("left unfinished"), "says why: \(error)")
                XCTAssertFalse("\(error)".contains("backup"), "\(error)")
            }
        }
        XCTAssertEqual(bytes(of: copy), before, "the file is byte for byte as it was")
    }

    /// The same with the import's own marker, which names the copy: the message says that an import
    /// by entries was interrupted, not that another program's write was.
    func testAKilledImportWithItsMarkerOnReadOnlyMediaSaysSo() throws {
        let path = folder + "/killed.sqlite"
        let media = folder + "/media"
        let copy = media + "/killed.sqlite"
        let database = try openDatabase(at: path)
        var readOnly: ReadOnlyMedia?
        defer { readOnly?.release() }
        try database.entries.insert(
            batchesFrom: { write in
                try write(
                    BulkDrafts.make(5_000).map { draft in
                        var draft = draft
                        draft.body += " " + String(repeating: "filler ", count: 600)
                        return draft
                    })
                readOnly = try ReadOnlyMedia.make(at: media) {
                    for suffix in ["", "-journal"] {
                        try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
                    }
                    XCTAssertTrue(ImportRollbackMarker(databasePath: copy).create())
                }
                try write(BulkDrafts.make(1_000, seed: 5))
            }, progress: nil)
        XCTAssertTrue(fileExists(copy + "-journal"))
        let before = bytes(of: copy)
        XCTAssertThrowsError(try openDatabase(at: copy) { $0.readOnly = true }) { error in
            XCTAssertTrue("\(error)".contains("an import by entries was interrupted"), "says why: \(error)")
            XCTAssertTrue("\(error)".contains(copy + "-journal"), "names the journal: \(error)")
        }
        XCTAssertEqual(bytes(of: copy), before, "the file is byte for byte as it was")
    }
}

/// A file left in rollback mode by an import (killed after its commit, or whose switch back failed)
/// on a full disk: the open cannot put WAL mode back, and reads it as it is.
final class ExclusiveImportJournalFullDiskTests: XCTestCase {
    func testAFileLeftInRollbackModeOnAFullDiskIsStillRead() throws {
        guard getuid() == 0 else { throw XCTSkip("a full disk needs a small tmpfs, which only root can mount") }
        let folder = NSTemporaryDirectory() + "entries-full-disk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard ReadOnlyMedia.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder]) else {
            throw XCTSkip("cannot mount a tmpfs")
        }
        defer { _ = ReadOnlyMedia.run("/bin/umount", [folder]) }
        let path = folder + "/entries.sqlite"
        let database = try EntryDatabase(path: path)
        _ = try database.entries.insert(EntryDraft(title: "kept"))
        try database.close()
        let queue = try DatabaseQueue(path: path)
        _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        XCTAssertTrue(ImportRollbackMarker(databasePath: path).create())
        // Fill the disk.
        let filler = try XCTUnwrap(
            FileHandle(
                forWritingAtPath: {
                    FileManager.default.createFile(atPath: folder + "/filler", contents: nil)
                    return folder + "/filler"
                }()))
        let block = Data(count: 4_096)
        while (try? filler.write(contentsOf: block)) != nil {}
        try? filler.close()

        var configuration = EntryDatabase.Configuration()
        configuration.readOnly = true
        let reading = try EntryDatabase(path: path, configuration: configuration)
        XCTAssertEqual(try reading.entries.count(filter: .all), 1)
        try reading.close()
        XCTAssertTrue(
            fileExists(ImportRollbackMarker(databasePath: path).path), "kept for an open that can put WAL mode back")
        // Once there is room, the next open puts WAL mode back.
        unlink(folder + "/filler")
        XCTAssertEqual(try EntryDatabase(path: path).entries.count(filter: .all), 1)
        XCTAssertTrue(DatabaseFile.isInWALMode(path))
        XCTAssertFalse(fileExists(ImportRollbackMarker(databasePath: path).path))
    }

    private func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

/// A folder this process cannot write, holding the files `fill` puts there: `chmod 555` for an
/// ordinary user; for root, whom permissions do not stop, a tmpfs remounted read-only (skipped when
/// it cannot mount one).
private final class ReadOnlyMedia {
    private let folder: String
    private let mounted: Bool

    private init(folder: String, mounted: Bool) {
        self.folder = folder
        self.mounted = mounted
    }

    static func make(at folder: String, fill: () throws -> Void) throws -> ReadOnlyMedia {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() != 0 {
            try fill()
            chmod(folder, 0o555)
            return ReadOnlyMedia(folder: folder, mounted: false)
        }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", folder]) else {
            throw XCTSkip("running as root without the right to mount a tmpfs")
        }
        let media = ReadOnlyMedia(folder: folder, mounted: true)
        try fill()
        guard run("/bin/mount", ["-o", "remount,ro", folder]) else {
            media.release()
            throw XCTSkip("cannot remount a tmpfs read-only")
        }
        return media
    }

    func release() {
        if mounted { _ = Self.run("/bin/umount", [folder]) } else { chmod(folder, 0o755) }
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
