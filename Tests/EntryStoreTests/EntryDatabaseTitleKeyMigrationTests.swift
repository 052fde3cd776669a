@testable import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// v7: a database an older version wrote gets the title key of every entry (and of those in the trash
/// when they come back), and reads as it is when opened read-only before that.
final class EntryDatabaseTitleKeyMigrationTests: TemporaryDatabaseTestCase {
    func testAnOlderDatabaseGetsTheKeyOfEveryEntryWhenMigrated() throws {
        let database = try openDatabase()
        // More than one batch of the backfill (1,000 rows).
        try database.entries.insert(contentsOf: (1...1_500).map { EntryDraft(title: "Item \($0)") }, progress: nil)
        let trashed = try database.entries.insert(EntryDraft(title: "Élan 3"))
        try database.entries.delete(id: trashed.id)
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v7TitleKey, at: databasePath)
        let columns = try SQLiteScript.columns(of: "entry", at: databasePath)
        XCTAssertFalse(columns.contains("titleKey"), "rolled back to the older schema")

        // Read-only, it is read as the older version read it: `NOCASE`, so "Item 10" before "Item 2".
        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(
            try reader.entries.page(PageRequest(order: .title, limit: 3)).map(\.title),
            ["Item 1", "Item 10", "Item 100"])
        try reader.close()

        let migrated = try openDatabase()
        let first = try migrated.entries.page(PageRequest(order: .title, limit: 3))
        XCTAssertEqual(first.map(\.title), ["Item 1", "Item 2", "Item 3"])
        let deep = try migrated.entries.page(
            PageRequest(order: .title, anchor: .after(try XCTUnwrap(first.last)), limit: 2_000))
        XCTAssertEqual(deep.map(\.title), (4...1_500).map { "Item \($0)" })
        try migrated.entries.restore(id: trashed.id)
        XCTAssertEqual(try migrated.entries.page(PageRequest(order: .title, limit: 1)).map(\.title), ["Élan 3"])
        // Every key is the one this build makes.
        try migrated.close()
        let keys = try SQLiteScript.titleKeys(at: databasePath)
        XCTAssertEqual(keys.count, 1_501)
        for (title, key) in keys { XCTAssertEqual(key, TitleSortKey.key(title), title) }
    }
}
