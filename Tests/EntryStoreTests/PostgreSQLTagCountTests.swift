import EntryModel
import Foundation
import PostgreSQLTesting
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// The kept tag counts of a PostgreSQL journal (`"entryTagCount"`, deltas added by statement
/// triggers, or by the bulk insert's fast path): they always equal the tags of the rows, after every
/// kind of write; and a page of a rare tag, read through them by another plan, is the same page.
final class PostgreSQLTagCountTests: PrivateServerTestCase {
    /// Each tag's count as the rows say (psql), sorted by tag.
    private func countedTags(_ name: String) throws -> [String] {
        try server.sql(
            """
            SELECT convert_from(tag, 'UTF8') || '=' || count(*) FROM entry, unnest(tags) AS tag GROUP BY tag ORDER BY 1
            """, database: name
        ).split(separator: "\n").map(String.init)
    }

    private func keptTags(_ entries: some EntryRepository) throws -> [String] {
        try entries.tags().map { "\($0.tag)=\($0.count)" }.sorted()
    }

    func testTheTagCountsFollowEveryKindOfWrite() throws {
        let (database, _, name) = try makeDatabase()
        let entries = database.entries
        XCTAssertEqual(try entries.tags(), [])
        let first = try entries.insert(EntryDraft(title: "one", tags: ["a", "b"]))
        try entries.insert(EntryDraft(title: "two", tags: ["b"]))
        XCTAssertEqual(try keptTags(entries), ["a=1", "b=2"])
        var edited = first
        edited.tags = ["b", "c"]
        edited = try entries.update(edited)
        XCTAssertEqual(try keptTags(entries), ["b=2", "c=1"])
        // An edit that keeps the tags changes no count (and a star neither).
        edited.title = "one, again"
        edited = try entries.update(edited)
        edited.starred = true
        try entries.update(edited)
        XCTAssertEqual(try keptTags(entries), ["b=2", "c=1"])
        try entries.delete(id: first.id)
        XCTAssertEqual(try keptTags(entries), ["b=1"])
        try entries.restore(id: first.id)
        XCTAssertEqual(try keptTags(entries), ["b=2", "c=1"])
        try entries.renameTag("b", to: "d")
        XCTAssertEqual(try keptTags(entries), ["c=1", "d=2"])
        // Both paths of the bulk insert, and the streamed one.
        try entries.insert(contentsOf: EntryFixtures.drafts(30), progress: nil)
        try entries.insert(contentsOf: EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum), progress: nil)
        try entries.insert(
            batchesFrom: { write in
                try write(EntryFixtures.drafts(7))
                try write(EntryFixtures.drafts(5))
            }, progress: nil)
        XCTAssertEqual(try keptTags(entries), try countedTags(name))
        XCTAssertEqual(
            try entries.count(filter: EntryFilter(tag: "third")),
            Int(
                try server.sql(
                    "SELECT count(*) FROM entry WHERE tags @> ARRAY[convert_to('third', 'UTF8')]", database: name)))
        // The counts stay a row or so per tag, however many statements wrote them.
        let rows = Int(try server.sql(#"SELECT count(*) FROM "entryTagCount""#, database: name)) ?? -1
        XCTAssertLessThanOrEqual(rows, try entries.tags().count + 2)
    }

    func testAStreamedImportIntoAnEmptyJournalCountsItsTagsAndKeepsTheIndexes() throws {
        let (database, _, name) = try makeDatabase()
        let indexes = try server.sql(
            "SELECT string_agg(indexdef, ' ' ORDER BY indexdef) FROM pg_indexes WHERE tablename = 'entry'",
            database: name)
        // Into an empty journal the streamed insert drops and rebuilds the indexes: all of them
        // come back, the triggers are on again, the counts are right.
        try database.entries.insert(
            batchesFrom: { write in
                for _ in 0..<3 { try write(EntryFixtures.drafts(40)) }
            }, progress: nil)
        XCTAssertEqual(
            try server.sql(
                "SELECT string_agg(indexdef, ' ' ORDER BY indexdef) FROM pg_indexes WHERE tablename = 'entry'",
                database: name), indexes)
        XCTAssertEqual(
            try server.sql(
                "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'entry'::regclass AND tgenabled = 'D'", database: name),
            "0")
        XCTAssertEqual(try database.entries.count(filter: .all), 120)
        XCTAssertEqual(try keptTags(database.entries), try countedTags(name))
        // A second import takes the ordinary path, and its rows are counted by the triggers.
        try database.entries.insert(batchesFrom: { write in try write(EntryFixtures.drafts(10)) }, progress: nil)
        XCTAssertEqual(try keptTags(database.entries), try countedTags(name))
        XCTAssertEqual(try database.entries.count(filter: .all), 130)
    }

    func testPagesOfARareTagAreThePagesOfTheWalk() throws {
        let (database, _, _) = try makeDatabase()
        let entries = database.entries
        // 400 entries, 6 of them with the rare tag: a page of 5 reads every one of them and sorts
        // (6² < 5 × 400); "even" (200) walks the order. Both give what a filter in memory gives.
        var drafts = EntryFixtures.drafts(400)
        for index in stride(from: 3, to: 400, by: 67) { drafts[index].tags.append("rare") }
        try entries.insert(contentsOf: drafts, progress: nil)
        let all = try entries.page(PageRequest(order: .newest, limit: 1_000))
        XCTAssertEqual(all.count, 400)
        for tag in ["rare", "even"] {
            for order in EntrySortOrder.allCases {
                let everything = try entries.page(PageRequest(order: order, limit: 1_000))
                let expected = everything.filter { $0.tags.contains(tag) }
                var walked: [EntrySummary] = []
                var anchor = PageAnchor.start
                while true {
                    let page = try entries.page(
                        PageRequest(order: order, filter: EntryFilter(tag: tag), anchor: anchor, limit: 5))
                    walked += page
                    guard let last = page.last, page.count == 5 else { break }
                    anchor = .after(last)
                }
                XCTAssertEqual(walked.map(\.id), expected.map(\.id), "\(tag), \(order)")
                let end = try entries.page(
                    PageRequest(order: order, filter: EntryFilter(tag: tag), anchor: .end, limit: 5))
                XCTAssertEqual(end.map(\.id), expected.suffix(5).map(\.id), "\(tag), \(order), end")
                if expected.count > 2 {
                    let before = try entries.page(
                        PageRequest(order: order, filter: EntryFilter(tag: tag), anchor: .before(expected[2]), limit: 5)
                    )
                    XCTAssertEqual(before.map(\.id), expected.prefix(2).map(\.id), "\(tag), \(order), before")
                }
            }
        }
        // Any of two tags, one rare: the sum of their counts chooses; the rows are the same.
        let either = try entries.page(
            PageRequest(order: .oldest, filter: EntryFilter(tags: ["rare", "missing"], match: .any), limit: 50))
        XCTAssertEqual(either.map(\.id), all.reversed().filter { $0.tags.contains("rare") }.map(\.id))
        XCTAssertEqual(
            try entries.page(PageRequest(order: .oldest, filter: EntryFilter(tags: ["rare", "missing"]), limit: 50)), []
        )
    }
}
#endif
