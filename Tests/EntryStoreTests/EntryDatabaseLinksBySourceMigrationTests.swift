@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// v10: `entryLink` keyed by source, one `target` column for ids and title keys, one index. A database
/// with v9's table keeps every link when migrated, and reads its backlinks through v9's columns when
/// opened read-only before that.
final class EntryDatabaseLinksBySourceMigrationTests: TemporaryDatabaseTestCase {
    /// Entries linking to `Target` by title (even ones), by id (7), both (10), and one by id to a
    /// later entry (3, to 2,000).
    private func seedLinks() throws -> Int64 {
        let database = try openDatabase()
        let target = try database.entries.insert(EntryDraft(title: "Target"))
        try database.entries.insert(
            contentsOf: (1...2_500).map { index in
                EntryDraft(
                    title: "Item \(index)", body: index % 2 == 0 ? "see [[target]]" : "no link",
                    moreDetails: index == 7 || index == 10 ? "[[#\(target.id)]]" : index == 3 ? "[[#2001]]" : "")
            }, progress: nil)
        try database.close()
        return target.id
    }

    private var expectedTitles: Set<String> {
        Set((1...2_500).filter { $0 % 2 == 0 || $0 == 7 }.map { "Item \($0)" })
    }

    /// Turns the table back into v9's, with the same rows, and forgets v10.
    private func rollBackToV9() throws {
        let schema = try ExpectedSchema.current()
        let index = try XCTUnwrap(schema.migrationIdentifiers.firstIndex(of: EntrySchema.v10LinksBySource))
        let v9 = schema.afterMigrations[index].filter { $0.tableName == "entryLink" }
        XCTAssertEqual(v9.count, 4, "v9's table and three indexes")
        // The migrations after v10 go first, as a journal of v10's time never had them.
        let next = schema.migrationIdentifiers.index(after: index)
        if next < schema.migrationIdentifiers.endIndex {
            try SQLiteScript.rollBack(toBefore: schema.migrationIdentifiers[next], at: databasePath)
        }
        let queue = try DatabaseQueue(path: databasePath)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE entryLink RENAME TO entryLinkV10")
            for object in v9.sorted(by: { $0.type == "table" && $1.type != "table" }) {
                try db.execute(sql: try XCTUnwrap(object.sql))
            }
            try db.execute(
                sql: """
                    INSERT INTO entryLink (sourceId, targetId, targetKey)
                        SELECT sourceId, CASE WHEN typeof(target) = 'integer' THEN target END,
                            CASE WHEN typeof(target) = 'blob' THEN target END FROM entryLinkV10;
                    DROP TABLE entryLinkV10;
                    DELETE FROM grdb_migrations WHERE identifier = ?
                    """, arguments: [EntrySchema.v10LinksBySource])
        }
    }

    func testAV9DatabaseKeepsEveryLinkWhenMigrated() throws {
        let target = try seedLinks()
        try rollBackToV9()
        XCTAssertEqual(
            try DatabaseQueue(path: databasePath).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM entryLink") },
            1_250 + 2 + 1, "v9's rows: by title, by id, one to 2,001")

        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(Set(try reader.entries.backlinks(to: target).map(\.title)), expectedTitles, "read-only: v9's")
        try reader.close()

        let migrated = try openDatabase()
        XCTAssertEqual(Set(try migrated.entries.backlinks(to: target).map(\.title)), expectedTitles)
        XCTAssertEqual(try migrated.entries.backlinks(to: 2_001).map(\.title), ["Item 3"])
        let (types, definition) = try migrated.entries.writer.read { db in
            (
                try Row.fetchAll(
                    db, sql: "SELECT typeof(target) AS t, count(*) AS n FROM entryLink GROUP BY 1 ORDER BY 1"
                )
                .map { "\($0["t"] as String): \($0["n"] as Int)" },
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'entryLink'") ?? ""
            )
        }
        XCTAssertEqual(types, ["blob: 1250", "integer: 3"], "ids stay integers, title keys blobs")
        XCTAssertTrue(definition.hasSuffix("WITHOUT ROWID"), definition)
        try migrated.close()
    }

    func testBacklinksSeekOneIndexForIdsAndTitles() throws {
        let target = try seedLinks()
        let database = try openDatabase()
        defer { try? database.close() }
        XCTAssertEqual(Set(try database.entries.backlinks(to: target).map(\.title)), expectedTitles)
        let plans = try database.entries.writer.read { db in
            try [target.databaseValue, Data([1, 2]).databaseValue].map { value in
                try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN SELECT sourceId FROM entryLink WHERE target = ?", arguments: [value]
                ).map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        for plan in plans { XCTAssertTrue(plan.contains("USING COVERING INDEX entryLink_on_target"), plan) }
        // The backlinks statement itself: two seeks, no scan of the links.
        let plan = try database.entries.writer.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + SQLiteEntryRepository.backlinksSQL(targetColumn: true),
                arguments: [target]
            ).map { $0["detail"] as String }
        }
        XCTAssertEqual(
            plan.filter { $0.contains("entryLink") },
            Array(repeating: "SEARCH entryLink USING COVERING INDEX entryLink_on_target (target=?)", count: 2),
            plan.joined(separator: "\n"))
        // Deleting an entry cascades through the primary key; an edit replaces the entry's rows.
        try database.entries.delete(id: target + 2)
        var edited = try XCTUnwrap(try database.entries.entry(id: target + 3))
        edited.body = "[[#\(target)]]"
        edited.moreDetails = ""
        try database.entries.update(edited)
        XCTAssertEqual(
            Set(try database.entries.backlinks(to: target).map(\.title)),
            expectedTitles.subtracting(["Item 2"]).union(["Item 3"]))
        XCTAssertEqual(try database.entries.backlinks(to: 2_001), [], "Item 3's link to 2,001 replaced")
    }
}
