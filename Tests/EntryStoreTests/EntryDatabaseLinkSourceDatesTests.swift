@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// v13: each `entryLink` row holds its source's creation time, in `entryLink_on_target`, so that a page
/// of backlinks is a range of the index. The copy is right after every way an entry is written, after
/// a change of its date by any statement, and after the migration of a journal written before v13.
final class EntryDatabaseLinkSourceDatesTests: TemporaryDatabaseTestCase {
    private func minutesAgo(_ minutes: Double) -> Date { Date(timeIntervalSinceNow: -60 * minutes) }

    /// The links whose date is not their source's (none when kept right), and how many links there are.
    private func linkDates(_ database: EntryDatabase) throws -> (wrong: Int, links: Int) {
        try database.entries.writer.read { db in
            (
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM entryLink LEFT JOIN entry ON entry.id = entryLink.sourceId
                        WHERE entryLink.sourceCreatedAt IS NOT entry.createdAt
                        """) ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM entryLink") ?? -1
            )
        }
    }

    /// Every page of `size` after the one before, flattened.
    private func paged(_ entries: any EntryRepository, to id: Int64, size: Int) throws -> [String] {
        var titles: [String] = []
        try BacklinkPage.forEach(of: id, in: entries, size: size) { titles += $0.map(\.title) }
        return titles
    }

    func testEveryWritePathKeepsTheSourcesDateInItsLinks() throws {
        let database = try openDatabase()
        defer { try? database.close() }
        let entries = database.entries
        let hub = try entries.insert(EntryDraft(title: "Hub", createdAt: minutesAgo(10_000)))
        let added = try entries.insert(
            EntryDraft(title: "Added", body: "[[Hub]] [[#\(hub.id)]]", createdAt: minutesAgo(50)))
        try entries.insert(
            contentsOf: (0..<3).map {
                EntryDraft(title: "Few \($0)", body: "[[hub]]", createdAt: minutesAgo(60 + Double($0)))
            },
            progress: nil)
        try entries.insert(
            contentsOf: (0..<1_200).map {
                EntryDraft(title: "Many \($0)", body: "[[#\(hub.id)]]", createdAt: minutesAgo(100 + Double($0)))
            }, progress: nil)
        try entries.insert(
            batchesFrom: { write in
                try write(
                    (0..<300).map {
                        EntryDraft(title: "Streamed \($0)", body: "[[Hub]]", createdAt: minutesAgo(2_000 + Double($0)))
                    })
                try write(
                    (300..<600).map {
                        EntryDraft(title: "Streamed \($0)", body: "[[Hub]]", createdAt: minutesAgo(2_000 + Double($0)))
                    })
            }, progress: nil)
        XCTAssertEqual(try linkDates(database).wrong, 0, "added, in a few, in many, streamed")

        // An edit that moves the entry to another date (and keeps its text), then one of its text only.
        var edited = try XCTUnwrap(try entries.entry(id: added.id))
        edited.createdAt = minutesAgo(1)
        edited = try entries.update(edited)
        XCTAssertEqual(try linkDates(database).wrong, 0, "a new date")
        XCTAssertEqual(try entries.backlinks(to: hub.id, after: nil, limit: 1).map(\.title), ["Added"], "newest now")
        edited.body = "[[#\(hub.id)]]"
        try entries.update(edited)

        // Trashed, its links go; restored, they come back with its date.
        try entries.delete(id: added.id)
        XCTAssertEqual(try linkDates(database).wrong, 0)
        try entries.restore(id: added.id)
        let change = EntryChangeSet(inserts: [
            EntryDraft(title: "In a change set", body: "[[Hub]]", createdAt: minutesAgo(3))
        ])
        try entries.apply(change)
        let (wrong, links) = try linkDates(database)
        XCTAssertEqual(wrong, 0, "restored, and inserted by a change set")
        XCTAssertEqual(links, 1 + 3 + 1_200 + 600 + 1)
        let all = try entries.backlinks(to: hub.id).map(\.title)
        XCTAssertEqual(Array(all.prefix(2)), ["Added", "In a change set"])
        for size in [1, 7, 50, 2_000] {
            XCTAssertEqual(try paged(entries, to: hub.id, size: size), all, "pages of \(size)")
        }
    }

    /// A date changed by a statement that does not rewrite the links (a future fast path, a repair)
    /// reaches them through the trigger.
    func testADateChangedByAnyStatementReachesTheLinks() throws {
        let database = try openDatabase()
        defer { try? database.close() }
        let hub = try database.entries.insert(EntryDraft(title: "Hub", createdAt: minutesAgo(100)))
        let old = try database.entries.insert(EntryDraft(title: "Old", body: "[[Hub]]", createdAt: minutesAgo(90)))
        try database.entries.insert(EntryDraft(title: "New", body: "[[#\(hub.id)]]", createdAt: minutesAgo(10)))
        try database.entries.writer.write { db in
            try db.execute(sql: "UPDATE entry SET createdAt = createdAt + 7200000 WHERE id = ?", arguments: [old.id])
        }
        XCTAssertEqual(try linkDates(database).wrong, 0)
        XCTAssertEqual(try database.entries.backlinks(to: hub.id, after: nil, limit: 1).map(\.title), ["Old"])
    }

    /// The page statement reads two ranges of `entryLink_on_target`, by id and by title key, from the
    /// keyset on: no sort of every source, no entry row read before the page is cut.
    func testAPageOfBacklinksIsARangeOfTheLinkIndex() throws {
        let database = try openDatabase()
        defer { try? database.close() }
        let hub = try database.entries.insert(EntryDraft(title: "Hub"))
        try database.entries.insert(
            contentsOf: (0..<50).map { EntryDraft(title: "S\($0)", body: "[[Hub]]") }, progress: nil)
        let plan = try database.entries.writer.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + SQLiteEntryRepository.backlinkPageSQL,
                arguments: [hub.id, Int64.max, Int64.max, 50]
            ).map { $0["detail"] as String }
        }
        XCTAssertEqual(
            plan.filter { $0.contains("entryLink") },
            Array(
                repeating:
                    "SEARCH entryLink USING COVERING INDEX entryLink_on_target (target=? AND (sourceCreatedAt,sourceId)<(?,?))",
                count: 2),
            plan.joined(separator: "\n"))
        XCTAssertEqual(
            plan.filter { $0.hasPrefix("SEARCH entry ") }.count, 3,
            "the target, the first of its title, the page's rows: \(plan.joined(separator: "\n"))")
    }

    /// A journal of v12 (its links without dates) pages its backlinks from the entry rows when opened
    /// read-only, and gets every link's date when migrated.
    func testAJournalWrittenBeforeGetsItsLinksDatesWhenMigrated() throws {
        let seeded = try openDatabase()
        let hub = try seeded.entries.insert(EntryDraft(title: "Hub", createdAt: minutesAgo(10_000)))
        try seeded.entries.insert(
            contentsOf: (0..<1_500).map { (index: Int) -> EntryDraft in
                let bodies = ["[[#\(hub.id)]]", "[[hub]]", "none"]
                return EntryDraft(
                    title: "Item \(index)", body: bodies[index % 3], createdAt: minutesAgo(Double(index % 40)))
            }, progress: nil)
        let expected = try seeded.entries.backlinks(to: hub.id).map(\.title)
        XCTAssertEqual(expected.count, 1_000)
        try seeded.close()
        try SQLiteScript.rollBack(toBefore: EntrySchema.v13LinkSourceDates, at: databasePath)
        XCTAssertFalse(try SQLiteScript.columns(of: "entryLink", at: databasePath).contains("sourceCreatedAt"))

        let reader = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(try paged(reader.entries, to: hub.id, size: 64), expected, "read-only, before the migration")
        try reader.close()

        let migrated = try openDatabase()
        defer { try? migrated.close() }
        XCTAssertEqual(try linkDates(migrated).wrong, 0)
        XCTAssertEqual(try linkDates(migrated).links, 1_000)
        XCTAssertEqual(try paged(migrated.entries, to: hub.id, size: 64), expected)
    }
}
