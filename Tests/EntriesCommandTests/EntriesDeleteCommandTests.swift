import EntryStore
import XCTest

final class EntriesDeleteCommandTests: EntriesCommandTestCase {
    func testDeletesWithoutAskingWhenStandardInputIsNotATerminal() throws {
        try seed([EntryDraft(title: "keep"), EntryDraft(title: "drop")])
        XCTAssertEqual(try succeed("delete", "2"), "Deleted entry 2.\n")
        XCTAssertEqual(try allEntries().map(\.title), ["keep"])
        XCTAssertEqual(try succeed("delete", "1", "--yes"), "Deleted entry 1.\n")
        XCTAssertEqual(try allEntries(), [])
    }

    func testUnknownIdIsAnErrorAndDeletesNothing() throws {
        try seed([EntryDraft(title: "keep")])
        assertFails(try entries("delete", "7"), containing: "no entry with id 7")
        XCTAssertEqual(try allEntries().count, 1)
    }
}
