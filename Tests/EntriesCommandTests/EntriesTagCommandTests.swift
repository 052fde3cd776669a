import EntryModel
import Foundation
import XCTest

final class EntriesTagCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "One", tags: ["py", "code"], createdAt: day(1)),
            EntryDraft(title: "Two", tags: ["py"], createdAt: day(2)),
            EntryDraft(title: "Three", tags: ["python"], createdAt: day(3)),
        ])
    }

    func testListShowsEachTagWithItsCount() throws {
        XCTAssertEqual(try succeed("tag", "list"), "1  code\n2  py\n1  python\n")
        XCTAssertEqual(
            try succeed("tag", "list", "--json"),
            #"[{"count":1,"tag":"code"},{"count":2,"tag":"py"},{"count":1,"tag":"python"}]"# + "\n")
    }

    /// `entries tag` alone lists the tags (jrnl's `--tags`), as `tag list` does; `--help` still shows the group.
    func testTagAloneListsTheTags() throws {
        XCTAssertEqual(try succeed("tag"), try succeed("tag", "list"))
        XCTAssertEqual(try succeed("tag", "--json"), try succeed("tag", "list", "--json"))
        XCTAssertTrue(try succeed("tag", "--help").contains("rename"))
    }

    func testARenameIntoATagInUseIsRefusedAndAMergeDoesIt() throws {
        assertFails(
            try entries("tag", "rename", "py", "python"),
            containing: "the tag \"python\" is in use: `entries tag merge py python` merges them")
        XCTAssertEqual(try succeed("tag", "merge", "@py", "python"), "Merged py into python on 2 entries.\n")
        XCTAssertEqual(try succeed("tag", "list"), "1  code\n3  python\n")
        XCTAssertEqual(
            try succeed("tag", "rename", "code", "@programming"), "Renamed code into programming on 1 entry.\n")
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--tag", "programming", "--json")).map(\.title), ["One"])
    }

    func testARenameCanChangeTheCaseOfEverySpelling() throws {
        try seed([EntryDraft(title: "Four", tags: ["PY"], createdAt: day(4))])
        XCTAssertEqual(try succeed("tag", "list"), "1  code\n3  PY\n1  python\n", "spellings count as one tag")
        XCTAssertEqual(try succeed("tag", "rename", "py", "Py"), "Renamed py into Py on 3 entries.\n")
        XCTAssertEqual(try succeed("tag", "list"), "1  code\n3  Py\n1  python\n")
        XCTAssertEqual(
            try decodeSummaries(try succeed("list", "--tag", "pY", "--json")).map(\.title), ["Four", "Two", "One"])
    }

    func testMistakesAreOneLineAndChangeNothing() throws {
        assertFails(try entries("tag", "rename", "nope", "x"), containing: "no entry carries the tag \"nope\"")
        assertFails(try entries("tag", "rename", "py", "py"), containing: "the tag is \"py\" already")
        assertFails(try entries("tag", "merge", "py", " "), containing: "the new tag is empty")
        XCTAssertEqual(try succeed("tag", "list"), "1  code\n2  py\n1  python\n")
    }
}
