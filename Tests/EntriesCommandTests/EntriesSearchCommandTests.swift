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

    func testDatesNarrowTheSearch() throws {
        let all = try decodeSummaries(try succeed("search", "standup", "--json"))
        XCTAssertEqual(all.count, 2)
        let onFirst = try decodeSummaries(try succeed("search", "standup", "--json", "--on", "2024-01-01"))
        XCTAssertEqual(onFirst.map(\.title), ["Standup meeting"])
        let fromSecond = try decodeSummaries(try succeed("search", "standup", "--json", "--from", "2024-01-02"))
        XCTAssertEqual(fromSecond.map(\.title), ["Release notes"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "standup", "--json", "--to", "2024-01-02")).map(\.title), ["Standup meeting"])
        assertFails(try entries("search", "standup", "--on", "las friday"), containing: #"cannot read "las friday" as a date; did you mean "last friday"?"#)
        assertFails(try entries("search", "standup", "--on", "2024", "--from", "2023"), status: 64, containing: "give --on, or --from and --to, not both")
    }

    func testNoMatchIsNotAnError() throws {
        XCTAssertEqual(try succeed("search", "zebra"), "No entries match \"zebra\".\n")
        XCTAssertEqual(try succeed("search", "zebra", "--json"), "[]\n")
    }

    // MARK: - The query language

    func testTheQueryLanguageAndAWordToLeaveOutThatLooksLikeAnOption() throws {
        XCTAssertEqual(try decodeSummaries(try succeed("search", "release", "-standup", "--json")).map(\.title), [])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "meet", "-home", "--json")).map(\.title), ["Standup meeting"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "apples OR talked", "--json")).map(\.title).sorted(), ["Groceries", "Standup meeting"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", #""about the release""#, "--json")).map(\.title), ["Standup meeting"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "tag:@home", "--json")).map(\.title), ["Groceries"])
    }

    func testAMistakeInTheQueryIsOneClearLine() throws {
        assertFails(try entries("search", #""about the"#), containing: #"the quote at character 1 is not closed: add a " after the phrase"#)
        assertFails(try entries("search", "release", "-"), containing: #"a lone "-" leaves nothing out"#)
        assertFails(try entries("search", "date:las friday"), containing: #"date: cannot read "las" as a date"#)
        let result = try entries("search", "OR")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "entries: error: OR needs a word to look for on each side, as in tomato OR pepper\n")
    }

    func testMoreMatchesThanTheLimitAreSaid() throws {
        let result = try entries("search", "release", "--limit", "1")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2)
        XCTAssertEqual(result.error, "More than 1 entries match; --limit 2 shows more.\n")
        XCTAssertEqual(try entries("search", "release", "--limit", "2").error, "")
        XCTAssertEqual(try entries("search", "release", "--limit", "1", "--json").error, "", "JSON output stays alone")
    }
}
