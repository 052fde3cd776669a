import EntryInterchange
import EntryModel
import XCTest

final class EntriesAddCommandTests: EntriesCommandTestCase {
    func testAddsAnEntryFromOptions() throws {
        XCTAssertEqual(try succeed("add", "--title", "Hello", "--body", "World", "--more", "More", "--tag", "a", "--tag", "b"),
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
        assertFails(try entries("add", "--title", "T", input: invalid),
                    containing: "standard input is not UTF-8 text (invalid byte at line 2, column 5)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "nothing was created")
    }
}
