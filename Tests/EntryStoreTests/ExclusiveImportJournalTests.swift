import EntryInterchange
@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// A streamed import into an empty journal holds the file alone in rollback-journal mode
/// (``ExclusiveImportJournal``): WAL mode comes back after it, whether it succeeded or failed; another
/// connection open on the file sends it down the WAL path; and the file as a kill would leave it
/// (a hot journal and the marker) opens as it was before the import.
final class ExclusiveImportJournalTests: TemporaryDatabaseTestCase {
    private struct Refused: Error {}

    private func importBatches(_ database: EntryDatabase, _ drafts: [EntryDraft], failingAtTheEnd: Bool = false) throws
    {
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 700) {
                    try write(Array(drafts[start..<min(drafts.count, start + 700)]))
                }
                if failingAtTheEnd { throw Refused() }
            }, progress: nil)
    }

    /// Drafts of about 4 KB each: more than the import's page cache holds, so that pages are
    /// written into the file before the commit.
    private func largeDrafts(_ count: Int) -> [EntryDraft] {
        BulkDrafts.make(count).map { draft in
            var draft = draft
            draft.body += " " + String(repeating: "filler ", count: 600)
            return draft
        }
    }

    /// FTS5's own check of the index against the entries' texts.
    private func assertFullTextIndexIsSound(
        _ database: EntryDatabase, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertNoThrow(
            try database.entries.writer.write { db in
                try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('integrity-check', 1)")
            }, file: file, line: line)
    }

    private func assertBackInWALMode(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(DatabaseFile.isInWALMode(path), "the file's header says WAL mode", file: file, line: line)
        XCTAssertNil(FileKind(ImportRollbackMarker(databasePath: path).path), "no marker left", file: file, line: line)
        XCTAssertNil(FileKind(path + "-journal"), "no rollback journal left", file: file, line: line)
    }

    func testAnImportIntoAnEmptyJournalHoldsTheFileAloneThenPutsWALModeBack() throws {
        let path = folder + "/alone.sqlite"
        let database = try openDatabase(at: path)
        let drafts = BulkDrafts.make(2_100)
        try importBatches(database, drafts)
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.heldTheFileAlone, true)
        assertBackInWALMode(path)
        XCTAssertEqual(try database.entries.count(filter: .all), drafts.count)
        try assertFullTextIndexIsSound(database)
        // Another connection reads and writes as usual afterwards (no lock kept, WAL mode for it too).
        let other = try EntryDatabase(path: path)
        XCTAssertEqual(try other.entries.count(filter: .all), drafts.count)
        try other.entries.insert(contentsOf: BulkDrafts.make(3, seed: 4), progress: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), drafts.count + 3)
        XCTAssertEqual(try other.entries.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
    }

    func testAnArrayIntoAnEmptyJournalPutsWALModeBack() throws {
        let path = folder + "/array.sqlite"
        let database = try openDatabase(at: path)
        let drafts = BulkDrafts.make(1_200)
        try database.entries.insert(contentsOf: drafts, progress: nil)
        assertBackInWALMode(path)
        XCTAssertEqual(try EntryDatabase(path: path).entries.count(filter: .all), drafts.count)
        try assertFullTextIndexIsSound(database)
        XCTAssertEqual(
            try database.entries.search("\(drafts[5].body.split(separator: " ").first ?? "a")", limit: 5).isEmpty, false
        )
    }

    func testAFailedImportLeavesNothingAndPutsWALModeBack() throws {
        let path = folder + "/failed.sqlite"
        let database = try openDatabase(at: path)
        XCTAssertThrowsError(try importBatches(database, BulkDrafts.make(2_100), failingAtTheEnd: true)) { error in
            XCTAssertTrue(error is Refused, "\(error)")
        }
        assertBackInWALMode(path)
        XCTAssertEqual(try database.entries.count(filter: .all), 0)
        try database.entries.insert(contentsOf: BulkDrafts.make(2, seed: 3), progress: nil)
        XCTAssertEqual(try EntryDatabase(path: path).entries.count(filter: .all), 2)
    }

    func testAnotherConnectionOnTheFileSendsTheImportThroughTheWAL() throws {
        let path = folder + "/shared.sqlite"
        let database = try openDatabase(at: path)
        let other = try EntryDatabase(path: path)
        other.openReadingConnection()
        let drafts = BulkDrafts.make(1_500)
        try importBatches(database, drafts)
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.heldTheFileAlone, false)
        assertBackInWALMode(path)
        XCTAssertEqual(try other.entries.count(filter: .all), drafts.count)
        try assertFullTextIndexIsSound(database)
    }

    func testAStoreWithEntriesIsImportedIntoThroughTheWAL() throws {
        let path = folder + "/full.sqlite"
        let database = try openDatabase(at: path)
        try database.entries.insert(contentsOf: BulkDrafts.make(10, seed: 2), progress: nil)
        try importBatches(database, BulkDrafts.make(1_500))
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.heldTheFileAlone, false)
        XCTAssertEqual(try database.entries.count(filter: .all), 1_510)
    }

    /// The files as `kill -9` leaves them mid-import: copied while the import runs, after a few
    /// batches have spilled pages into the file (a small page cache makes them spill).
    func testAFileLeftMidImportOpensAsItWasBefore() throws {
        let path = folder + "/killed.sqlite"
        let copy = folder + "/copy.sqlite"
        let database = try openDatabase(at: path)
        let drafts = largeDrafts(6_000)
        var sawJournal = false
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 1_000) {
                    try write(Array(drafts[start..<min(drafts.count, start + 1_000)]))
                    if start == 4_000 {
                        sawJournal = FileKind(path + "-journal") == .regular
                        for suffix in ["", "-journal", "-import-rollback"] where FileKind(path + suffix) != nil {
                            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
                        }
                    }
                }
            }, progress: nil)
        XCTAssertTrue(sawJournal, "the import ran in rollback-journal mode")
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.heldTheFileAlone, true)
        XCTAssertGreaterThan(
            try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int ?? 0, 2_000_000,
            "pages were in the file")

        // The marker copied with the files names the original file, not the copy (as one in an
        // archive, or made by someone else, names no file here): the copy is refused, untouched.
        let copied = try Data(contentsOf: URL(fileURLWithPath: copy))
        XCTAssertThrowsError(try EntryDatabase(path: copy))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), copied, "the file is byte for byte as it was")
        XCTAssertNotNil(FileKind(copy + "-journal"), "the hot journal is left alone")

        // With the marker the import makes for its own file, the open rolls the import back.
        let marker = ImportRollbackMarker(databasePath: copy)
        marker.remove()
        XCTAssertTrue(marker.create())
        let reopened = try EntryDatabase(path: copy)
        XCTAssertEqual(try reopened.entries.count(filter: .all), 0)
        XCTAssertEqual(
            try reopened.entries.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }, "ok")
        assertBackInWALMode(copy)
        try reopened.entries.insert(contentsOf: BulkDrafts.make(600, seed: 8), progress: nil)
        XCTAssertEqual(try reopened.entries.count(filter: .all), 600)
        try assertFullTextIndexIsSound(reopened)
    }

    func testAHotJournalWithoutTheMarkerIsNotRolledBackByTheOpen() throws {
        let path = folder + "/stranger.sqlite"
        let copy = folder + "/stranger-copy.sqlite"
        let database = try openDatabase(at: path)
        let drafts = largeDrafts(6_000)
        try database.entries.insert(
            batchesFrom: { write in
                try write(Array(drafts[0..<5_000]))
                for suffix in ["", "-journal"] {
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
                }
                try write(Array(drafts[5_000...]))
            }, progress: nil)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        XCTAssertThrowsError(try EntryDatabase(path: copy)) { error in
            XCTAssertTrue("\(error)".contains("left unfinished by a program that stopped"), "says why: \(error)")
            XCTAssertTrue("\(error)".contains(copy + "-journal"), "names the journal: \(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before, "the file is byte for byte as it was")
        // Nor with a marker someone else made: one that names no file, or is a link to one that would.
        let marker = ImportRollbackMarker(databasePath: copy)
        let forgeries: [() throws -> Void] = [
            { XCTAssertTrue(FileManager.default.createFile(atPath: marker.path, contents: Data())) },
            {
                XCTAssertTrue(
                    FileManager.default.createFile(
                        atPath: marker.path, contents: Data("entries import of device 1 inode 2\n".utf8)))
            },
            {
                let real = ImportRollbackMarker(databasePath: copy)
                XCTAssertTrue(real.create())
                try FileManager.default.moveItem(atPath: real.path, toPath: self.folder + "/elsewhere")
                try FileManager.default.createSymbolicLink(
                    atPath: marker.path, withDestinationPath: self.folder + "/elsewhere")
            },
        ]
        for forge in forgeries {
            try forge()
            XCTAssertThrowsError(try EntryDatabase(path: copy))
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: copy)), before, "the file is byte for byte as it was")
            marker.remove()
        }
    }
}
