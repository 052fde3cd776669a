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
        assertFails(
            try entries("search", "release", "--limit", "-1"), status: 64,
            containing: "--limit must be at least 1 (got -1)")
    }

    /// An empty or blank query (`entries search "$q"` with `q` unset) said "No entries match" with
    /// status 0, as if it had looked: it is the usage error that no words are.
    func testAnEmptyQueryIsAUsageErrorNotAnEmptyResult() throws {
        for words in [[""], ["  "], ["", " "]] {
            let result = try EntriesBinary.run(
                ["search"] + words, input: nil, environment: environment([:]), directory: directory)
            assertFails(result, status: 64, containing: "give the words to look for")
            XCTAssertFalse(result.output.contains("No entries match"), result.output)
        }
    }

    func testDatesNarrowTheSearch() throws {
        let all = try decodeSummaries(try succeed("search", "standup", "--json"))
        XCTAssertEqual(all.count, 2)
        let onFirst = try decodeSummaries(try succeed("search", "standup", "--json", "--on", "2024-01-01"))
        XCTAssertEqual(onFirst.map(\.title), ["Standup meeting"])
        let fromSecond = try decodeSummaries(try succeed("search", "standup", "--json", "--from", "2024-01-02"))
        XCTAssertEqual(fromSecond.map(\.title), ["Release notes"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "standup", "--json", "--to", "2024-01-02")).map(\.title),
            ["Standup meeting"])
        assertFails(
            try entries("search", "standup", "--on", "las friday"),
            containing: #"cannot read "las friday" as a date; did you mean "last friday"?"#)
        assertFails(
            try entries("search", "standup", "--on", "2024", "--from", "2023"), status: 64,
            containing: "give --on, or --from and --to, not both")
    }

    func testNoMatchIsNotAnError() throws {
        XCTAssertEqual(try succeed("search", "zebra"), "No entries match \"zebra\".\n")
        XCTAssertEqual(try succeed("search", "zebra", "--json"), "[]\n")
    }

    // MARK: - The query language

    func testTheQueryLanguageAndAWordToLeaveOutThatLooksLikeAnOption() throws {
        XCTAssertEqual(try decodeSummaries(try succeed("search", "release", "-standup", "--json")).map(\.title), [])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "meet", "-home", "--json")).map(\.title), ["Standup meeting"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "apples OR talked", "--json")).map(\.title).sorted(),
            ["Groceries", "Standup meeting"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", #""about the release""#, "--json")).map(\.title),
            ["Standup meeting"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "tag:@home", "--json")).map(\.title), ["Groceries"])
    }

    func testAMistakeInTheQueryIsOneClearLine() throws {
        assertFails(
            try entries("search", #""about the"#),
            containing: #"the quote at character 1 is not closed: add a " after the phrase"#)
        assertFails(try entries("search", "release", "-"), containing: #"a lone "-" leaves nothing out"#)
        assertFails(try entries("search", "date:las friday"), containing: #"date: cannot read "las" as a date"#)
        let result = try entries("search", "OR")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.error,
            "entries: error: OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home\n"
        )
    }

    func testMoreMatchesThanTheLimitAreSaid() throws {
        let result = try entries("search", "release", "--limit", "1")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.split(separator: "\n").count, 2)
        XCTAssertEqual(result.error, "2 entries match; --limit 2 shows them all.\n", "the hint gives the count")
        XCTAssertEqual(try entries("search", "release", "--limit", "2").error, "")
        XCTAssertEqual(try entries("search", "release", "--limit", "1", "--json").error, "", "JSON output stays alone")
        // -n as list and read take it, never words of the query ("-n 1" left out "n" and looked for "1").
        let short = try entries("search", "release", "-n", "1")
        XCTAssertEqual(short.status, 0, short.error)
        XCTAssertEqual(short.output, result.output)
    }

    func testTagsLeftOutAndEitherOfTwoTagsOnTheCommandLine() throws {
        try seed([EntryDraft(title: "Release party", tags: ["Work"], createdAt: day(4))])
        XCTAssertEqual(
            Set(try decodeSummaries(try succeed("search", "release", "-tag:work", "--json")).map(\.title)),
            ["Standup meeting", "Release notes"], "-tag: is a word of the query, not an option")
        XCTAssertEqual(
            Set(try decodeSummaries(try succeed("search", "tag:Home", "OR", "tag:WORK", "--json")).map(\.title)),
            ["Groceries", "Release party"])
        assertFails(try entries("search", "tag:home", "OR", "groceries"), containing: "OR joins two words or two tags")
    }

    // MARK: - Options are options, words are words

    func testAnOptionSearchDoesNotTakeIsAUsageErrorNotAWord() throws {
        for arguments in [
            ["search", "--sort", "title", "release"], ["search", "release", "--bogus"],
            ["search", "--full", "release"],
        ] {
            let result = try EntriesBinary.run(arguments, input: nil, environment: environment(), directory: directory)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.output) \(result.error)")
            XCTAssertTrue(result.error.contains("Unknown option"), "\(arguments): \(result.error)")
            XCTAssertEqual(result.output, "", "\(arguments)")
        }
    }

    func testSearchTakesTheListsFilters() throws {
        try seed([
            EntryDraft(title: "Standup at home", tags: ["home", "work"], createdAt: day(4), starred: true)
        ])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "--tag", "home", "standup", "--json")).map(\.title),
            ["Standup at home"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "standup", "--tag", "@work", "--json")).map(\.title),
            ["Standup at home"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("search", "--starred", "standup", "--json")).map(\.title),
            ["Standup at home"])
        let either = try decodeSummaries(
            try succeed("search", "meet", "--tag", "home", "--tag", "nothing", "--any-tag", "--json"))
        XCTAssertEqual(either.map(\.title), ["Groceries"])
        XCTAssertEqual(try succeed("search", "--starred", "release"), "No entries match \"release\".\n")
    }

    func testAfterTheDoubleDashEveryArgumentIsAWord() throws {
        try seed([
            EntryDraft(title: "Python one", body: "1 thing", createdAt: day(5)),
            EntryDraft(title: "Python two", body: "1 more", createdAt: day(6)),
        ])
        // `--limit 1` after `--` is two words of the query (leave out "limit", find "1"), not the option.
        let found = try decodeSummaries(try succeed("search", "--json", "--", "python", "--limit", "1"))
        XCTAssertEqual(found.map(\.title).sorted(), ["Python one", "Python two"])
        XCTAssertEqual(
            try succeed("search", "--", "python", "--limit", "7"), "No entries match \"python --limit 7\".\n")
    }

    func testAWordLeftOutMayHoldTheLettersOfAnOption() throws {
        // `-hello` is not `-h` (help): it leaves out the word.
        try seed([EntryDraft(title: "Release hello", createdAt: day(6))])
        XCTAssertEqual(
            Set(try decodeSummaries(try succeed("search", "release", "-hello", "--json")).map(\.title)),
            ["Release notes", "Standup meeting"])
    }
}
