@testable import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// v8: a journal an older version wrote, whose tag rows hold each entry's spelling, gets them keyed by
/// the lower-case form, so that `Work` and `work` become one tag, counted once per entry.
final class EntryDatabaseTagKeyMigrationTests: TemporaryDatabaseTestCase {
    func testAnOlderJournalsSpellingsBecomeOneTag() throws {
        let database = try openDatabase()
        let capital = try database.entries.insert(EntryDraft(title: "Capital", tags: ["placeholder"]))
        let both = try database.entries.insert(EntryDraft(title: "Both", tags: ["placeholder"]))
        let lower = try database.entries.insert(EntryDraft(title: "Lower", tags: ["work"]))
        try database.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v8TagKey, at: databasePath)
        // As the older version wrote them: each spelling its own row, two on the entry that had both.
        try SQLiteScript.run(
            [
                "DELETE FROM entryTag WHERE tag = 'placeholder'",
                "UPDATE entry SET tags = 'Work' WHERE id = \(capital.id)",
                "UPDATE entry SET tags = 'WORK' || char(10) || 'work' WHERE id = \(both.id)",
                "INSERT INTO entryTag (tag, entryId) VALUES ('Work', \(capital.id)), ('WORK', \(both.id)), ('work', \(both.id))",
            ], at: databasePath)

        let migrated = try openDatabase()
        XCTAssertEqual(try migrated.entries.count(filter: EntryFilter(tag: "Work")), 3)
        XCTAssertEqual(
            Set(
                try migrated.entries.page(PageRequest(order: .newest, filter: EntryFilter(tag: "WORK"), limit: 10)).map(
                    \.id)),
            [capital.id, both.id, lower.id])
        XCTAssertEqual(
            try migrated.entries.tags(), [TagCount(tag: "work", count: 3)],
            "one tag, once per entry, as the newest entry spells it")
        XCTAssertEqual(try migrated.entries.entry(id: capital.id)?.tags, ["Work"], "the entry's own spelling stays")
        try migrated.entries.delete(id: both.id)
        XCTAssertEqual(
            try migrated.entries.tags(), [TagCount(tag: "work", count: 2)], "the kept count follows the rows")
        try migrated.close()
    }
}
