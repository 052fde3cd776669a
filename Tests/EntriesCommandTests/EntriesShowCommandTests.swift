import EntryModel
import XCTest

final class EntriesShowCommandTests: EntriesCommandTestCase {
    func testShowsEveryFieldAsText() throws {
        try seed([EntryDraft(title: "Standup", body: "Went long.\n", moreDetails: "Notes", tags: ["work", "daily"],
                             createdAt: day(1), updatedAt: day(2))])
        XCTAssertEqual(try succeed("show", "1"), """
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
        try seed([EntryDraft(title: "T", body: body, moreDetails: "m", tags: ["a"], createdAt: day(1), updatedAt: day(3))])
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
}
