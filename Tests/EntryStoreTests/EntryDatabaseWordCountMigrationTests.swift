@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// v10: a journal an older version wrote gets the word count of every entry when migrated, reads
/// counts (of the bodies it reads) when opened read-only before that, and another connection's
/// writes carry their counts.
final class EntryDatabaseWordCountMigrationTests: TemporaryDatabaseTestCase {
    func testAnOlderJournalGetsTheCountOfEveryEntryWhenMigrated() throws {
        let database = try openDatabase()
        let bodies = (0..<2_500).map { index in index % 3 == 0 ? "" : String(repeating: "word ", count: index % 50) }
        try database.entries.insert(
            contentsOf: bodies.enumerated().map { EntryDraft(title: "Item \($0.offset)", body: $0.element) },
            progress: nil)
        let trashed = try database.entries.insert(EntryDraft(title: "Trashed", body: "two words"))
        try database.entries.delete(id: trashed.id)
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v11WordCount, at: databasePath)
        let columns = try DatabaseColumns.names(of: "entry", at: databasePath)
        XCTAssertFalse(columns.contains("words"), "rolled back: \(columns)")

        let reader = try openDatabase { $0.readOnly = true }
        try assertCounts(reader.entries, "read-only, before the migration")
        try reader.close()

        let migrated = try openDatabase()
        try assertCounts(migrated.entries, "migrated")
        let restored = try migrated.entries.restore(id: trashed.id)
        XCTAssertEqual(
            try migrated.entries.page(PageRequest(order: .newest, limit: 1)).first?.words, 2,
            "restored: \(restored.title)")
    }

    /// The migration rewrites every entry; what it wrote is in the file once the journal is open, not
    /// in a WAL every later read would search (400 MB at 1,000,000 entries). A small journal
    /// (under `compactedPageLimit` pages) is rewritten whole instead, so this one is larger.
    func testAMigratedJournalLeavesNothingInItsWAL() throws {
        let database = try openDatabase()
        try database.entries.insert(
            contentsOf: (0..<3_000).map {
                EntryDraft(title: "Item \($0)", body: String(repeating: "word ", count: 200))
            }, progress: nil)
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v11WordCount, at: databasePath)
        XCTAssertGreaterThan(bytes(of: databasePath).count, DatabaseOpener.compactedPageLimit * 4_096)

        let migrated = try openDatabase()
        defer { try? migrated.close() }
        XCTAssertEqual(try migrated.entries.page(PageRequest(order: .newest, limit: 1)).first?.words, 200)
        let wal = (try? FileManager.default.attributesOfItem(atPath: databasePath + "-wal")[.size] as? Int) ?? 0
        XCTAssertEqual(wal, 0, "the migration's pages were left in the WAL")
    }

    func testAnotherConnectionsWritesCarryTheirCounts() throws {
        let mine = try openDatabase()
        let theirs = try openDatabase()
        let written = try theirs.entries.insert(EntryDraft(title: "Theirs", body: "one two three"))
        XCTAssertEqual(try mine.entries.page(PageRequest(order: .newest, limit: 1)).first?.words, 3)
        var edited = written
        edited.body = "one"
        try theirs.entries.update(edited)
        XCTAssertEqual(try mine.entries.page(PageRequest(order: .newest, limit: 1)).first?.words, 1)
        try theirs.close()
        try mine.close()
    }

    private func assertCounts(
        _ entries: SQLiteEntryRepository, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var anchor = PageAnchor.start
        var seen = 0
        while true {
            let page = try entries.page(PageRequest(order: .title, anchor: anchor, limit: 400))
            guard let last = page.last else { break }
            let stored = Dictionary(uniqueKeysWithValues: try entries.entries(ids: page.map(\.id)).map { ($0.id, $0) })
            for summary in page {
                XCTAssertEqual(
                    summary.words, WordCount.of(stored[summary.id]?.body ?? "-"), "\(message): \(summary.title)",
                    file: file, line: line)
            }
            seen += page.count
            anchor = .after(last)
        }
        XCTAssertEqual(seen, 2_500, message, file: file, line: line)
        let found = try entries.search("word", limit: 10)
        XCTAssertFalse(found.isEmpty, message, file: file, line: line)
        XCTAssertTrue(found.allSatisfy { $0.words > 0 }, message, file: file, line: line)
    }
}

/// The column names of a table in the file at `path`, read through a read-only connection.
enum DatabaseColumns {
    static func names(of table: String, at path: String) throws -> [String] {
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try $0.columns(in: table).map(\.name) }
    }
}
