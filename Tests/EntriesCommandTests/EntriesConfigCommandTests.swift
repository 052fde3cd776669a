import Foundation
import XCTest

/// `entries config`, and the config file as every command reads it.
final class EntriesConfigCommandTests: EntriesCommandTestCase {
    private var configFolder: URL { directory.appendingPathComponent("xdg/entries") }
    private var configPath: String { configFolder.appendingPathComponent("config.yaml").path }

    private func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        try text.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Runs with `XDG_CONFIG_HOME` in the test folder and no `ENTRIES_DATABASE`, so the config decides.
    private func run(_ arguments: String..., environment extra: [String: String?] = [:]) throws -> CommandResult {
        var overrides: [String: String?] = [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path, "ENTRIES_DATABASE": nil,
        ]
        for (key, value) in extra { overrides[key] = value }
        return try EntriesBinary.run(arguments, input: nil, environment: environment(overrides), directory: directory)
    }

    func testPathPrintsWhereTheFileIsEvenBeforeItExists() throws {
        XCTAssertEqual(try run("config", "--path").output, configPath + "\n")
        XCTAssertEqual(
            try entries("config", "--path", environment: ["XDG_CONFIG_HOME": nil]).output,
            directory.appendingPathComponent(".config/entries/config.yaml").path + "\n")
    }

    func testEachEffectiveValueAndWhereItCameFrom() throws {
        let journal = directory.appendingPathComponent("mine.sqlite").path
        try writeConfig("database: \(journal)\neditor: nano\nsort: title\ntheme: light\n")
        XCTAssertEqual(try run("add", "--title", "Kept where the config says").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal))

        let table = try run("config", environment: ["VISUAL": "vim"])
        XCTAssertEqual(table.status, 0, table.error)
        let rows = table.output.split(separator: "\n").map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        XCTAssertEqual(
            rows,
            [
                ["database", journal, "\(configPath):1"],
                ["encryption", "none", "journal", "file"],
                ["editor", "nano", "\(configPath):2"],
                ["theme", "light", "\(configPath):4"],
                ["colors", "(the", "theme's)", "default"],
                ["mouse", "true", "default"],
                ["template", "(none)", "default"],
                ["preview", "true", "default"],
                ["preview-width", "100", "default"],
                ["preview-height", "32", "default"],
                ["list-row", "(the", "EntryList", "layout:", "entries", "layout", "show)", "default"],
                ["sort", "title", "\(configPath):3"],
                ["date-format", "short", "default"],
                ["confirm-delete", "true", "default"],
                ["color", "true", "default"],
                ["first-day-of-week", "monday", "default"],
            ])
        XCTAssertTrue(table.output.hasPrefix("database           /"), "names are padded to one column: \(table.output)")

        let json = try run("config", "--json", "--database", "/elsewhere.sqlite", environment: ["ENTRIES_EDITOR": "ed"])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: String]])
        XCTAssertEqual(
            objects.map { $0["name"] },
            [
                "database", "encryption", "editor", "theme", "colors", "mouse", "template", "preview", "preview-width",
                "preview-height", "list-row", "sort", "date-format", "confirm-delete", "color", "first-day-of-week",
            ])
        XCTAssertEqual(
            objects[0],
            ["name": "database", "value": "/elsewhere.sqlite", "source": "command-line", "from": "--database"])
        XCTAssertEqual(
            objects[1],
            ["name": "encryption", "value": "none (no journal yet)", "source": "journal-file", "from": "journal file"])
        XCTAssertEqual(
            objects[2], ["name": "editor", "value": "ed", "source": "environment", "from": "$ENTRIES_EDITOR"])
        XCTAssertEqual(objects[3]["source"], "config")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/elsewhere.sqlite"), "config never creates a journal")
    }

    func testAnInvalidConfigStopsEveryCommandWithLocatedErrorsAndWritesNothing() throws {
        try writeConfig("databse: x.sqlite\nsort: sideways\n")
        let expected = """
            \(configPath):1:1: error: unknown setting `databse`; did you mean `database`?
            \(configPath):2:7: error: `sort` must be one of newest, oldest, title, updated, found `sideways`

            """
        for arguments in [["config"], ["list"], ["add", "--title", "T"]] {
            let result = try EntriesBinary.run(
                arguments, input: nil,
                environment: environment([
                    "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path, "ENTRIES_DATABASE": nil,
                ]),
                directory: directory)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.error, expected, "\(arguments)")
            XCTAssertEqual(result.output, "")
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(".local/share/entries").path),
            "nothing was created")
        // The terminal UI stops the same way, before the terminal is touched (it needs one first).
        XCTAssertEqual(try run("config", "--path").status, 0, "--path still answers, to find the file to fix")
    }

    func testAnUnreadableConfigSaysWhy() throws {
        try FileManager.default.createDirectory(atPath: configPath, withIntermediateDirectories: true)
        let result = try run("list")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "\(configPath): error: cannot read the file: it is a folder\n")
    }

    /// `entries list` orders as the app does: --sort, else the config's sort, else newest.
    func testListFollowsTheConfigsSortUnlessTheFlagSaysOtherwise() throws {
        let journal = directory.appendingPathComponent("sorted.sqlite").path
        try writeConfig("database: \(journal)\nsort: title\n")
        for title in ["banana", "Apple", "cherry"] { XCTAssertEqual(try run("add", "--title", title).status, 0) }
        func titles(_ arguments: String...) throws -> [String] {
            let result = try EntriesBinary.run(
                ["list", "--json"] + arguments, input: nil,
                environment: environment([
                    "XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path, "ENTRIES_DATABASE": nil,
                ]),
                directory: directory)
            XCTAssertEqual(result.status, 0, result.error)
            return try decodeSummaries(result.output).map(\.title)
        }
        XCTAssertEqual(try titles(), ["Apple", "banana", "cherry"])
        XCTAssertEqual(try titles("--sort", "newest"), ["cherry", "Apple", "banana"])
    }
}
