@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// Every path that builds or rewrites the whole full-text index leaves it as a plain journal's import
/// does: one segment, on the level its size calls for (`FullTextStructure`), where the single writes
/// after it do not merge it. An encrypted journal's import builds its index in place, `entries encrypt`
/// writes the copied index again, `entries decrypt` copies it: at 1,000,000 entries an early write
/// after the first two merged the whole index and was stopped by the query time limit.
final class FullTextLevelsAfterRebuildTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    /// Entries of words of their own, so that the index has many pages.
    private func drafts(_ count: Int) -> [EntryDraft] {
        (0..<count).map { EntryDraft(title: "entry \($0)", body: "word\($0) alpha\($0) beta\($0 % 97) common") }
    }

    private func importDrafts(_ count: Int, into database: EntryDatabase) throws {
        let drafts = drafts(count)
        try database.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 1_000) {
                    try write(Array(drafts[start..<min(drafts.count, start + 1_000)]))
                }
            }, progress: nil)
    }

    /// FTS5's rows made small (`pgsz`), so that a few thousand entries make a segment of as many
    /// pages, relative to what a write adds, as a large journal's.
    private func useSmallIndexPages(_ database: EntryDatabase) throws {
        try database.entries.writer.write { try ScratchFullTextIndex.configure($0, "pgsz", 64) }
    }

    private func structure(_ database: EntryDatabase) throws -> FullTextStructure {
        let record = try database.entries.writer.read {
            try Data.fetchOne($0, sql: "SELECT block FROM entryFTS_data WHERE id = 10")
        }
        return try XCTUnwrap(record.flatMap { FullTextStructure(record: Array($0)) }, "a structure record FTS5 wrote")
    }

    /// Asserts that the index is one segment of many pages on the level its size calls for, and
    /// returns it.
    @discardableResult
    private func assertOneSegmentOnItsLevel(
        _ database: EntryDatabase, minimumPages: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (segment: FullTextStructure.Segment, level: Int) {
        let built = try structure(database)
        let segments = built.levels.flatMap(\.segments)
        XCTAssertEqual(segments.count, 1, "one segment: \(built.levels.map(\.segments.count))", file: file, line: line)
        let segment = try XCTUnwrap(segments.first, file: file, line: line)
        XCTAssertGreaterThanOrEqual(segment.pages, minimumPages, file: file, line: line)
        let level = FullTextStructure.naturalLevel(ofPages: segment.pages)
        XCTAssertEqual(
            built.levels.count - 1, level, "the segment of \(segment.pages) pages on the level its size calls for",
            file: file, line: line)
        XCTAssertEqual(built.levels.last?.segments, [segment], file: file, line: line)
        try database.entries.writer.write {
            try $0.execute(sql: "INSERT INTO entryFTS(entryFTS) VALUES ('integrity-check')")
        }
        return (segment, level)
    }

    private func createEncrypted() throws -> EntryDatabase {
        try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest).database
    }

    private func openEncrypted() throws -> EntryDatabase {
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        return try openDatabase(at: databasePath) { $0.encryptionKey = key }
    }

    func testAnEncryptedImportLeavesItsSegmentOnItsLevelAndWritesAfterItDoNotMergeIt() throws {
        try assertAnEncryptedImportLeavesItsSegmentOnItsLevel(entriesBefore: 0)
    }

    /// Into a journal that is not empty, the import does not hold the file alone: its connection goes
    /// on as it is after the import.
    func testAnEncryptedImportIntoAJournalOfAFewEntriesLeavesItsSegmentOnItsLevel() throws {
        try assertAnEncryptedImportLeavesItsSegmentOnItsLevel(entriesBefore: 10)
    }

    private func assertAnEncryptedImportLeavesItsSegmentOnItsLevel(entriesBefore: Int) throws {
        let database = try createEncrypted()
        try useSmallIndexPages(database)
        for number in 0..<entriesBefore {
            try database.entries.insert(EntryDraft(title: "before \(number)", body: "common"))
        }
        try importDrafts(6_000, into: database)
        let (segment, level) = try assertOneSegmentOnItsLevel(database, minimumPages: 1_000)
        // More single writes, on the import's own connection, than FTS5's all-at-once merge needs
        // (16 segments a level).
        for write in 0..<100 {
            try database.entries.insert(EntryDraft(title: "added \(write)", body: "a write of its own"))
        }
        let after = try structure(database)
        XCTAssertEqual(
            after.levels.indices.contains(level) ? after.levels[level].segments.first : nil, segment,
            "the imported segment was not rewritten: \(after.levels.map(\.segments.count))")
        XCTAssertEqual(try database.entries.search("word4321", limit: 10).map(\.title), ["entry 4321"])
        XCTAssertEqual(try database.entries.search("added", limit: 1_000).count, 100)
        XCTAssertEqual(try database.entries.search("common", limit: 10_000).count, 6_000 + entriesBefore)
        try database.close()
    }

    func testEncryptingAJournalLeavesItsRewrittenIndexOnItsLevel() throws {
        let plain = try openDatabase(at: databasePath)
        try importDrafts(6_000, into: plain)
        try plain.close()
        _ = try JournalConversion.encrypt(path: databasePath, passphrase: passphrase, cost: .fastest)
        let encrypted = try openEncrypted()
        try assertOneSegmentOnItsLevel(encrypted, minimumPages: 16)
        XCTAssertEqual(try encrypted.entries.search("word4321", limit: 10).map(\.title), ["entry 4321"])
        try encrypted.close()
    }

    /// An encrypted journal imported before its import raised the segment: decrypting it raises it.
    func testDecryptingAJournalLeavesItsIndexOnItsLevel() throws {
        let encrypted = try createEncrypted()
        try useSmallIndexPages(encrypted)
        try encrypted.entries.insert(contentsOf: drafts(3_000), progress: nil)
        // As an import that did not raise it left it: the one segment on level 0.
        let segment = try XCTUnwrap(try structure(encrypted).levels.flatMap(\.segments).first)
        var lowered = try structure(encrypted)
        lowered.levels = [FullTextStructure.Level(merging: 0, segments: [segment])]
        try encrypted.entries.writer.write { db in
            try ConnectionHardening.withoutDefensiveMode(db) {
                try db.execute(
                    sql: "UPDATE entryFTS_data SET block = ? WHERE id = 10", arguments: [Data(lowered.record)])
            }
        }
        try encrypted.close()
        try JournalConversion.decrypt(
            path: databasePath, key: try JournalKey.unlock(path: databasePath, passphrase: passphrase))
        let plain = try openDatabase(at: databasePath)
        let (raised, _) = try assertOneSegmentOnItsLevel(plain, minimumPages: 500)
        XCTAssertEqual(raised, segment, "the same segment, raised")
        XCTAssertEqual(try plain.entries.search("word2999", limit: 10).map(\.title), ["entry 2999"])
        try plain.close()
    }
}
