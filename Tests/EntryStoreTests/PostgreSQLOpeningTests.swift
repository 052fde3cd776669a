import EntryModel
import PostgreSQLTesting
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// Opening a PostgreSQL journal: the schema made once, and every way it cannot be opened giving one
/// clear error with nothing written.
final class PostgreSQLOpeningTests: XCTestCase {
    private var server: PrivatePostgreSQLServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard TestPostgreSQL.isAvailable() else { throw XCTSkip("PostgreSQL is not installed") }
        server = try TestPostgreSQL.server()
    }

    private func open(_ url: String, environment: [String: String] = [:]) throws -> PostgreSQLDatabase {
        try PostgreSQLDatabase(
            location: PostgreSQLLocation(parsing: url, environment: environment), environment: environment)
    }

    func testANewDatabaseIsMigratedOnceAndKeepsItsEntries() throws {
        let url = try server.makeDatabase()
        let first = try open(url)
        XCTAssertTrue(first.wasCreated)
        let entry = try first.entries.insert(EntryDraft(title: "kept"))
        let again = try open(url)
        XCTAssertFalse(again.wasCreated)
        XCTAssertEqual(try again.entries.entry(id: entry.id)?.title, "kept")
    }

    func testAVersionOneDatabaseGetsTheTrashWhenOpenedAndKeepsItsEntries() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        let entry = try open(url).entries.insert(EntryDraft(title: "written before the trash", tags: ["old"]))
        let latest = try server.sql("SELECT max(version) FROM entries_schema", database: name)
        // Back to what a version without the trash left: schema version 1 (no trash, title key, star or kept count).
        try server.sql(
            """
            DROP TABLE "entryLink"; DROP TABLE "entryLinkStale";
            DROP TABLE "trashedEntry"; DROP INDEX entry_stale_title; DROP INDEX entry_starred_created;
            DROP INDEX entry_starred_updated; DROP INDEX entry_starred_title; ALTER TABLE entry DROP COLUMN starred;
            DROP TRIGGER entry_counted_insert ON entry; DROP TRIGGER entry_counted_delete ON entry;
            DROP FUNCTION entries_count_change(); DROP FUNCTION entries_fold_count(); DROP TABLE "entryCount";
            DROP TRIGGER entry_tags_counted_insert ON entry; DROP TRIGGER entry_tags_counted_delete ON entry;
            DROP TRIGGER entry_tags_counted_update ON entry; DROP FUNCTION entries_count_tags();
            DROP FUNCTION entries_add_tag_counts(bytea[], bigint[]); DROP TABLE "entryTagCount";
            DELETE FROM entries_schema WHERE version >= 2
            """, database: name)
        let upgraded = try open(url)
        XCTAssertFalse(upgraded.wasCreated)
        XCTAssertEqual(try server.sql("SELECT max(version) FROM entries_schema", database: name), latest)
        // The kept counts start from the rows already there.
        XCTAssertEqual(try upgraded.entries.count(filter: .all), 1)
        XCTAssertEqual(try upgraded.entries.tags(), [TagCount(tag: "old", count: 1)])
        try upgraded.entries.delete(id: entry.id)
        XCTAssertEqual(try upgraded.entries.trashedEntries().map(\.entry), [entry])
        XCTAssertEqual(try upgraded.entries.restore(id: entry.id), entry)
    }

    func testADatabaseWithoutLinksGetsTheLinksOfItsEntriesWhenOpened() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        let entries = try open(url).entries
        let target = try entries.insert(EntryDraft(title: "Target"))
        try entries.insert(
            contentsOf: (1...2_100).map { EntryDraft(title: "Item \($0)", body: $0 % 3 == 0 ? "[[target]]" : "plain") },
            progress: nil)
        let gone = try entries.insert(EntryDraft(title: "Trashed", body: "[[#\(target.id)]]"))
        let latest = try server.sql("SELECT max(version) FROM entries_schema", database: name)
        // Back to what a version without links left: the schema before the links' migration (the one
        // before the last; the word count's, the last, adds its columns only where they are missing).
        try server.sql(
            """
            DROP TABLE "entryLink"; DROP TABLE "entryLinkStale";
            DELETE FROM entries_schema WHERE version >= \(latest) - 1
            """, database: name)
        try entries.delete(id: gone.id)
        let upgraded = try open(url)
        XCTAssertEqual(try server.sql("SELECT max(version) FROM entries_schema", database: name), latest)
        XCTAssertEqual(
            try upgraded.entries.backlinks(to: target.id).count, 700, "more than two batches of stale entries")
        XCTAssertEqual(try server.sql(#"SELECT count(*) FROM "entryLinkStale""#, database: name), "0")
        try upgraded.entries.restore(id: gone.id)
        XCTAssertEqual(try upgraded.entries.backlinks(to: target.id).first?.id, gone.id, "a restore makes its links")
    }

    func testAVersionTwoDatabaseGetsNaturalTitleKeysWhenOpened() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        let entries = try open(url).entries
        for title in ["Item 10", "item 9", "Élan"] { try entries.insert(EntryDraft(title: title)) }
        let trashed = try entries.insert(EntryDraft(title: "Item 100"))
        try entries.delete(id: trashed.id)
        // Back to what version 2 left: keys of the older order (the title's bytes, near enough), and
        // neither the stars (v4) nor the kept count (v5).
        try server.sql(
            #"""
            DROP TABLE "entryLink"; DROP TABLE "entryLinkStale";
            DROP INDEX entry_stale_title; DROP INDEX trashed_entry_stale_title; DELETE FROM entries_schema WHERE version >= 3;
            DROP INDEX entry_starred_created; DROP INDEX entry_starred_updated; DROP INDEX entry_starred_title;
            ALTER TABLE entry DROP COLUMN starred; ALTER TABLE "trashedEntry" DROP COLUMN starred;
            DROP TRIGGER entry_counted_insert ON entry; DROP TRIGGER entry_counted_delete ON entry;
            DROP FUNCTION entries_count_change(); DROP FUNCTION entries_fold_count(); DROP TABLE "entryCount";
            DROP TRIGGER entry_tags_counted_insert ON entry; DROP TRIGGER entry_tags_counted_delete ON entry;
            DROP TRIGGER entry_tags_counted_update ON entry; DROP FUNCTION entries_count_tags();
            DROP FUNCTION entries_add_tag_counts(bytea[], bigint[]); DROP TABLE "entryTagCount";
            UPDATE entry SET "titleKey" = title; UPDATE "trashedEntry" SET "titleKey" = title
            """#, database: name)
        let upgraded = try open(url)
        XCTAssertEqual(
            try upgraded.entries.page(PageRequest(order: .title)).map(\.title), ["Élan", "item 9", "Item 10"])
        try upgraded.entries.restore(id: trashed.id)
        XCTAssertEqual(
            try upgraded.entries.page(PageRequest(order: .title)).map(\.title),
            ["Élan", "item 9", "Item 10", "Item 100"])
        XCTAssertEqual(try server.sql(#"SELECT count(*) FROM entry WHERE "titleLength" < 0"#, database: name), "0")
    }

    func testADatabaseOfAnotherApplicationIsRefusedAndLeftUntouched() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        try server.sql("CREATE TABLE invoices (id int); INSERT INTO invoices VALUES (7)", database: name)
        XCTAssertThrowsError(try open(url)) { error in
            guard case .foreignServerDatabase? = error as? EntryStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("another application"), "\(error)")
        }
        XCTAssertEqual(
            try server.sql(
                "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = 'public'",
                database: name), "invoices")
    }

    func testANewerSchemaIsRefusedAndLeftUntouched() throws {
        let url = try server.makeDatabase()
        _ = try open(url)
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        try server.sql("INSERT INTO entries_schema (version) VALUES (99)", database: name)
        XCTAssertThrowsError(try open(url)) { error in
            guard case .newerSchema? = error as? EntryStoreError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("newer version of entries"), "\(error)")
        }
        XCTAssertEqual(try server.sql("SELECT max(version) FROM entries_schema", database: name), "99")
    }

    func testAnUnknownHostARefusedConnectionAndNoTLSEachSayWhy() {
        let cases: [(String, String)] = [
            ("postgresql://entries@no-such-host.invalid:5432/x?sslmode=disable", "unknown host"),
            ("postgresql://entries@127.0.0.1:1/x?sslmode=disable", "refused"),
            (server.location(database: "postgres", options: "sslmode=require"), "does not offer TLS"),
        ]
        for (url, expected) in cases {
            XCTAssertThrowsError(try open(url), url) { error in
                guard case .cannotConnect? = error as? EntryStoreError else { return XCTFail("\(url): \(error)") }
                XCTAssertTrue("\(error)".contains(expected), "\(url): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
        }
    }

    /// A login that needs a password, with none set (no PGPASSWORD, no password file): a sentence
    /// saying where to put one, not the client's code name for it.
    func testALoginWithNoPasswordSetSaysWhereToPutOne() throws {
        let url = server.location(database: "postgres", user: PrivatePostgreSQLServer.stranger)
        XCTAssertThrowsError(try open(url, environment: ["PGPASSFILE": "/nonexistent/pgpass", "HOME": "/nonexistent"]))
        { error in
            let message = "\(error)"
            XCTAssertFalse(message.contains("authMechanism"), message)
            XCTAssertTrue(
                message.contains("asks for a password") && message.contains("PGPASSWORD")
                    && message.contains("~/.pgpass"), message)
        }
    }

    func testWrongCredentialsAreRefusedAndTheRightOnesComeFromPGPASSWORDOrPgpass() throws {
        let url = server.location(database: "postgres", user: PrivatePostgreSQLServer.stranger)
        XCTAssertThrowsError(try open(url, environment: ["PGPASSWORD": "wrong"])) { error in
            XCTAssertTrue("\(error)".contains("refused the login"), "\(error)")
        }
        // The right password opens the connection; the stranger owns no entries database, so creating
        // the schema in `postgres` is refused for want of rights, which still proves the login.
        let folder = NSTemporaryDirectory() + "pgpass-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pgpass = folder + "/pgpass"
        try "# comment\n*:*:*:\(PrivatePostgreSQLServer.stranger):\(PrivatePostgreSQLServer.strangerPassword)\n"
            .write(toFile: pgpass, atomically: true, encoding: .utf8)
        chmod(pgpass, 0o600)
        let location = try PostgreSQLLocation(parsing: url)
        XCTAssertEqual(location.password(environment: ["PGPASSFILE": pgpass]), PrivatePostgreSQLServer.strangerPassword)
        chmod(pgpass, 0o644)
        XCTAssertNil(
            location.password(environment: ["PGPASSFILE": pgpass]),
            "a password file others can read is ignored, as libpq does")
        XCTAssertEqual(location.password(environment: ["PGPASSWORD": "p", "PGPASSFILE": pgpass]), "p")
    }
}
#endif
