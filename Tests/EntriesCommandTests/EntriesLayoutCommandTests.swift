import AppShellTesting
import Foundation
import XCTest

/// `entries layout lint|show`, run as a user would: every problem with file, line and column (exit 1),
/// and which layout each kind uses.
final class EntriesLayoutCommandTests: EntriesCommandTestCase {
    func testLintWithoutLayoutFilesSaysTheBuiltInOnesAreInForce() throws {
        XCTAssertEqual(
            try succeed("layout", "lint"), "0 layout files checked: no problems (the built-in layouts are in force)\n")
    }

    func testLintReportsEveryProblemOfAFileAndFails() throws {
        let path = try writeFile(
            "EntryList.layout",
            "kind: EntryList\nrow:\n  - {outlet: titel, width: fill}\n  - {outlet: tags, width: fit, role: dimm}\n")
        let result = try entries("layout", "lint", path)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.error,
            """
            \(path):3:14: error: `EntryList` has no outlet `titel`; did you mean `title`?
            \(path):4:38: error: unknown theme role `dimm`; did you mean `dim`?

            """)
        XCTAssertEqual(result.output, "1 layout file checked: 2 errors\n")
    }

    func testShowNamesTheFileInForceAndTheOutlets() throws {
        let folder = directory.appendingPathComponent("flows", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("EntryList.layout")
        try Data("kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n".utf8).write(to: file)
        let output = try succeed("layout", "show", "--storyboards", folder.path)
        XCTAssertEqual(
            output,
            """
            EntryList: \(file.path)
              outlets: star, title, date, created, updated, tags, snippet, id, words
            EntryDetails: built-in
              outlets: star, title, created, updated, edited, tags, id, body, words
            EntryPreview: built-in
              outlets: star, title, created, updated, edited, tags, id, body, words
            EntryMoreDetails: built-in
              outlets: star, title, created, updated, tags, id, words, created-exact, updated-exact, title-size, body-size, more-size, tag-summary, more
            SettingsEntryList: built-in
              outlets: star, title, date, created, updated, tags, id, words

            """)
    }

    /// The six-column list row `scripts/bench-tui.sh` times (`LAYOUTS=scripts/bench-layouts/six-columns`)
    /// lints clean, and handed over as the bench hands it (`--storyboards` with its folder) it is the
    /// list row in force, with its six outlets.
    func testTheBenchsSixColumnLayoutLintsCleanAndIsInForce() throws {
        let folder = try SourceTree(containing: #filePath).url("scripts/bench-layouts/six-columns")
        let file = folder.appendingPathComponent("EntryList.layout")
        XCTAssertEqual(try succeed("layout", "lint", file.path), "1 layout file checked: no problems\n")
        XCTAssertEqual(
            try succeed("layout", "lint", "--storyboards", folder.path), "1 layout file checked: no problems\n")
        let shown = try succeed("layout", "show", "--storyboards", folder.path)
        XCTAssertTrue(shown.hasPrefix("EntryList: \(file.path)\n"), shown)
        let outlets = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("  - {outlet: ") }
            .map { $0.dropFirst("  - {outlet: ".count).prefix { $0 != "," } }
        XCTAssertEqual(outlets, ["star", "title", "created", "words", "updated", "tags"])
    }

    /// The config's `list-row:` is the list row in force (`layout show` says so); with an
    /// `EntryList.layout` as well, `layout lint` refuses both, naming each.
    func testTheConfigsListRowIsInForceAndAFileAsWellIsRefused() throws {
        let config = directory.appendingPathComponent(".config/entries", isDirectory: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("sort: title\nlist-row: \"{id}  {title}\"\n".utf8).write(
            to: config.appendingPathComponent("config.yaml"))
        let shown = try succeed("layout", "show")
        XCTAssertTrue(shown.hasPrefix("EntryList: \(config.path)/config.yaml:2 (list-row)\n"), shown)
        let layouts = config.appendingPathComponent("layouts", isDirectory: true)
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try Data("kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n".utf8).write(
            to: layouts.appendingPathComponent("EntryList.layout"))
        let lint = try entries("layout", "lint")
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(
            lint.error,
            "\(layouts.path)/EntryList.layout: error: the list row is laid out twice: by this file and by `list-row:` in \(config.path)/config.yaml:2; keep one\n"
        )
    }
}

/// A start without a terminal (`entries | cat`) with a broken layout: the layout's problems, each at
/// its file:line:col, come before "needs a terminal", as a start with a terminal prints them, and
/// no database is made.
final class EntriesBrokenLayoutWithoutTerminalTests: EntriesCommandTestCase {
    func testTheLayoutsProblemsComeBeforeNeedsATerminal() throws {
        let folder = directory.appendingPathComponent("flows", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("EntryList.layout")
        try Data("kind: EntryList\nrow:\n  - {outlet: titel, width: fill}\n".utf8).write(to: file)
        let result = try entries("--storyboards", folder.path)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(
            result.error.hasPrefix(
                "\(file.path):3:14: error: `EntryList` has no outlet `titel`; did you mean `title`?"),
            result.error)
        XCTAssertFalse(result.error.contains("needs a terminal"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "no database made for nothing")

        // Fixed, the start says what is still wrong: there is no terminal.
        try Data("kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n".utf8).write(to: file)
        let fixed = try entries("--storyboards", folder.path)
        XCTAssertNotEqual(fixed.status, 0)
        XCTAssertTrue(fixed.error.contains("needs a terminal"), fixed.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }
}
