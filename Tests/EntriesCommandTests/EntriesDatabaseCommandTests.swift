import AppShell
import EntryModel
import GRDB
import XCTest

final class EntriesDatabaseCommandTests: EntriesCommandTestCase {
    func testTheDefaultDatabaseIsCreatedWithSampleEntriesOnFirstUse() throws {
        let environment: [String: String?] = ["ENTRIES_DATABASE": nil, "XDG_DATA_HOME": nil]
        let listed = try decodeSummaries(try succeed("list", "--json", environment: environment))
        XCTAssertEqual(listed.count, SampleEntries.all.count)
        XCTAssertGreaterThan(listed.count, 0)
        let path = directory.appendingPathComponent(".local/share/entries/entries.sqlite").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "created under HOME")
        // Opening again does not seed again.
        try succeed("add", "--title", "mine", environment: environment)
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--json", environment: environment)).count,
            SampleEntries.all.count + 1)
    }

    /// A jrnl user's first command is an import (or an `add`): their journal starts with their entries
    /// only, not mixed with the app's guide dated among them.
    func testAFirstImportOrAddStartsTheDefaultJournalEmpty() throws {
        let home: [String: String?] = ["ENTRIES_DATABASE": nil, "XDG_DATA_HOME": nil]
        let export = directory.appendingPathComponent("journal.json")
        let entry = #"{"date": "2024-03-01", "time": "09:30", "title": "Market day.", "body": "Apples.", "tags": []}"#
        try Data(#"{"tags": {}, "entries": [\#(entry)]}"#.utf8).write(to: export)
        try succeed("import", export.path, "--format", "jrnl", environment: home)
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--json", environment: home)).map(\.title), ["Market day."])

        let other: [String: String?] = [
            "ENTRIES_DATABASE": nil, "XDG_DATA_HOME": directory.appendingPathComponent("other").path,
        ]
        try succeed("add", "--title", "First words", environment: other)
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--json", environment: other)).map(\.title), ["First words"])
    }

    /// `-j default` without a config names the built-in file, which is made and seeded on first use
    /// as it is without the option (it said "no database" before).
    func testTheDefaultJournalByNameIsTheBuiltInFile() throws {
        let environment: [String: String?] = ["ENTRIES_DATABASE": nil, "XDG_DATA_HOME": nil]
        let listed = try decodeSummaries(try succeed("list", "--json", "-j", "default", environment: environment))
        XCTAssertEqual(listed.count, SampleEntries.all.count)
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--json", environment: environment)).count, SampleEntries.all.count)
    }

    /// The samples go with one command, as the first of them says, and every command they show in a code
    /// block runs as written.
    func testTheSamplesGoWithOneCommandAndTheCommandsTheyShowRun() throws {
        let home: [String: String?] = ["ENTRIES_DATABASE": nil, "XDG_DATA_HOME": nil]
        // The samples are there when the journal was first read (here, as in the app).
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--json", environment: home)).count, SampleEntries.all.count)
        let blocks = SampleEntries.all.flatMap {
            $0.body.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }
        }
        let commands = blocks.flatMap { $0.element.split(separator: "\n").map(String.init) }.filter {
            $0.hasPrefix("entries ")
        }
        XCTAssertGreaterThanOrEqual(commands.count, 6, "\(commands)")
        for command in commands {
            let words = try EditorCommandLine(command).words
            let result = try EntriesBinary.run(
                Array(words.dropFirst()), input: Data(), environment: environment(home), directory: directory)
            XCTAssertEqual(result.status, 0, "\(command): \(result.error)")
        }
        let welcome = try XCTUnwrap(SampleEntries.all.first)
        XCTAssertTrue(welcome.body.contains("`entries delete --tag \(SampleEntries.tag)`"), welcome.body)
        let before = try decodeSummaries(try succeed("list", "--json", "--limit", "100", environment: home))
        XCTAssertEqual(before.count, SampleEntries.all.count + 3, "the samples and the three entries added above")
        XCTAssertEqual(try succeed("delete", "--tag", SampleEntries.tag, "--yes", environment: home).isEmpty, false)
        let after = try decodeSummaries(try succeed("list", "--json", "--limit", "100", environment: home))
        XCTAssertEqual(
            after.map(\.title).sorted(), ["Best day of the year.", "Called mum.", "Ran 5k in 27 minutes."],
            "every sample went, the user's entries stayed")
    }

    /// Foundation on Linux stopped the process (SIGILL) finding the folder of a one-character name;
    /// the open now finds it itself.
    func testARelativeOneCharacterDatabaseNameWorks() throws {
        for name in ["a", "b.s", "c/"] {
            let result = try entries("--database", name, "add", "--title", "short name")
            if name.hasSuffix("/") {
                assertFails(result, containing: "cannot create the database \(name)")
            } else {
                XCTAssertEqual(result.status, 0, "\(name): \(result.error)")
                let listed = try decodeSummaries(try succeed("--database", name, "list", "--json"))
                XCTAssertEqual(listed.map(\.title), ["short name"], name)
            }
        }
    }

    func testReadingANamedDatabaseThatDoesNotExistIsAnErrorAndCreatesNothing() throws {
        for command in [["list"], ["show", "1"], ["search", "x"], ["export"]] {
            assertFails(
                try EntriesBinary.run(command, input: nil, environment: environment(), directory: directory),
                containing: "no database at \(databasePath)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    func testAFileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
        let content = Data(String(repeating: "these are my precious notes, not SQLite\n", count: 50).utf8)
        let path = try writeFile("notes.txt", content)
        for command in [["list"], ["add", "--title", "x"], ["import", "-"], ["export"], ["delete", "1"]] {
            let result = try EntriesBinary.run(
                command, input: Data("title\nx\n".utf8), environment: environment(["ENTRIES_DATABASE": path]),
                directory: directory)
            assertFails(result, containing: "\(path) is not an entries database")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), content)
    }

    func testReadCommandsDoNotChangeTheDatabaseFile() throws {
        try seed([EntryDraft(title: "a"), EntryDraft(title: "b")])
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        for command in [["list"], ["show", "1"], ["search", "a"], ["export"], ["list", "--json"]] {
            XCTAssertEqual(
                try EntriesBinary.run(command, input: nil, environment: environment(), directory: directory).status, 0)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)), before)
    }

    /// After an update, a database the previous version wrote (here from before the id sequence of
    /// migration v3, the counts of v4, the trash of v5, the stars of v6 and the title key of v7) keeps
    /// working with every command: since every row read has a star (v6), a reading command upgrades it
    /// first, as a writing one does; ids are still never given again.
    func testADatabaseAnOlderVersionWroteIsUpgradedByTheFirstCommand() throws {
        try seed([EntryDraft(title: "a"), EntryDraft(title: "b")])
        let queue = try DatabaseQueue(path: databasePath)
        try queue.write { db in
            try db.execute(
                sql: """
                    DROP TRIGGER entry_ai_quarter_hour; DROP TRIGGER entry_ad_quarter_hour; DROP TRIGGER entry_au_quarter_hour;
                    DROP TRIGGER entryTag_ai_count; DROP TRIGGER entryTag_ad_count;
                    DROP TABLE entryQuarterHour; DROP TABLE entryDay; DROP TABLE entryTagCount;
                    DROP TRIGGER entry_ai_sequence; DROP TABLE entrySequence; DROP TABLE trashedEntry;
                    DROP INDEX entry_starred_on_createdAt; DROP INDEX entry_starred_on_title; DROP INDEX entry_starred_on_updatedAt;
                    ALTER TABLE entry DROP COLUMN starred;
                    DROP INDEX entry_on_title; DROP TRIGGER entry_au_fts; ALTER TABLE entry DROP COLUMN titleKey;
                    CREATE INDEX entry_on_title ON entry(title, id);
                    CREATE TRIGGER entry_au_fts AFTER UPDATE ON entry BEGIN
                        INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)
                        VALUES ('delete', old.id, old.title, old.body, old.moreDetails, old.tags);
                        INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
                        VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);
                    END;
                    DROP TRIGGER entry_au_link_dates; DROP TABLE entryLink; ALTER TABLE entry DROP COLUMN words;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v3-entry-id-sequence', 'v4-entry-quarter-hour-counts', 'v5-trash', 'v6Starred', 'v7-title-key', 'v8-tag-key', 'v9-links', 'v10-links-by-source', 'v11-word-count', 'v12-full-text-levels',
                        'v13-link-source-dates');
                    """)
        }
        try queue.close()
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--json")).map(\.title), ["b", "a"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "a", "--json")).map(\.title), ["a"])
        XCTAssertEqual(
            try succeed("delete", "2", "--yes"),
            "Deleted entry 2 (in the trash for 30 days: `entries trash restore 2` brings it back).\n")
        XCTAssertEqual(
            try succeed("add", "--title", "c"), "Added entry 3.\n", "upgraded: the deleted id is not given again")
        XCTAssertEqual(try succeed("trash", "restore", "2"), "Restored entry 2 \"b\".\n")
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--json")).map(\.title), ["c", "b", "a"])
    }

    func testAReadOnlyFileCanBeReadButNotWritten() throws {
        try XCTSkipIf(geteuid() == 0, "root can write read-only files; run the tests as a normal user to check this")
        try seed([EntryDraft(title: "a")])
        XCTAssertEqual(chmod(databasePath, 0o444), 0)
        defer { chmod(databasePath, 0o644) }
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--json")).map(\.title), ["a"])
        assertFails(try entries("add", "--title", "b"), containing: "is read-only")
        assertFails(try entries("delete", "1"), containing: "is read-only")
        assertFails(try entries("edit", "1", environment: ["EDITOR": "true"]), containing: "is read-only")
    }
}
