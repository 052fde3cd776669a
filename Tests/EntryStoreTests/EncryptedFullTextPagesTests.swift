import EntryModel
import Foundation
import GRDB
@testable import SQLiteStore
import XCTest

/// The full-text index of an encrypted journal keeps each of its rows in one page, as a plain
/// journal's does: its pages are 40 bytes smaller, and FTS5's default row size (4,050 bytes) would
/// spill every full row into an overflow page, two page reads (and two decryptions) for one.
final class EncryptedFullTextPagesTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    /// Enough entries, of enough different words, that the index's rows fill up to their size.
    private func drafts() -> [EntryDraft] {
        (0..<3_000).map { number in
            let words = (0..<24).map { "word\((number * 7 + $0 * 131) % 4_001)" }
            return EntryDraft(title: "entry \(number)", body: words.joined(separator: " "), tags: ["t\(number % 40)"])
        }
    }

    /// The index's overflow pages and its largest row.
    private func indexPages(_ database: EntryDatabase) throws -> (overflowPages: Int, largestRow: Int) {
        try database.entries.writer.read { db in
            let overflow =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM dbstat WHERE name = 'entryFTS_data' AND pagetype = 'overflow'") ?? -1
            let largest = try Int.fetchOne(db, sql: "SELECT max(length(block)) FROM entryFTS_data") ?? 0
            return (overflow, largest)
        }
    }

    func testANewEncryptedJournalsIndexRowsFitInItsPages() throws {
        let created = try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest)
        try created.database.entries.insert(contentsOf: drafts(), progress: nil)
        for word in ["word17", "word4000"] {
            _ = try created.database.entries.insert(EntryDraft(title: "one more", body: word))
        }
        let pages = try indexPages(created.database)
        XCTAssertGreaterThan(pages.largestRow, 3_900, "the index has full rows")
        XCTAssertEqual(pages.overflowPages, 0, "no row of the index spills into an overflow page")
        // (The last word of a search is a prefix: no other word starts with "word4000".)
        let expected = drafts().filter { $0.body.split(separator: " ").contains("word4000") }.count + 1
        XCTAssertEqual(try created.database.entries.search("word4000", limit: 500).count, expected)
        try created.database.close()
    }

    func testAJournalEncryptedLaterHasItsIndexRowsWrittenToFitItsPages() throws {
        let plain = try openDatabase(at: databasePath)
        try plain.entries.insert(contentsOf: drafts(), progress: nil)
        let before = try plain.entries.search("word4000", limit: 500).map(\.id)
        XCTAssertFalse(before.isEmpty)
        try plain.close()
        _ = try JournalConversion.encrypt(path: databasePath, passphrase: passphrase, cost: .fastest)
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        let encrypted = try openDatabase(at: databasePath) { $0.encryptionKey = key }
        let pages = try indexPages(encrypted)
        XCTAssertGreaterThan(pages.largestRow, 3_900, "the index has full rows")
        XCTAssertEqual(pages.overflowPages, 0, "no row of the index spills into an overflow page")
        XCTAssertEqual(try encrypted.entries.search("word4000", limit: 500).map(\.id), before)
        try encrypted.close()
    }
}
