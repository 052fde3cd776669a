import EntryInterchange
import EntryModel
import XCTest

final class EntriesDeleteCommandTests: EntriesCommandTestCase {
    func testWithoutATerminalItDeletesOnlyWithYes() throws {
        try seed([EntryDraft(title: "keep"), EntryDraft(title: "drop")])
        // A script that forgot --yes deletes nothing (it used to delete without asking).
        assertFails(
            try entries("delete", "2"),
            containing: "deleting entry 2 \"drop\" asks first, and there is no terminal to ask at: give --yes")
        XCTAssertEqual(try allEntries().count, 2)
        XCTAssertEqual(
            try succeed("delete", "2", "--yes"),
            "Deleted entry 2 (in the trash for 30 days: `entries trash restore 2` brings it back).\n")
        XCTAssertEqual(try allEntries().map(\.title), ["keep"])
        XCTAssertEqual(
            try succeed("delete", "1", "--yes"),
            "Deleted entry 1 (in the trash for 30 days: `entries trash restore 1` brings it back).\n")
        XCTAssertEqual(try allEntries(), [])
    }

    func testUnknownIdIsAnErrorAndDeletesNothing() throws {
        try seed([EntryDraft(title: "keep")])
        assertFails(try entries("delete", "7", "--yes"), containing: "no entry with id 7")
        XCTAssertEqual(try allEntries().count, 1)
    }

    /// On a terminal (a pseudo-terminal made by script(1)) it asks, and only "y" deletes.
    func testAsksForConfirmationOnATerminal() throws {
        let script = "/usr/bin/script"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: script), "needs script(1) for a pseudo-terminal")
        try seed([EntryDraft(title: "precious")])
        let binary = try EntriesBinary.locate().path
        func runOnTerminal(answer: String) throws -> CommandResult {
            let result = try EntriesBinary.run(
                executable: URL(fileURLWithPath: script), ["-qec", "'\(binary)' delete 1", "/dev/null"],
                input: Data(answer.utf8), environment: environment(), directory: directory)
            XCTAssertEqual(result.status, 0, result.output + result.error)
            return result
        }
        let declined = try runOnTerminal(answer: "n\n")
        XCTAssertTrue(declined.output.contains("Delete entry 1 \"precious\"? [y/N]"), declined.output)
        XCTAssertTrue(declined.output.contains("Entry 1 was not deleted."), declined.output)
        XCTAssertEqual(try allEntries().count, 1)
        let accepted = try runOnTerminal(answer: "y\n")
        XCTAssertTrue(accepted.output.contains("Deleted entry 1 (in the trash"), accepted.output)
        XCTAssertEqual(try allEntries().count, 0)
    }

    // MARK: - A set of entries

    func testSeveralIdsAndFiltersChooseTheEntriesAndTheMessageSaysHowMany() throws {
        try seed([
            EntryDraft(title: "keep", createdAt: day(1)),
            EntryDraft(title: "draft one", tags: ["draft"], createdAt: day(2)),
            EntryDraft(title: "draft two", tags: ["draft"], createdAt: day(3)),
            EntryDraft(title: "old", createdAt: day(4)),
            EntryDraft(title: "new", createdAt: day(9)),
        ])
        assertFails(
            try entries("delete", "--tag", "draft", "4"),
            containing: "deleting 3 entries (\"old\", \"draft two\" and \"draft one\") asks first")
        XCTAssertEqual(
            try succeed("delete", "--tag", "draft", "4", "--yes"),
            "Deleted 3 entries (in the trash for 30 days: `entries trash list` shows them, `entries trash restore ID` brings one back).\n"
        )
        XCTAssertEqual(try allEntries().map(\.title), ["keep", "new"])
        XCTAssertEqual(
            try succeed("delete", "--from", "2024-01-05", "--yes"),
            "Deleted entry 5 (in the trash for 30 days: `entries trash restore 5` brings it back).\n")
        XCTAssertEqual(try succeed("delete", "--tag", "draft", "--yes"), "No entries with the tag draft.\n")
        // An id of no entry among them deletes nothing.
        assertFails(try entries("delete", "1", "99", "--yes"), containing: "no entry with id 99")
        XCTAssertEqual(try allEntries().map(\.title), ["keep"])
        let nothing = try entries("delete")
        XCTAssertEqual(nothing.status, 64)
        XCTAssertTrue(nothing.error.contains("give the ids of the entries, or a filter"), nothing.error)
    }

    func testStarAndUnstarTakeFiltersAndAskFirst() throws {
        try seed([
            EntryDraft(title: "a", tags: ["work"], createdAt: day(1)),
            EntryDraft(title: "b", tags: ["work"], createdAt: day(2)),
            EntryDraft(title: "c", createdAt: day(3)),
        ])
        assertFails(try entries("star", "--tag", "work"), containing: "starring 2 entries (\"b\" and \"a\") asks first")
        XCTAssertEqual(try allEntries().filter(\.starred).count, 0)
        try succeed("star", "--tag", "work", "--yes")
        XCTAssertEqual(try allEntries().filter(\.starred).map(\.title), ["a", "b"])
        try succeed("star", "3")  // ids given: no question
        try succeed("unstar", "--starred", "--yes")
        XCTAssertEqual(try allEntries().filter(\.starred).count, 0)
    }
}
