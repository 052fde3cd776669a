@testable import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// v9: a database an older version wrote gets the links of every entry when migrated, and reads its
/// backlinks (by reading every entry) when opened read-only before that.
final class EntryDatabaseLinksMigrationTests: TemporaryDatabaseTestCase {
    func testAnOlderDatabaseGetsTheLinksOfEveryEntryWhenMigrated() throws {
        let database = try openDatabase()
        let target = try database.entries.insert(EntryDraft(title: "Target"))
        // More than one batch of the backfill (1,000 rows), and entries without links between.
        try database.entries.insert(
            contentsOf: (1...2_500).map { index in
                EntryDraft(
                    title: "Item \(index)", body: index % 2 == 0 ? "see [[target]]" : "no link",
                    moreDetails: index == 7 ? "[[#\(target.id)]]" : "")
            }, progress: nil)
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v9Links, at: databasePath)
        XCTAssertFalse(
            try SQLiteScript.objectNames(type: "table", at: databasePath).contains("entryLink"), "rolled back")

        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(try reader.entries.backlinks(to: target.id).count, 1_251, "read-only: every entry read")
        try reader.close()

        let migrated = try openDatabase()
        let backlinks = try migrated.entries.backlinks(to: target.id)
        XCTAssertEqual(backlinks.count, 1_251)
        XCTAssertEqual(
            Set(backlinks.map(\.title)), Set((1...2_500).filter { $0 % 2 == 0 || $0 == 7 }.map { "Item \($0)" }))
    }
}
