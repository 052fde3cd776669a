import AppShell
import EntryModel
import Foundation
import XCTest

final class EntriesListCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "Banana", tags: ["fruit"], createdAt: day(1), updatedAt: day(5)),
            EntryDraft(title: "apple", tags: ["fruit", "red"], createdAt: day(2), updatedAt: day(2)),
            EntryDraft(title: "Carrot", tags: ["vegetable"], createdAt: day(3), updatedAt: day(3)),
        ])
    }

    func testTableShowsIdDateTitleAndTagsAligned() throws {
        XCTAssertEqual(
            try succeed("list"),
            """
            ID  CREATED           TITLE   TAGS
             3  2024-01-03 09:30  Carrot  vegetable
             2  2024-01-02 09:30  apple   fruit, red
             1  2024-01-01 09:30  Banana  fruit

            """)
    }

    func testSortTagAndLimit() throws {
        func titles(_ arguments: String...) throws -> [String] {
            let output = try EntriesBinary.run(
                arguments + ["--json"], input: nil, environment: environment(), directory: directory)
            XCTAssertEqual(output.status, 0, output.error)
            return try decodeSummaries(output.output).map(\.title)
        }
        XCTAssertEqual(try titles("list"), ["Carrot", "apple", "Banana"])
        XCTAssertEqual(try titles("list", "--sort", "oldest"), ["Banana", "apple", "Carrot"])
        XCTAssertEqual(try titles("list", "--sort", "title"), ["apple", "Banana", "Carrot"])
        XCTAssertEqual(try titles("list", "--sort", "updated"), ["Banana", "Carrot", "apple"])
        XCTAssertEqual(try titles("list", "--tag", "fruit"), ["apple", "Banana"])
        XCTAssertEqual(try titles("list", "--limit", "2", "--sort", "oldest"), ["Banana", "apple"])
        XCTAssertEqual(try titles("list", "--tag", "none"), [])
        // As `read -n`, and tags in any case, as jrnl reads them.
        XCTAssertEqual(try titles("list", "-n", "2", "--sort", "oldest"), ["Banana", "apple"])
        XCTAssertEqual(try titles("list", "--tag", "Fruit"), ["apple", "Banana"])
        assertFails(try entries("list", "-n", "0"), status: 64, containing: "-n/--limit must be at least 1 (got 0)")
    }

    func testJSONHasEveryFieldOfTheSummaries() throws {
        let summaries = try decodeSummaries(try succeed("list", "--json", "--sort", "oldest"))
        XCTAssertEqual(summaries.map(\.id), [1, 2, 3])
        XCTAssertEqual(summaries[1].tags, ["fruit", "red"])
        XCTAssertEqual(summaries[0].createdAt, day(1))
        XCTAssertEqual(summaries[0].updatedAt, day(5))
    }

    func testControlCharactersInTitlesNeverReachTheTerminalRaw() throws {
        try seed([
            EntryDraft(
                title: "evil \u{1B}]0;pwned\u{7}\u{1B}[2J title\r\nline\u{9B}", tags: ["t\u{1B}ag"], createdAt: day(9))
        ])
        let output = try succeed("list", "--limit", "1")
        XCTAssertTrue(output.contains("evil ^[]0;pwned^G^[[2J title^M^Jline<U+009B>"), output)
        XCTAssertTrue(output.contains("t^[ag"), output)
        XCTAssertFalse(
            output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
            "raw control characters in \(output.debugDescription)")
    }

    /// Piped, a title is printed whole (only a terminal cuts it); the rows around it stay aligned.
    func testPipedLongTitlesArePrintedWhole() throws {
        let long = String(repeating: "long ", count: 30).trimmingCharacters(in: .whitespaces)
        try seed([EntryDraft(title: long, tags: ["x"], createdAt: day(10))])
        let lines = try succeed("list", "--limit", "3").split(separator: "\n")
        XCTAssertTrue(lines[1].contains(long + "  x"), String(lines[1]))
        XCTAssertFalse(lines[1].contains("…"), String(lines[1]))
        XCTAssertEqual(
            lines[2].firstRange(of: "Carrot")?.lowerBound.utf16Offset(in: lines[2]),
            lines[0].firstRange(of: "TITLE")?.lowerBound.utf16Offset(in: lines[0]), "\(lines)")
    }

    /// The command line measures characters with the app's table (AppShell's `displayWidth`): characters
    /// tables disagree about (U+3248 is ambiguous, narrow here; U+FE10 is wide) leave the columns after
    /// them aligned, as the app draws them.
    func testColumnsAfterCharactersOfDisputedWidthLineUpAsInTheApp() throws {
        try seed([
            EntryDraft(title: "ten \u{3248} circled", tags: ["after"], createdAt: day(12)),
            EntryDraft(title: "comma \u{FE10} vertical", tags: ["after"], createdAt: day(13)),
            EntryDraft(title: "plain title here", tags: ["after"], createdAt: day(14)),
        ])
        let lines = try succeed("list", "--tag", "after").split(separator: "\n").dropFirst()
        XCTAssertEqual(lines.count, 3, "\(lines)")
        let tagColumns = lines.map { line -> Int in
            let prefix = line[..<(line.range(of: "after")?.lowerBound ?? line.endIndex)]
            return String(prefix).displayWidth
        }
        XCTAssertEqual(Set(tagColumns).count, 1, "the tags start at columns \(tagColumns): \(lines)")
    }

    func testAnAtSignBeforeATagIsJrnlsWayOfNamingIt() throws {
        try seed([EntryDraft(title: "Jrnl-style", tags: ["@literal"], createdAt: day(11))])
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--tag", "@fruit", "--json")).map(\.title), ["apple", "Banana"])
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--tag", "@literal", "--json")).map(\.title), ["Jrnl-style"])
    }

    func testAnEmptyDatabaseSaysSo() throws {
        let empty = directory.appendingPathComponent("empty.sqlite").path
        try succeed("import", "-", "--format", "json", input: Data("[]".utf8), environment: ["ENTRIES_DATABASE": empty])
        XCTAssertEqual(try succeed("list", environment: ["ENTRIES_DATABASE": empty]), "No entries.\n")
        XCTAssertEqual(try succeed("list", "--json", environment: ["ENTRIES_DATABASE": empty]), "[]\n")
    }

    // MARK: - Dates

    func testFromToAndOnTakeDatePhrases() throws {
        func titles(_ output: String) throws -> [String] { try decodeSummaries(output).map(\.title) }
        XCTAssertEqual(try titles(try succeed("list", "--json", "--on", "2024-01-02")), ["apple"])
        XCTAssertEqual(try titles(try succeed("list", "--json", "--from", "2024-01-02")), ["Carrot", "apple"])
        XCTAssertEqual(
            try titles(try succeed("list", "--json", "--to", "2024-01-02")), ["apple", "Banana"],
            "--to includes the whole day")
        XCTAssertEqual(
            try titles(try succeed("list", "--json", "--on", "january 2024", "--tag", "fruit")), ["apple", "Banana"])
        XCTAssertEqual(try titles(try succeed("list", "--json", "--on", "2023")), [])
    }

    func testDateMistakesAreClear() throws {
        assertFails(
            try entries("list", "--on", "las friday"),
            containing: #"cannot read "las friday" as a date; did you mean "last friday"?"#)
        assertFails(
            try entries("list", "--from", "2024-02", "--to", "2024-01"),
            containing: #"--from "2024-02" comes after --to "2024-01""#)
        assertFails(
            try entries("list", "--on", "2024", "--from", "2023"), status: 64,
            containing: "give --on, or --from and --to, not both")
        let exported = try decodeEntries(Data(try succeed("export", "--on", "2024-01-03").utf8))
        XCTAssertEqual(exported.map(\.title), ["Carrot"])
    }
}
