import EntryInterchange
import EntryModel
import XCTest

final class EntriesAddCommandTests: EntriesCommandTestCase {
    func testAddsAnEntryFromOptions() throws {
        XCTAssertEqual(
            try succeed("add", "--title", "Hello", "--body", "World", "--more", "More", "--tag", "a", "--tag", "b"),
            "Added entry 1.\n")
        let entries = try allEntries()
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(entries[0].title, "Hello")
        XCTAssertEqual(entries[0].body, "World")
        XCTAssertEqual(entries[0].moreDetails, "More")
        XCTAssertEqual(entries[0].tags, ["a", "b"])
        XCTAssertLessThan(abs(entries[0].createdAt.timeIntervalSinceNow), 60)
    }

    func testANewNamedDatabaseIsNotSeeded() throws {
        try succeed("add", "--title", "First")
        XCTAssertEqual(try allEntries().map(\.title), ["First"])
    }

    func testBodyComesFromStandardInputByteForByte() throws {
        let body = "line one\r\nline two\u{0}\u{1B}[31m 👩‍👩‍👧\n\n"
        try succeed("add", "--title", "Piped", input: Data(body.utf8))
        XCTAssertEqual(Array(try allEntries()[0].body.utf8), Array(body.utf8))
    }

    func testBodyOptionWinsOverStandardInput() throws {
        try succeed("add", "--title", "T", "--body", "from option", input: Data("from stdin".utf8))
        XCTAssertEqual(try allEntries()[0].body, "from option")
    }

    func testJSONOutputIsTheNewEntry() throws {
        let result = try entries("add", "--title", "T", "--tag", "x", "--json")
        XCTAssertEqual(result.status, 0, result.error)
        let entry = try decodeEntry(result.standardOutput)
        XCTAssertEqual(entry.id, 1)
        XCTAssertEqual(entry.tags, ["x"])
    }

    func testEmptyTitleAndInvalidUTF8AreRefused() throws {
        assertFails(try entries("add", "--title", "  "), containing: "the title is empty")
        var invalid = Data("ok\nbad ".utf8)
        invalid.append(0xFF)
        assertFails(
            try entries("add", "--title", "T", input: invalid),
            containing: "standard input is not UTF-8 text (invalid byte at line 2, column 5)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "nothing was created")
    }

    // MARK: - Quick capture and back-dating

    func testWordsAreTheEntryTheWayJrnlReadsThem() throws {
        XCTAssertEqual(
            try succeed("add", "Bought bread.", "Fresh from the market.", "@shopping", "--tag", "food"),
            "Added entry 1.\n")
        let entry = try allEntries()[0]
        XCTAssertEqual(entry.title, "Bought bread.")
        XCTAssertEqual(entry.body, "Fresh from the market.")
        XCTAssertEqual(entry.tags, ["shopping", "food"])
    }

    func testPipedTextWithoutATitleIsReadAsWords() throws {
        try succeed("add", input: Data("Garden notes\nBeans in row 3. @garden\n".utf8))
        let entry = try allEntries()[0]
        XCTAssertEqual([entry.title, entry.body], ["Garden notes", "Beans in row 3."])
        XCTAssertEqual(entry.tags, ["garden"])
    }

    /// `printf '' | entries add` said "Nothing added." with status 0: a script could not tell that
    /// nothing was written.
    func testEmptyStandardInputIsAnErrorAndAddsNothing() throws {
        for input in ["", " \n", "\n\n\t\n"] {
            assertFails(
                try entries("add", input: Data(input.utf8)),
                containing: "standard input is empty: no entry to add")
            XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "nothing was created")
        }
        try succeed("add", "--title", "First")
        assertFails(try entries("add", input: Data()), containing: "nothing was added")
        XCTAssertEqual(try allEntries().count, 1)
    }

