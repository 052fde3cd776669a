import EntryModel
import XCTest

/// `entries read`: entries printed whole for reading in the shell, and `date-format:` on the command line.
final class EntriesReadCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(
                title: "Standup went long.", body: "Talked about the release.\nThen lunch.", tags: ["work"],
                createdAt: day(1)),
            EntryDraft(
                title: "Garden", body: "Beans are up.", moreDetails: "Row 3", tags: ["garden"], createdAt: day(2)),
            EntryDraft(title: "Release day", tags: ["work"], createdAt: day(3), starred: true),
        ])
    }

    func testPrintsWholeEntriesOldestFirst() throws {
        XCTAssertEqual(
            try succeed("read"),
            """
            2024-01-01 09:30  Standup went long.
            entry 1 · tags: work

            Talked about the release.
            Then lunch.

            2024-01-02 09:30  Garden
            entry 2 · tags: garden

            Beans are up.

            More details:
            Row 3

            2024-01-03 09:30  * Release day
            entry 3 · tags: work


            """)
    }

    func testTheNewestNAndAnyFilterAndTheOrderTurnedRound() throws {
        XCTAssertEqual(titles(try succeed("read", "-n", "2")), ["Garden", "* Release day"])
        XCTAssertEqual(titles(try succeed("read", "-n", "2", "--newest-first")), ["* Release day", "Garden"])
        XCTAssertEqual(titles(try succeed("read", "--tag", "work", "--from", "2024-01-02")), ["* Release day"])
        XCTAssertEqual(titles(try succeed("read", "--starred")), ["* Release day"])
        XCTAssertEqual(
            titles(try succeed("read", "--search", "release", "-n", "5")), ["Standup went long.", "* Release day"])
        XCTAssertEqual(try succeed("read", "--tag", "nothing"), "No entries with the tag nothing.\n")
        assertFails(try entries("read", "-n", "0"), status: 64, containing: "must be at least 1")
    }

    /// `entries read 3 1`: the entries named by id, whole, in the order given. An id that names no
    /// entry prints nothing and fails; ids and filters together are a usage error, not a guess at
    /// which one was meant.
    func testEntriesNamedByIdAreReadInTheOrderGiven() throws {
        XCTAssertEqual(titles(try succeed("read", "3", "1")), ["* Release day", "Standup went long."])
        XCTAssertEqual(titles(try succeed("read", "2")), ["Garden"])
        let missing = try entries("read", "1", "99")
        assertFails(missing, containing: "99")
        XCTAssertEqual(missing.output, "")
        assertFails(try entries("read", "1", "--tag", "work"), status: 64, containing: "not both")
        assertFails(try entries("read", "1", "-n", "2"), status: 64, containing: "not both")
    }

    func testTheConfigsDateFormatAppliesToTheCommandLine() throws {
        let config = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "date-format: short\n".write(
            to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(try succeed("read", "-n", "1").hasPrefix("3 Jan 2024  * Release day\n"))
        let list = try succeed("list")
        XCTAssertTrue(list.contains("\n 3  3 Jan 2024  * Release day       work\n"), list)
        XCTAssertTrue(try succeed("show", "2").contains("Created: 2 Jan 2024\n"))
    }

    func testAMissingTemplateFileStopsNoCommandThatOnlyReads() throws {
        let config = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "template: /nowhere/new-entry.md\ndate-format: short\n".write(
            to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(
            try succeed("read", "-n", "1").hasPrefix("3 Jan 2024  * Release day\n"), "the rest of the config applies")
        XCTAssertTrue(try succeed("list").contains("Release day"))
        XCTAssertTrue(try succeed("search", "release").contains("Release day"))
        XCTAssertEqual(try succeed("add", "Text given, no template needed."), "Added entry 4.\n")
    }

    func testExportTakesSearchAndLimit() throws {
        let markdown = try succeed("export", "--format", "markdown", "--search", "release")
        XCTAssertEqual(headings(markdown), ["Standup went long.", "Release day"])
        let newest = try succeed("export", "--format", "markdown", "--limit", "2")
        XCTAssertEqual(headings(newest), ["Garden", "Release day"])
        assertFails(
            try entries("export", "--ids", "1", "--limit", "1"), status: 64,
            containing: "give --ids or --search/--limit, not both")
    }

    private func headings(_ markdown: String) -> [String] {
        markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// The title lines of `read`'s output (after the date).
    private func titles(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("2024-") }.map {
            String($0.dropFirst("2024-01-01 09:30  ".count))
        }
    }
}
