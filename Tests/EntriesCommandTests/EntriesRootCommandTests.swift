import XCTest

final class EntriesRootCommandTests: EntriesCommandTestCase {
    func testWithoutSubcommandAndWithoutTerminalSaysTheUINeedsOne() throws {
        let result = try entries()
        assertFails(result, containing: "needs a terminal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "no database is created for nothing")
    }

    func testHelpListsEverySubcommandAndTheDatabaseRules() throws {
        let help = try succeed("--help")
        for word in [
            "list", "show", "search", "add", "edit", "delete", "import", "export", "--database", "--storyboards",
            "ENTRIES_DATABASE", "sample entries",
        ] {
            XCTAssertTrue(help.contains(word), "--help mentions \(word)")
        }
        for command in ["list", "show", "search", "add", "edit", "delete", "import", "export"] {
            let subcommandHelp = try succeed(command, "--help")
            XCTAssertTrue(subcommandHelp.contains("USAGE: entries \(command)"), subcommandHelp)
            XCTAssertTrue(subcommandHelp.contains("--database <path>"), "\(command) --help shows the global options")
        }
    }

    func testUsageErrorsKeepArgumentParserStatus64() throws {
        let unknown = try entries("frobnicate")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.error.contains("frobnicate"), unknown.error)
        XCTAssertEqual(try entries("list", "--sort", "sideways").status, 64)
        XCTAssertEqual(try entries("list", "--limit", "0").status, 64)
        XCTAssertEqual(try entries("show").status, 64)
        XCTAssertEqual(try entries("show", "seven").status, 64)
        XCTAssertEqual(try entries("add", "--body", "no title").status, 64)
    }

    func testGlobalOptionsWorkBeforeAndAfterTheSubcommand() throws {
        let other = directory.appendingPathComponent("other.sqlite").path
        try succeed("--database", other, "add", "--title", "Before")
        try succeed("add", "--database", other, "--title", "After", "--storyboards", directory.path)
        let listed = try decodeSummaries(
            try succeed("list", "--json", "--database", other, environment: ["ENTRIES_DATABASE": nil]))
        XCTAssertEqual(Set(listed.map(\.title)), ["Before", "After"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "ENTRIES_DATABASE was overridden")
    }
}
