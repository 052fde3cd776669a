import EntryModel
import XCTest

/// Renaming and merging tags, on every repository: all tagged entries at once, nothing else changed.
final class EntryRepositoryTagRenameTests: XCTestCase {
    func testARenameRelabelsEveryTaggedEntryAndKeepsTheirDates() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "One", tags: ["py", "code"]))
            let second = try entries.insert(EntryDraft(title: "Two", tags: ["py"]))
            let other = try entries.insert(EntryDraft(title: "Three", tags: ["rust"]))
            XCTAssertEqual(try entries.renameTag("py", to: "python"), 2, "\(kind)")
            XCTAssertEqual(
                try entries.entry(id: first.id)?.tags, ["python", "code"], "\(kind): the tag keeps its place")
            XCTAssertEqual(
                try entries.entry(id: second.id)?.updatedAt, second.updatedAt, "\(kind): a relabelling is not an edit")
            XCTAssertEqual(try entries.entry(id: other.id), other, "\(kind)")
            XCTAssertEqual(
                try entries.tags(),
                [TagCount(tag: "code", count: 1), TagCount(tag: "python", count: 2), TagCount(tag: "rust", count: 1)],
                "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "python")), 2, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "py")), 0, "\(kind)")
            XCTAssertEqual(
                Set(try entries.search("python", limit: 10).map(\.id)), [first.id, second.id],
                "\(kind): search knows the new name")
            XCTAssertEqual(try entries.search("tag:py", limit: 10), [], "\(kind)")
        }
    }

    func testAMergeKeepsOneTagOnEntriesThatHadBoth() {
        forEachRepository { kind, entries in
            let both = try entries.insert(EntryDraft(title: "Both", tags: ["todo", "work", "to-do"]))
            let one = try entries.insert(EntryDraft(title: "One", tags: ["to-do"]))
            XCTAssertEqual(try entries.renameTag("to-do", to: "todo"), 2, "\(kind)")
            XCTAssertEqual(try entries.entry(id: both.id)?.tags, ["todo", "work"], "\(kind)")
            XCTAssertEqual(try entries.entry(id: one.id)?.tags, ["todo"], "\(kind)")
            XCTAssertEqual(
                try entries.tags(), [TagCount(tag: "todo", count: 2), TagCount(tag: "work", count: 1)], "\(kind)")
        }
    }

    func testATagNoEntryCarriesChangesNothing() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "Kept", tags: ["a"]))
            XCTAssertEqual(try entries.renameTag("missing", to: "a"), 0, "\(kind)")
            XCTAssertEqual(try entries.entry(id: entry.id), entry, "\(kind)")
        }
    }
}
