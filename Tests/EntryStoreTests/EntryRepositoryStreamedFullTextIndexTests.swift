import EntryInterchange
@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The full-text index of a streamed insert into a small store, built beside on another thread in a
/// scratch file (`StreamedFullTextIndex`): the same index as one built in place, the file gone
/// afterwards whatever happened, and in place when the scratch file cannot be made.
final class EntryRepositoryStreamedFullTextIndexTests: TemporaryDatabaseTestCase {
    private struct Refused: Error {}

    func testTheIndexBuiltBesideIsTheOneAnArrayInsertBuildsAndItsFileIsRemoved() throws {
        for existing in [0, 1_100] {
            let existingDrafts = BulkDrafts.make(existing), added = BulkDrafts.make(2_300, seed: 4)
            let path = folder + "/beside-\(existing).sqlite"
            let streamed = try openDatabase(at: path)
            try streamed.entries.insert(contentsOf: existingDrafts, progress: nil)
            try insertInBatches(added, into: streamed)
            XCTAssertEqual(streamed.entries.lastStreamedInsertTimings?.fullTextIndexBuiltBeside, true)
            XCTAssertFalse(FileManager.default.fileExists(atPath: StreamedFullTextIndex.scratchPath(for: path)))
            let whole = try openDatabase(at: folder + "/whole-\(existing).sqlite")
            try whole.entries.insert(contentsOf: existingDrafts + added, progress: nil)
            try assertIndexMatchesContent(streamed)
            XCTAssertEqual(try StoreSnapshot(streamed.entries), try StoreSnapshot(whole.entries), "\(existing)")
            let settings = "SELECT k, v FROM entryFTS_config ORDER BY k"
            XCTAssertEqual(
                try streamed.entries.writer.read { try Row.fetchAll($0, sql: settings) },
                try whole.entries.writer.read { try Row.fetchAll($0, sql: settings) },
                "the index's own settings are back")
            for word in ["café", "eclair", "naïve", "日本語", "quokka garden"] {
                XCTAssertEqual(
                    try streamed.entries.search(word, limit: 100), try whole.entries.search(word, limit: 100), word)
            }
        }
    }

    func testAFileLeftByAKilledImportIsReplaced() throws {
        let path = folder + "/leftover.sqlite"
        let database = try openDatabase(at: path)
        let scratch = StreamedFullTextIndex.scratchPath(for: path)
        try Data("not a database, and not this import's".utf8).write(to: URL(fileURLWithPath: scratch))
        try insertInBatches(BulkDrafts.make(1_200), into: database)
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.fullTextIndexBuiltBeside, true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch))
        try assertIndexMatchesContent(database)
    }

    func testWithoutAScratchFileTheNewRowsAreIndexedInPlace() throws {
        let path = folder + "/in-place.sqlite"
        let database = try openDatabase(at: path)
        let scratch = StreamedFullTextIndex.scratchPath(for: path)
        // A folder where the scratch file would go: not removed, not written into.
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        try FileManager.default.createFile(atPath: scratch + "/kept", contents: Data("mine".utf8))
        let drafts = BulkDrafts.make(1_500)
        try insertInBatches(drafts, into: database)
        XCTAssertEqual(database.entries.lastStreamedInsertTimings?.fullTextIndexBuiltBeside, false)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), ["kept"])
        let whole = try openDatabase(at: folder + "/whole.sqlite")
        try whole.entries.insert(contentsOf: drafts, progress: nil)
        try assertIndexMatchesContent(database)
        XCTAssertEqual(try StoreSnapshot(database.entries), try StoreSnapshot(whole.entries))
    }

    func testAFailedImportRemovesTheScratchFile() throws {
        let path = folder + "/failed.sqlite"
        let database = try openDatabase(at: path)
        try database.seedSampleEntries()
        XCTAssertThrowsError(
            try database.entries.insert(
                batchesFrom: { write in
                    try write(BulkDrafts.make(900))
                    XCTAssertTrue(FileManager.default.fileExists(atPath: StreamedFullTextIndex.scratchPath(for: path)))
                    try write(BulkDrafts.make(900, seed: 2))
                    throw Refused()
                }, progress: nil))
        XCTAssertFalse(FileManager.default.fileExists(atPath: StreamedFullTextIndex.scratchPath(for: path)))
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        try assertIndexMatchesContent(database)
    }

    // MARK: - Helpers

    private func insertInBatches(_ drafts: [EntryDraft], into database: EntryDatabase) throws {
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 500) {
                    try write(Array(drafts[start..<min(drafts.count, start + 500)]))
                }
            }, progress: nil)
    }

    private func assertIndexMatchesContent(
        _ database: EntryDatabase, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertNoThrow(
            try database.entries.writer.write { db in
                try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('integrity-check', 1)")
            }, file: file, line: line)
    }
}