    func testWordsAndTitleTogetherAreAUsageError() throws {
        let result = try entries("add", "--title", "T", "words")
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.error.contains("give the entry as words or with --title and --body, not both"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    func testDateBackDatesTheEntryInTheLocalZone() throws {
        let paris = ["TZ": "Europe/Paris"]
        try succeed("add", "--date", "2024-06-03 14:00", "Exact minute", environment: paris)
        try succeed("add", "--date", "yesterday", "Yesterday's", environment: paris)
        let entries = try allEntries().sorted { $0.id < $1.id }
        XCTAssertEqual(entries[0].createdAt, ISO8601DateFormatter().date(from: "2024-06-03T12:00:00Z"))
        XCTAssertEqual(entries[0].updatedAt, entries[0].createdAt)
        // A day keeps the time of day it is now.
        let dayAgo = Date().addingTimeInterval(-86_400).timeIntervalSince1970
        XCTAssertEqual(
            entries[1].createdAt.timeIntervalSince1970, dayAgo, accuracy: 3_700,
            "a day earlier, give or take a clock change")
    }

    func testAnUnreadableDateSaysWhatWasMeantAndAddsNothing() throws {
        assertFails(
            try entries("add", "--date", "las friday", "Words"),
            containing: #"cannot read "las friday" as a date; did you mean "last friday"?"#)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "nothing was created")
    }

    // MARK: - Text that starts with a dash

    func testTextThatStartsWithADashIsText() throws {
        // "-5 degrees this morning." holds an h: it was read as -h and printed help, exit 0, nothing added.
        XCTAssertEqual(try succeed("add", "-5 degrees this morning. Brr."), "Added entry 1.\n")
        XCTAssertEqual(try succeed("add", "-5", "below", "zero"), "Added entry 2.\n")
        XCTAssertEqual(try succeed("add", "--title", "-3 at dawn", "--body", "-2 by noon"), "Added entry 3.\n")
        XCTAssertEqual(try succeed("add", "--", "--help", "is", "what", "I", "typed"), "Added entry 4.\n")
        let entries = try allEntries().sorted { $0.id < $1.id }
        XCTAssertEqual(
            entries.map(\.title), ["-5 degrees this morning.", "-5 below zero", "-3 at dawn", "--help is what I typed"])
        XCTAssertEqual(entries.map(\.body), ["Brr.", "", "-2 by noon", ""])
    }

    func testAnUnknownOptionIsAUsageErrorAndAddsNothing() throws {
        let result = try entries("add", "Walked the dog.", "--stared")
        XCTAssertEqual(result.status, 64, result.error)
        XCTAssertTrue(result.error.contains("Unknown option '--stared'"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "nothing was added")
    }

    // MARK: - jrnl's inline marks

    func testADatePhraseAndAColonAtTheStartDateTheEntryAndAStarStarsIt() throws {
        try succeed("add", "yesterday: Called mum. @family")
        try succeed("add", "* Best day of the year.")
        try succeed("add", "--star", "Fixed the bike.")
        try succeed("add", "2024-06-03 14:00 *: Dentist.")
        try succeed("add", "Note: buy milk")
        let entries = try allEntries().sorted { $0.id < $1.id }
        XCTAssertEqual(
            entries.map(\.title),
            ["Called mum.", "Best day of the year.", "Fixed the bike.", "Dentist.", "Note: buy milk"])
        guard entries.count == 5 else { return }
        XCTAssertEqual(entries.map(\.starred), [false, true, true, true, false])
        XCTAssertEqual(entries[0].tags, ["family"])
        XCTAssertEqual(
            entries[0].createdAt.timeIntervalSince1970, Date().addingTimeInterval(-86_400).timeIntervalSince1970,
            accuracy: 120)
        XCTAssertEqual(entries[3].createdAt, ISO8601DateFormatter().date(from: "2024-06-03T14:00:00Z"))
        XCTAssertEqual(entries[4].createdAt.timeIntervalSinceNow, 0, accuracy: 120)
    }

    func testDateOptionWinsOverTheDateInTheText() throws {
        try succeed("add", "--date", "2024-01-02 10:00", "yesterday: Called mum.")
        XCTAssertEqual(try allEntries()[0].createdAt, ISO8601DateFormatter().date(from: "2024-01-02T10:00:00Z"))
        XCTAssertEqual(try allEntries()[0].title, "Called mum.")
    }
}
