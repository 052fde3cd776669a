import EntryModel
import XCTest

/// `entries show` with links and backlinks, and `entries list --on-this-day`.
final class EntriesLinksCommandTests: EntriesCommandTestCase {
    private func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 9) -> Date {
        CivilDay(year: year, month: month, day: day).start(in: TimeZone(identifier: "UTC")!).addingTimeInterval(
            Double(hour) * 3600)
    }

    /// Links are read from the body and more details. A link typed into the title (a one-sentence
    /// entry written the jrnl way is all title) links nothing: `add` says so on standard error, with
    /// the way to write it, and the entry is added as written.
    func testAddSaysThatALinkInTheTitleLinksNothing() throws {
        try succeed("add", "--title", "Retro")
        let titled = try entries("add", "Met Ana about [[#1]] @work")
        XCTAssertEqual(titled.status, 0, titled.error)
        XCTAssertEqual(titled.output, "Added entry 2.\n")
        XCTAssertTrue(titled.error.hasPrefix("note: "), titled.error)
        XCTAssertTrue(titled.error.contains("[[#1]]"), titled.error)
        XCTAssertTrue(titled.error.contains("title"), titled.error)
        XCTAssertFalse(try succeed("show", "1").contains("Linked from"))
        // In the body the same link is a link, and nothing is said.
        let bodied = try entries("add", "Met Ana. We read [[#1]] again. @work")
        XCTAssertEqual(bodied.error, "")
        XCTAssertTrue(try succeed("show", "1").contains("Linked from:\n  3"))
        // --json keeps standard output one JSON object; the note stays on standard error.
        let json = try entries("add", "--title", "About [[Retro]]", "--json")
        XCTAssertTrue(json.output.hasPrefix("{") && json.output.hasSuffix("}\n"), json.output)
        XCTAssertTrue(json.error.contains("[[Retro]]"), json.error)
    }

    func testShowListsWhereLinksLeadAndWhatLinksHereNewestFirst() throws {
        try seed([
            EntryDraft(title: "Standup", body: "See [[Retro]], [[nowhere \u{1B}[31m]] and [[#3]].", createdAt: day(1)),
            EntryDraft(title: "Retro", body: "After [[standup]].", createdAt: day(2)),
            EntryDraft(title: "Planning \u{1B}]0;x\u{07}", moreDetails: "[[#1|first]]", createdAt: day(3)),
        ])
        XCTAssertEqual(
            try succeed("show", "1"),
            """
            Title:   Standup
            Id:      1
            Created: 2024-01-01 09:30
            Updated: 2024-01-01 09:30

            See [[Retro]], [[nowhere \u{1B}[31m]] and [[#3]].

            Links:
              [[Retro]]  2  Retro
              [[#3]]  3  Planning ^[]0;x^G

            Linked from:
              3  2024-01-03 09:30  Planning ^[]0;x^G
              2  2024-01-02 09:30  Retro

            """)
        let json = try succeed("show", "1", "--json")
        XCTAssertTrue(
            json.contains(
                #""starred":false,"words":6,"links":[{"title":"Retro","entryId":2},{"id":3,"entryId":3}],"backlinks":[{"id":3,"#
            ),
            json)
        XCTAssertTrue(
            json.contains(
                #"{"id":2,"title":"Retro","tags":[],"createdAt":"2024-01-02T09:30:00.000Z","updatedAt":"2024-01-02T09:30:00.000Z","starred":false,"words":2}]}"#
            ), json)
        XCTAssertTrue(
            try succeed("show", "2", "--json").contains(
                #""links":[{"title":"standup","entryId":1}],"backlinks":[{"id":1,"#))
    }

    func testALinkToNothingIsSaidToLeadNowhere() throws {
        try seed([EntryDraft(title: "Lonely", body: "[[Missing page]]", createdAt: day(1))])
        XCTAssertTrue(try succeed("show", "1").hasSuffix("\nLinks:\n  [[Missing page]]  (no such entry)\n"))
        XCTAssertTrue(
            try succeed("show", "1", "--json").hasSuffix(
                #""links":[{"title":"Missing page","entryId":null}],"backlinks":[]}"# + "\n"))
    }

    func testListOnThisDayTakesTheDayFromEveryYearUpToTheDatesNewestFirst() throws {
        try seed([
            EntryDraft(title: "2021", createdAt: date(2021, 6, 5)),
            EntryDraft(title: "2022 tagged", tags: ["trip"], createdAt: date(2022, 6, 5, hour: 23)),
            EntryDraft(title: "2022 next day", createdAt: date(2022, 6, 6)),
            EntryDraft(title: "2024", createdAt: date(2024, 6, 5)),
            EntryDraft(title: "2025 after", createdAt: date(2025, 6, 5)),
            EntryDraft(title: "leap", createdAt: date(2020, 2, 29)),
        ])
        func titles(_ arguments: String...) throws -> [String] {
            let result = try EntriesBinary.run(
                ["list", "--json"] + arguments, input: nil, environment: environment(), directory: directory)
            XCTAssertEqual(result.status, 0, result.error)
            return try decodeSummaries(result.output).map(\.title)
        }
        XCTAssertEqual(try titles("--on-this-day", "2024-06-05"), ["2024", "2022 tagged", "2021"])
        XCTAssertEqual(try titles("--on-this-day", "2024-06-05", "--tag", "trip"), ["2022 tagged"])
        XCTAssertEqual(
            try titles("--on-this-day", "2024-06-05", "--sort", "oldest", "--limit", "2"), ["2021", "2022 tagged"])
        XCTAssertEqual(try titles("--on-this-day", "2024-02-29"), ["leap"])
        XCTAssertTrue(try succeed("list", "--on-this-day", "2024-06-05").contains("2022 tagged"))
        XCTAssertEqual(
            try succeed("list", "--on-this-day", "2024-03-01"), "No entries on March 1 in 2024 or any year before.\n")
        let json = try succeed("list", "--on-this-day", "2022-06-05", "--json")
        XCTAssertTrue(json.hasPrefix("[\n" + #"{"id":2,"title":"2022 tagged""#), json)
    }

    func testOnThisDayRefusesWhatItCannotRead() throws {
        try seed([EntryDraft(title: "x", createdAt: day(1))])
        assertFails(try entries("list", "--on-this-day", "--on", "2024-01"), status: 64, containing: "not both")
        assertFails(try entries("list", "2024-01-01"), status: 64, containing: "only with --on-this-day")
        assertFails(try entries("list", "--on-this-day", "las friday"), containing: "last friday")
    }
}
