import EntryModel
import Foundation
import PostgreSQLTesting
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// The kept count of a PostgreSQL journal (`"entryCount"`, deltas added by statement triggers): the
/// whole journal's `count` reads it instead of scanning, and it always equals `count(*)` — after
/// every kind of write, a refused import, and writers on two connections at once.
final class PostgreSQLKeptCountTests: PrivateServerTestCase {
    private func countedRows(_ name: String) throws -> Int {
        Int(try server.sql("SELECT count(*) FROM entry", database: name)) ?? -1
    }

    func testTheCountFollowsEveryKindOfWrite() throws {
        let (database, _, name) = try makeDatabase()
        let entries = database.entries
        XCTAssertEqual(try entries.count(filter: .all), 0)
        let first = try entries.insert(EntryDraft(title: "one", tags: ["a"]))
        try entries.insert(EntryDraft(title: "two"))
        var edited = first
        edited.title = "one, edited"
        try entries.update(edited)
        XCTAssertEqual(try entries.count(filter: .all), 2)
        try entries.delete(id: first.id)
        XCTAssertEqual(try entries.count(filter: .all), 1)
        try entries.restore(id: first.id)
        XCTAssertEqual(try entries.count(filter: .all), 2)
        try entries.delete(id: first.id)
        try entries.emptyTrash(deletedBefore: nil)
        XCTAssertEqual(try entries.count(filter: .all), 1)
        try entries.renameTag("a", to: "b")
        // Both paths of the bulk insert: the ordinary one, and the one that rebuilds the indexes.
        try entries.insert(contentsOf: EntryFixtures.drafts(30), progress: nil)
        try entries.insert(contentsOf: EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum), progress: nil)
        let expected = 1 + 30 + PostgreSQLEntryRepository.rebuildMinimum
        XCTAssertEqual(try entries.count(filter: .all), expected)
        XCTAssertEqual(try countedRows(name), expected)
        // Filtered counts still count the rows.
        XCTAssertEqual(
            try entries.count(filter: EntryFilter(tag: "even")),
            Int(
                try server.sql(
                    "SELECT count(*) FROM entry WHERE tags @> ARRAY[convert_to('even', 'UTF8')]", database: name)))
    }

    func testTheCountIsReadNotCounted() throws {
        let (database, _, name) = try makeDatabase()
        try database.entries.insert(contentsOf: EntryFixtures.drafts(5), progress: nil)
        // A kept count that disagrees with the rows shows where the count comes from.
        try server.sql(#"INSERT INTO "entryCount" (delta) VALUES (36)"#, database: name)
        XCTAssertEqual(try database.entries.count(filter: .all), 41)
    }

    func testManyWritesAreFoldedIntoFewRows() throws {
        let (database, _, name) = try makeDatabase()
        for index in 0..<150 { try database.entries.insert(EntryDraft(title: "entry \(index)")) }
        let rows = Int(try server.sql(#"SELECT count(*) FROM "entryCount""#, database: name)) ?? -1
        XCTAssertLessThan(rows, 64, "every 64th delta folds the others")
        XCTAssertEqual(try database.entries.count(filter: .all), 150)
    }

    func testARefusedImportCountsNothing() throws {
        let (database, _, name) = try makeDatabase()
        try database.entries.insert(EntryDraft(title: "already there"))
        try server.sql(
            """
            CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title = convert_to('poison', 'UTF8') THEN RAISE EXCEPTION 'poison refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_poison BEFORE INSERT ON entry FOR EACH ROW EXECUTE FUNCTION refuse_poison();
            """, database: name)
        var drafts = EntryFixtures.drafts(PostgreSQLEntryRepository.rebuildMinimum)
        drafts[drafts.count - 2].title = "poison"
        XCTAssertThrowsError(try database.entries.insert(contentsOf: drafts, progress: nil))
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
        XCTAssertEqual(try countedRows(name), 1)
    }

    /// Two connections insert, delete and import at once: the kept count ends equal to the rows.
    func testWritersOnTwoConnectionsKeepTheCountRight() throws {
        let (first, url, name) = try makeDatabase()
        let second = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let entries = (worker == 0 ? first : second).entries
            do {
                for step in 0..<60 {
                    let entry = try entries.insert(EntryDraft(title: "w\(worker) \(step)"))
                    if step % 4 == 0 { try entries.delete(id: entry.id) }
                    if step % 20 == 0 { try entries.insert(contentsOf: EntryFixtures.drafts(25), progress: nil) }
                }
            } catch {
                failures.add("writer \(worker): \(error)")
            }
        }
        XCTAssertEqual(failures.messages, [])
        let rows = try countedRows(name)
        XCTAssertEqual(rows, 2 * (60 - 15 + 3 * 25))
        XCTAssertEqual(try first.entries.count(filter: .all), rows)
        XCTAssertEqual(try second.entries.count(filter: .all), rows)
    }
}

/// Messages from several threads.
final class FailureLog: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ message: String) { lock.withLock { list.append(message) } }
    var messages: [String] { lock.withLock { list } }
}
#endif
