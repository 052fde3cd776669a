import EntryModel
import XCTest

final class EntriesSearchCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "Standup meeting", body: "talked about the release", createdAt: day(1)),
            EntryDraft(title: "Groceries", body: "apples, meetballs", tags: ["home"], createdAt: day(2)),
            EntryDraft(title: "Release notes", moreDetails: "standup follow-up", createdAt: day(3)),
        ])
    }

    func testFindsMatchesInEveryField() throws {
        let standup = try decodeSummaries(try succeed("search", "standup", "--json"))
        XCTAssertEqual(Set(standup.map(\.title)), ["Standup meeting", "Release notes"])
        let prefix = try decodeSummaries(try succeed("search", "meet", "--json"))
        XCTAssertEqual(Set(prefix.map(\.title)), ["Standup meeting", "Groceries"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "home", "--json")).map(\.title), ["Groceries"])
    }

    func testTableAndLimit() throws {
        let table = try succeed("search", "release")
        XCTAssertTrue(table.hasPrefix("ID  CREATED           TITLE"), table)
        XCTAssertEqual(table.split(separator: "\n").count, 3, table)
        XCTAssertEqual(try decodeSummaries(try succeed("search", "release", "--limit", "1", "--json")).count, 1)
    }

    func testTheWordsMayBeSeveralArgumentsOrOne() throws {
        let separate = try decodeSummaries(try succeed("search", "standup", "meet", "--json"))
        XCTAssertEqual(separate.map(\.title), ["Standup meeting"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "standup meet", "--json")), separate)
        assertFails(try entries("search"), status: 64, containing: "give the words to look for")
        assertFails(try entries("search", "release", "--limit", "-1"), status: 64, containing: "--limit must be at least 1 (got -1)")
    }

    func testNoMatchIsNotAnError() throws {
        XCTAssertEqual(try succeed("search", "zebra"), "No entries match \"zebra\".\n")
        XCTAssertEqual(try succeed("search", "zebra", "--json"), "[]\n")
    }
}
