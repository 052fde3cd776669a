import EntryModel
import Foundation
import PostgreSQLTesting
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// The bulk insert's fast path (`PostgreSQLEntryRepository+BulkInsert.swift`): a large import into a
/// small journal drops the secondary indexes and the row-collecting triggers, copies the rows in
/// binary, and puts everything back in the same transaction.
final class PostgreSQLBulkRebuildTests: PrivateServerTestCase {
    /// The table's indexes and triggers (with whether each is enabled), as the server lists them.
    private func structure(_ name: String) throws -> String {
        try server.sql(
            """
            SELECT string_agg(indexdef, E'\\n' ORDER BY indexdef) FROM pg_indexes WHERE tablename = 'entry'
            UNION ALL
            SELECT string_agg(tgname || ' ' || tgenabled::text, E'\\n' ORDER BY tgname) FROM pg_trigger
            WHERE tgrelid = 'entry'::regclass AND NOT tgisinternal
            """, database: name)
    }

    /// The search index's object id: a new one after the index was built again.
    private func searchIndexID(_ name: String) throws -> String {
        try server.sql("SELECT 'entry_search'::regclass::oid", database: name)
    }

    func testALargeImportEndsWithTheSameIndexesAndTriggersAndIsFound() throws {
        let (database, _, name) = try makeDatabase()
        let before = try structure(name)
        let index = try searchIndexID(name)
        XCTAssertTrue(before.contains("USING gin (search)"), before)
        let changes = ChangeLog()
        let subscription = try database.changes.subscribe { changes.add($0) }
        defer { subscription.cancel() }
        var drafts = EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum)
        drafts[4_321].body = "a quokka in the garden"
        XCTAssertEqual(try database.entries.insert(contentsOf: drafts, progress: nil), drafts.count)
        XCTAssertEqual(try structure(name), before)
        let rebuilt = try searchIndexID(name)
        XCTAssertNotEqual(rebuilt, index, "the fast path built the index again")
        XCTAssertEqual(try database.entries.search("quokka", limit: 5).map(\.title), [drafts[4_321].title])
        XCTAssertEqual(try database.entries.count(filter: .all), drafts.count)
        // The change feed heard of it, as the insert trigger would have told it.
        let deadline = Date().addingTimeInterval(5)
        while changes.all.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(changes.all.first?.kind, .inserted)
        XCTAssertEqual(changes.all.first?.ids.count, 100)
        // The next import into a journal now as large takes the ordinary path, with the same result.
        try database.entries.insert(contentsOf: EntryFixtures.drafts(50), progress: nil)
        XCTAssertEqual(try structure(name), before)
        XCTAssertEqual(try searchIndexID(name), rebuilt, "the ordinary path kept the index")
        XCTAssertEqual(try database.entries.count(filter: .all), drafts.count + 50)
    }

    /// The indexes of starred entries stay through an import of few starred ones (each row's predicate
    /// tested, rather than the table scanned again for each), and are built again after one of many;
    /// either way they find exactly the starred entries.
    func testThePartialIndexesStayWhenFewRowsAreStarred() throws {
        func starredIndexID(_ name: String) throws -> String {
            try server.sql("SELECT 'entry_starred_created'::regclass::oid", database: name)
        }
        for share in [50, 2] {
            let (database, _, name) = try makeDatabase()
            let before = try structure(name)
            let index = try starredIndexID(name)
            var drafts = EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum)
            for index in drafts.indices { drafts[index].starred = index % share == 0 }
            try database.entries.insert(contentsOf: drafts, progress: nil)
            XCTAssertEqual(try structure(name), before)
            if share == 50 {
                XCTAssertEqual(try starredIndexID(name), index, "one starred in 50: the index stayed")
            } else {
                XCTAssertNotEqual(try starredIndexID(name), index, "one starred in 2: the index was built again")
            }
            XCTAssertEqual(try database.entries.count(filter: EntryFilter(starred: true)), drafts.count / share)
            let newest = try database.entries.page(
                PageRequest(order: .newest, filter: EntryFilter(starred: true), limit: 5))
            XCTAssertEqual(newest.count, 5)
            XCTAssertTrue(newest.allSatisfy(\.starred))
        }
    }

    func testARefusedLargeImportLeavesTheIndexesAndTriggers() throws {
        let (database, _, name) = try makeDatabase()
        try server.sql(
            """
            CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title = convert_to('poison', 'UTF8') THEN RAISE EXCEPTION 'poison refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_poison BEFORE INSERT ON entry FOR EACH ROW EXECUTE FUNCTION refuse_poison();
            """, database: name)
        let before = try structure(name)
        var drafts = EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum + 10)
        drafts[drafts.count - 1].title = "poison"
        XCTAssertThrowsError(try database.entries.insert(contentsOf: drafts, progress: nil)) { error in
            XCTAssertTrue("\(error)".contains("poison refused"), "\(error)")
        }
        XCTAssertEqual(try structure(name), before)
        XCTAssertEqual(try database.entries.count(filter: .all), 0)
    }

    /// The binary rows hold exactly what the single insert's text form holds, search vector included.
    func testBinaryRowsStoreWhatTheSingleInsertStores() throws {
        let (database, _, name) = try makeDatabase()
        let odd = [
            EntryDraft(title: "it's a \\ back'slash", body: "O'Brien \\x00 \"quoted\" 'x':1A", tags: ["a'b", "c\\d"]),
            EntryDraft(title: "Éclair naïve 日本語 👍🏽", body: "CAFÉ café Ünïcödé straße", moreDetails: "ÆØÅ", tags: []),
            EntryDraft(
                title: "a\u{0}b", body: String(repeating: "long", count: 600) + " short",
                tags: ["t1", "t2", "t3", "t4"]),
            EntryDraft(title: "", body: "", moreDetails: "", tags: ["only-tag"]),
            EntryDraft(title: "same word same", body: "same", moreDetails: "same", tags: ["same"]),
        ]
        for draft in odd { try database.entries.insert(draft) }
        var bulk = odd
        while bulk.count < PostgreSQLEntryRepository.rebuildMinimum {
            bulk.append(EntryDraft(title: "filler \(bulk.count)"))
        }
        try database.entries.insert(contentsOf: bulk, progress: nil)
        let columns = #"title, body, "moreDetails", tags, "titleKey", "titleLength", search"#
        let single = try server.sql("SELECT \(columns) FROM entry WHERE id <= 5 ORDER BY id", database: name)
        let copied = try server.sql(
            "SELECT \(columns) FROM entry WHERE id BETWEEN 6 AND 10 ORDER BY id", database: name)
        XCTAssertEqual(copied, single)
        XCTAssertTrue(single.contains("'naive':1A"), single)
    }

    /// A reader holding the table (a long query of another client) does not make a large import wait
    /// for it: the import takes the ordinary path after a short wait for the lock.
    func testABusyTableTakesTheOrdinaryPath() throws {
        let (database, _, name) = try makeDatabase()
        let before = try structure(name)
        let index = try searchIndexID(name)
        let server = self.server!
        let reader = Thread {
            _ = try? server.sql("SELECT count(*) FROM entry; SELECT pg_sleep(60)", database: name)
        }
        reader.start()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline,
            try server.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()")
                == "0"
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        defer {
            _ = try? server.sql(
                "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()"
            )
        }
        let drafts = EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum)
        XCTAssertEqual(try database.entries.insert(contentsOf: drafts, progress: nil), drafts.count)
        XCTAssertEqual(
            try server.sql(
                "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(60)%' AND pid <> pg_backend_pid()"),
            "1",
            "the reader still holds the table: the import did not wait for it")
        XCTAssertEqual(try structure(name), before)
        XCTAssertEqual(try searchIndexID(name), index, "the ordinary path kept the index")
        XCTAssertEqual(try database.entries.count(filter: .all), drafts.count)
    }
}

/// Changes heard by a subscription, across threads.
private final class ChangeLog: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var changes: [EntryChange] = []

    func add(_ change: EntryChange) { lock.withLock { changes.append(change) } }
    var all: [EntryChange] { lock.withLock { changes } }
}
#endif
