import EntryInterchange
import EntryModel
import XCTest

final class EntriesDeleteCommandTests: EntriesCommandTestCase {
    func testDeletesWithoutAskingWhenStandardInputIsNotATerminal() throws {
        try seed([EntryDraft(title: "keep"), EntryDraft(title: "drop")])
        XCTAssertEqual(try succeed("delete", "2"), "Deleted entry 2 (in the trash for 30 days: `entries trash restore 2` brings it back).\n")
        XCTAssertEqual(try allEntries().map(\.title), ["keep"])
        XCTAssertEqual(try succeed("delete", "1", "--yes"), "Deleted entry 1 (in the trash for 30 days: `entries trash restore 1` brings it back).\n")
        XCTAssertEqual(try allEntries(), [])
    }

    func testUnknownIdIsAnErrorAndDeletesNothing() throws {
        try seed([EntryDraft(title: "keep")])
        assertFails(try entries("delete", "7"), containing: "no entry with id 7")
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
}
