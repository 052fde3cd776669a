import EntryModel
import Foundation
import XCTest

final class EntriesTrashCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "Keep", tags: ["a"], createdAt: day(1)),
            EntryDraft(title: "Oops", body: "deleted by mistake", tags: ["a"], createdAt: day(2)),
        ])
    }

    func testDeleteListRestore() throws {
        XCTAssertEqual(try succeed("trash", "list"), "The trash is empty.\n")
        try succeed("delete", "2", "--yes")
        let listed = try succeed("trash", "list")
        XCTAssertTrue(listed.hasPrefix("ID  DELETED           TITLE\n 2  "), listed)
        XCTAssertTrue(listed.hasSuffix("  Oops\n"), listed)
        let json =
            try JSONSerialization.jsonObject(with: Data(try succeed("trash", "list", "--json").utf8))
            as? [[String: Any]]
        XCTAssertEqual(json?.first?["title"] as? String, "Oops")
        XCTAssertNotNil(json?.first?["deletedAt"] as? String)
        XCTAssertEqual(
            try decodeEntries(Data(try succeed("export", "--format", "json").utf8)).map(\.title), ["Keep"],
            "exports leave the trash out")
        XCTAssertEqual(try succeed("trash", "restore", "2"), "Restored entry 2 \"Oops\".\n")
        let restored = try allEntries().first { $0.id == 2 }
        XCTAssertEqual(restored?.body, "deleted by mistake")
        XCTAssertEqual(restored?.createdAt, day(2))
    }

    /// `entries trash` alone lists the trash, as `trash list` does; `--help` still shows the group.
    func testTrashAloneListsTheTrash() throws {
        XCTAssertEqual(try succeed("trash"), "The trash is empty.\n")
        try succeed("delete", "2", "--yes")
        XCTAssertEqual(try succeed("trash"), try succeed("trash", "list"))
        XCTAssertTrue(try succeed("trash", "--help").contains("restore"))
    }

    func testRestoringAnEmptiedEntrySaysSo() throws {
        try succeed("delete", "2", "--yes")
        XCTAssertEqual(
            try succeed("trash", "empty", "--older-than", "1"), "Removed 0 entries from the trash for good.\n")
        XCTAssertEqual(try succeed("trash", "empty"), "Removed 1 entry from the trash for good.\n")
        assertFails(
            try entries("trash", "restore", "2"),
            containing:
                "entry 2 is not in the trash (it was never deleted, was restored already, or the trash was emptied since)"
        )
        assertFails(try entries("trash", "restore", "1"), containing: "entry 1 is not in the trash")
        XCTAssertEqual(try succeed("add", "--title", "New"), "Added entry 3.\n", "an emptied id is not given again")
    }

    /// `trash empty --older-than -1` said "Missing value for '--older-than'": the parser took `-1` for an
    /// option. It is the option's value, refused for what it is.
    func testANegativeOlderThanIsRefusedAsNegative() throws {
        try succeed("delete", "2", "--yes")
        for typed in [["--older-than", "-1"], ["--older-than=-3"]] {
            let result = try EntriesBinary.run(
                ["trash", "empty"] + typed, input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(result.error.contains("--older-than must be 0 or more (got -"), "\(typed): \(result.error)")
            XCTAssertFalse(result.error.contains("Missing value"), "\(typed): \(result.error)")
        }
        try succeed("trash", "restore", "2")
    }
}
