import EntryModel
import Foundation
import XCTest

/// `star`/`unstar`, `--starred`, several `--tag` with and without `--any-tag`, on `list` and `export`.
final class EntriesStarCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "One", tags: ["py", "code"], createdAt: day(1)),
            EntryDraft(title: "Two", tags: ["py"], createdAt: day(2), starred: true),
            EntryDraft(title: "Three", tags: ["code", "home"], createdAt: day(3)),
        ])
    }

    private func titles(_ arguments: String...) throws -> [String] {
        let result = try EntriesBinary.run(
            ["list", "--sort", "oldest", "--json"] + arguments, input: nil, environment: environment(),
            directory: directory)
        XCTAssertEqual(result.status, 0, result.error)
        return try decodeSummaries(result.output).map(\.title)
    }

    func testStarAndUnstarChangeTheEntryAndListStarredShowsIt() throws {
        XCTAssertEqual(try titles("--starred"), ["Two"])
        let one = try XCTUnwrap(try allEntries().first { $0.title == "One" })
        XCTAssertEqual(try succeed("star", String(one.id)), "Entry \(one.id) \"One\" is starred now.\n")
        XCTAssertEqual(try titles("--starred"), ["One", "Two"])
        let starred = try XCTUnwrap(try allEntries().first { $0.title == "One" })
        XCTAssertTrue(starred.starred)
        XCTAssertGreaterThan(starred.updatedAt, one.updatedAt, "a star is an edit")
        XCTAssertEqual(try succeed("star", String(one.id)), "Entry \(one.id) \"One\" was starred already.\n")
        XCTAssertTrue(try succeed("show", String(one.id)).contains("Starred: yes\n"))
        XCTAssertTrue(try succeed("list").contains("* One"), "the table marks a starred title")
        XCTAssertEqual(try succeed("unstar", String(one.id)), "Entry \(one.id) \"One\" is not starred now.\n")
        XCTAssertEqual(try titles("--starred"), ["Two"])
        assertFails(try entries("star", String(one.id), "999"), containing: "999")
        XCTAssertEqual(try titles("--starred"), ["Two"], "an unknown id among them changes nothing")
    }

    func testSeveralTagsMeanAllOfThemOrAnyWithAnyTag() throws {
        XCTAssertEqual(try titles("--tag", "py", "--tag", "code"), ["One"])
        XCTAssertEqual(try titles("--tag", "@py", "--tag", "home", "--any-tag"), ["One", "Two", "Three"])
        XCTAssertEqual(try titles("--tag", "py", "--tag", "home", "--any-tag", "--starred"), ["Two"])
        XCTAssertEqual(try succeed("list", "--tag", "py", "--tag", "home"), "No entries with the tags py and home.\n")
        XCTAssertEqual(try succeed("list", "--starred", "--tag", "home"), "No starred entries with the tag home.\n")
        assertFails(
            try entries("list", "--tag", "py", "--any-tag"), status: 64,
            containing: "--any-tag needs at least two --tag options")
    }

    func testExportTakesTheSameFiltersAndKeepsTheStar() throws {
        let exported = try decodeEntries(Data(try succeed("export", "--starred").utf8))
        XCTAssertEqual(exported.map(\.title), ["Two"])
        XCTAssertTrue(exported[0].starred)
        XCTAssertTrue(try succeed("export", "--format", "jsonl", "--starred").contains(#","starred":true}"#))
        let both = try decodeEntries(Data(try succeed("export", "--tag", "code", "--tag", "py").utf8))
        XCTAssertEqual(both.map(\.title), ["One"])
        assertFails(
            try entries("export", "--starred", "--ids", "1"), status: 64,
            containing: "give --ids or --tag/--starred, not both")
    }
}
