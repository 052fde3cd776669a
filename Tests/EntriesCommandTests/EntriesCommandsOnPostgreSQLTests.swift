import EntryModel
import Foundation
import PostgreSQLTesting
import XCTest

// Only with the PostgreSQL client (the package trait of that name, on by default).
#if PostgreSQL
/// The commands once more on PostgreSQL (`ENTRIES_DATABASE=postgresql://…`, a fresh database of the
/// private server per test): add, list, search, show, edit, delete, trash, tag, import, export and copy, and the
/// faults of a server location, each one line and exit status 1 with nothing written.
final class EntriesCommandsOnPostgreSQLTests: EntriesCommandTestCase {
    private var server: PrivatePostgreSQLServer!
    private var location = ""

    override var databasePath: String { location }

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })
        location = try server.makeDatabase()
    }

    func testAddListSearchShowEditDeleteOnTheServer() throws {
        XCTAssertEqual(
            try succeed("add", "--title", "Standup", "--tag", "work", input: Data("notes\u{0}kept".utf8)),
            "Added entry 1.\n")
        try succeed("add", "--title", "Groceries", "--body", "buy pelican food")
        XCTAssertEqual(
            try decodeSummaries(succeed("list", "--json", "--sort", "title")).map(\.title), ["Groceries", "Standup"])
        XCTAssertEqual(try decodeSummaries(succeed("search", "pelican", "--json")).map(\.id), [2])
        let shown = try decodeEntry(Data(succeed("show", "1", "--json").utf8))
        XCTAssertEqual(Array(shown.body.utf8), Array("notes\u{0}kept".utf8), "byte for byte, NUL included")
        let script = try writeFile(
            "editor.sh", "#!/bin/sh\nprintf 'Title: Standup (edited)\\nTags: work\\n\\nnew body\\n' > \"$1\"\n")
        chmod(script, 0o755)
        XCTAssertEqual(try succeed("edit", "1", environment: ["EDITOR": script]), "Updated entry 1.\n")
        XCTAssertEqual(try decodeEntry(Data(succeed("show", "1", "--json").utf8)).title, "Standup (edited)")
        try succeed("delete", "2", "--yes")
        XCTAssertEqual(try allEntries().map(\.title), ["Standup (edited)"])
        try succeed("add", "--title", "After delete")
        XCTAssertEqual(try allEntries().map(\.id), [1, 3], "the id of a deleted entry is not given again")
    }

    func testTrashTagsAndTheQueryLanguageOnTheServer() throws {
        try succeed("add", "--title", "Red beans", "--body", "soak the red beans overnight", "--tag", "py")
        try succeed("add", "--title", "Beans, red", "--body", "beans that are red", "--tag", "py")
        try succeed("add", "--title", "Slugs", "--body", "red beans eaten by slugs", "--tag", "garden")
        XCTAssertEqual(try decodeSummaries(succeed("search", "\"red beans\" -slugs", "--json")).map(\.id), [1])
        XCTAssertEqual(try decodeSummaries(succeed("search", "soak OR eaten", "--json")).map(\.id).sorted(), [1, 3])
        XCTAssertEqual(try decodeSummaries(succeed("search", "beans tag:garden", "--json")).map(\.id), [3])
        XCTAssertEqual(try succeed("tag", "merge", "py", "garden"), "Merged py into garden on 2 entries.\n")
        XCTAssertEqual(try decodeSummaries(succeed("search", "tag:garden soak", "--json")).map(\.id), [1])
        try succeed("delete", "1", "--yes")
        XCTAssertTrue(try succeed("trash", "list").hasSuffix("  Red beans\n"))
        XCTAssertEqual(try succeed("trash", "restore", "1"), "Restored entry 1 \"Red beans\".\n")
        XCTAssertEqual(
            try decodeSummaries(succeed("search", "\"red beans\" -slugs", "--json")).map(\.id), [1], "searchable again")
        try succeed("delete", "2", "--yes")
        XCTAssertEqual(try succeed("trash", "empty"), "Removed 1 entry from the trash for good.\n")
        XCTAssertEqual(try succeed("add", "--title", "New"), "Added entry 4.\n", "an emptied id is not given again")
    }

    func testImportExportAndCopyBetweenSQLiteAndPostgreSQL() throws {
        try seed(
            (1...30).map {
                EntryDraft(title: "entry \($0)", body: "body \($0)", tags: ["t\($0 % 3)"], createdAt: day($0 % 9 + 1))
            })
        let exported = try allEntries()
        XCTAssertEqual(exported.count, 30)
        let file = directory.appendingPathComponent("copy.sqlite").path
        XCTAssertEqual(try succeed("copy", "--from", location, "--to", file), "Copied 30 entries.\n")
        let back = try server.makeDatabase()
        XCTAssertEqual(try succeed("copy", "--from", file, "--to", back, "--json"), "{\"copied\":30}\n")
        let roundTrip = try decodeEntries(Data(succeed("export", "--database", back).utf8))
        XCTAssertEqual(roundTrip.map(\.title).sorted(), exported.map(\.title).sorted())
        XCTAssertEqual(
            Set(roundTrip.map { [$0.title, $0.body] + $0.tags }), Set(exported.map { [$0.title, $0.body] + $0.tags }))
        XCTAssertEqual(Set(roundTrip.map(\.createdAt)), Set(exported.map(\.createdAt)), "dates kept")
        // Into a database that holds entries: refused, nothing copied.
        assertFails(try entries("copy", "--from", file, "--to", back), containing: "already holds 30 entries")
        XCTAssertEqual(try decodeEntries(Data(succeed("export", "--database", back).utf8)).count, 30)
    }

    func testAnImportIntoAnUnreachableServerWritesNothing() throws {
        try seed([EntryDraft(title: "before")])
        let lines = (0..<100).map { "{\"title\":\"e\($0)\"}" }.joined(separator: "\n")
        let file = try writeFile("many.jsonl", lines)
        assertFails(
            try entries("import", file, "--database", "postgresql://entries@127.0.0.1:1/none?sslmode=disable"),
            containing: "connection was refused")
        XCTAssertEqual(try allEntries().map(\.title), ["before"])
    }

    func testServerFaultsAreOneLineAndExitOne() throws {
        let cases: [(String, String)] = [
            ("postgresql://entries@/x", "malformed database location"),
            ("postgresql://entries:pw@127.0.0.1/x", "PGPASSWORD"),
            ("postgresql://entries@no-such-host.invalid/x?sslmode=disable", "unknown host"),
            ("postgresql://entries@127.0.0.1:1/x?sslmode=disable", "connection was refused"),
            (server.location(database: "postgres", user: PrivatePostgreSQLServer.stranger), "refused the login"),
            (server.location(database: "postgres", options: "sslmode=require"), "does not offer TLS"),
        ]
        for (url, message) in cases {
            assertFails(
                try entries("add", "--title", "never", "--database", url, environment: ["PGPASSWORD": "wrong"]),
                containing: message)
        }
        let foreign = try server.makeDatabase()
        let name = String(foreign.split(separator: "/").last!.split(separator: "?").first!)
        try server.sql("CREATE TABLE invoices (id int)", database: name)
        assertFails(try entries("add", "--title", "never", "--database", foreign), containing: "another application")
        XCTAssertEqual(
            try server.sql(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database: name), "1")
        try succeed("add", "--title", "mine")
        try server.sql(
            "INSERT INTO entries_schema (version) VALUES (99)",
            database: String(location.split(separator: "/").last!.split(separator: "?").first!))
        assertFails(try entries("add", "--title", "never"), containing: "newer version of entries")
    }

    /// Two writer processes importing and adding at once, and a reader listing meanwhile, over
    /// TCP: every write is there afterwards, and no id was given twice.
    func testTwoWritersAndAReaderLoseNoWrite() throws {
        let batches = try (0..<2).map { writer in
            try writeFile(
                "batch\(writer).jsonl", (0..<2_000).map { "{\"title\":\"w\(writer) e\($0)\"}" }.joined(separator: "\n"))
        }
        let environment = self.environment()
        let folder = directory
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            do {
                if worker < 2 {
                    for round in 0..<3 {
                        let imported = try EntriesBinary.run(
                            ["import", batches[worker]], input: nil, environment: environment, directory: folder)
                        let added = try EntriesBinary.run(
                            ["add", "--title", "w\(worker) added \(round)"], input: nil, environment: environment,
                            directory: folder)
                        results.append([imported.status, added.status])
                    }
                } else {
                    for _ in 0..<10 {
                        results.append([
                            try EntriesBinary.run(
                                ["list", "--limit", "20"], input: nil, environment: environment, directory: folder
                            ).status
                        ])
                    }
                }
            } catch {
                results.append([-1])
            }
        }
        XCTAssertTrue(results.values.allSatisfy { $0 == 0 }, "every process succeeded: \(results.values)")
        let all = try allEntries()
        XCTAssertEqual(all.count, 2 * 3 * (2_000 + 1), "no write lost")
        XCTAssertEqual(Set(all.map(\.id)).count, all.count, "no id given twice")
    }
}

/// Exit statuses collected from several threads.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: `statuses` is only touched under `lock`.
    private let lock = NSLock()
    private var statuses: [Int32] = []

    func append(_ values: [Int32]) {
        lock.lock()
        statuses += values
        lock.unlock()
    }

    var values: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return statuses
    }
}
#endif
