import EntryModel
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// `COPY` is all or nothing: a row the server refuses halfway rolls back every row before it.
final class PostgreSQLBulkInsertTests: XCTestCase {
    func testARowRefusedHalfwayLeavesNothingStored() throws {
        guard TestPostgreSQL.isAvailable() else { throw XCTSkip("PostgreSQL is not installed") }
        let server = try TestPostgreSQL.server()
        let url = try server.makeDatabase()
        let database = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        try database.entries.insert(EntryDraft(title: "already there"))
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        // The server refuses one row, as it would a row past a quota or a constraint.
        try server.sql(
            """
            CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.title = convert_to('poison', 'UTF8') THEN RAISE EXCEPTION 'poison refused'; END IF; RETURN NEW; END $$;
            CREATE TRIGGER refuse_poison BEFORE INSERT ON entry FOR EACH ROW EXECUTE FUNCTION refuse_poison();
            """, database: name)
        var drafts = (0..<5_000).map { EntryDraft(title: "row \($0)", body: "body \($0)") }
        drafts[3_700].title = "poison"
        XCTAssertThrowsError(try database.entries.insert(contentsOf: drafts, progress: nil)) { error in
            XCTAssertTrue("\(error)".contains("poison refused"), "\(error)")
        }
        XCTAssertEqual(try database.entries.count(filter: .all), 1, "nothing of the refused import is stored")
        XCTAssertEqual(try database.entries.search("row", limit: 5), [])
        // The connection is usable afterwards.
        drafts[3_700].title = "fine"
        XCTAssertEqual(try database.entries.insert(contentsOf: drafts, progress: nil), 5_000)
        XCTAssertEqual(try database.entries.count(filter: .all), 5_001)
    }
}
#endif
