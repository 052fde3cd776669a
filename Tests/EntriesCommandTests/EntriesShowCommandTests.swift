import EntryModel
import XCTest

final class EntriesShowCommandTests: EntriesCommandTestCase {
    func testShowsEveryFieldAsText() throws {
        try seed([
            EntryDraft(
                title: "Standup", body: "Went long.\n", moreDetails: "Notes", tags: ["work", "daily"],
                createdAt: day(1), updatedAt: day(2))
        ])
        XCTAssertEqual(
            try succeed("show", "1"),
            """
            Title:   Standup
            Id:      1
            Created: 2024-01-01 09:30
            Updated: 2024-01-02 09:30
            Tags:    work, daily

            Went long.

            More details:
            Notes

            """)
    }

    func testJSONIsTheWholeEntryByteForByte() throws {
        let body = "line\r\nNUL \u{0} esc \u{1B} emoji 👩‍👩‍👧"
        try seed([
            EntryDraft(title: "T", body: body, moreDetails: "m", tags: ["a"], createdAt: day(1), updatedAt: day(3))
        ])
        let result = try entries("show", "1", "--json")
        XCTAssertEqual(result.status, 0, result.error)
        let entry = try decodeEntry(result.standardOutput)
        XCTAssertEqual(entry.id, 1)
        XCTAssertEqual(Array(entry.body.utf8), Array(body.utf8))
        XCTAssertEqual(entry.moreDetails, "m")
        XCTAssertEqual(entry.tags, ["a"])
        XCTAssertEqual(entry.createdAt, day(1))
        XCTAssertEqual(entry.updatedAt, day(3))
    }

    func testUnknownIdIsAnError() throws {
        try seed([EntryDraft(title: "only one")])
        assertFails(try entries("show", "42"), containing: "no entry with id 42")
        assertFails(try entries("show", "42", "--json"), containing: "no entry with id 42")
    }

    // MARK: - Rough edges a newcomer hit

    func testAnEntryInTheTrashIsSaidToBeThere() throws {
        try seed([EntryDraft(title: "Gone for now", createdAt: day(1))])
        let id = try allEntries()[0].id
        try succeed("delete", String(id), "--yes")
        assertFails(
            try entries("show", String(id)),
            containing: "entry \(id) \"Gone for now\" is in the trash: `entries trash restore \(id)` brings it back")
        assertFails(try entries("show", "999"), containing: "no entry with id 999")
    }

    func testJSONSaysStarredFalseToo() throws {
        try seed([
            EntryDraft(title: "Plain", createdAt: day(1)), EntryDraft(title: "Shiny", createdAt: day(2), starred: true),
        ])
        let list = try succeed("list", "--json", "--sort", "oldest")
        XCTAssertTrue(
            list.contains(
                #""title":"Plain","tags":[],"createdAt":"2024-01-01T09:30:00.000Z","updatedAt":"2024-01-01T09:30:00.000Z","starred":false,"words":0}"#
            ), list)
        XCTAssertTrue(list.contains(#""starred":true,"words":0}"#), list)
        XCTAssertTrue(
            try succeed("show", "1", "--json").hasSuffix(
                #","starred":false,"words":0,"links":[],"backlinks":[]}"# + "\n"))
        XCTAssertTrue(try succeed("search", "plain", "--json").contains(#""starred":false"#))
    }

    func testKeysHelpNamesEveryContext() throws {
        // The help wraps at the terminal's width: compared with its line breaks as spaces.
        let help = try succeed("keys", "--help").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(help.contains("Only this context (Entries, Settings, Calendar or Trash)."), help)
    }
}
