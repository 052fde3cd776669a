@testable import EntryStore
import Foundation
import GRDB
import XCTest

/// New databases get 16 KiB pages; a database made with another page size keeps it and works the same.
final class EntryDatabasePageSizeTests: TemporaryDatabaseTestCase {
    func testANewDatabaseHas16KiBPages() throws {
        try openDatabase().close()
        XCTAssertEqual(try pageSize(), 16_384)
    }

    func testADatabaseWith4KiBPagesKeepsThemThroughImportsAndSearches() throws {
        // As SQLite's default made them before: the page size is fixed by the first write.
        try SQLiteScript.run(["PRAGMA page_size = 4096", "PRAGMA journal_mode = WAL", "CREATE TABLE t(x)", "DROP TABLE t"], at: databasePath)
        XCTAssertEqual(try pageSize(), 4_096)
        let database = try openDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold * 2), progress: nil)
        try database.entries.insert(EntryDraft(title: "one more wombat"))
        XCTAssertEqual(try database.entries.search("wombat", limit: 5).count, 1)
        XCTAssertEqual(try database.entries.search("body 999", limit: 1).first?.title, EntryFixtures.drafts(1_000)[999].title)
        try database.close()
        XCTAssertEqual(try pageSize(), 4_096)
    }

    private func pageSize() throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "PRAGMA page_size") ?? 0 }
    }
}
