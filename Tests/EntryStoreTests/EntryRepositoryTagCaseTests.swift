import EntryModel
import XCTest

/// Tags without case, on every repository: `Work`, `work` and `WORK` are one tag to the filter,
/// `tag:`, the counts and a rename, while each entry keeps the spelling it was written with.
final class EntryRepositoryTagCaseTests: XCTestCase {
    func testEverySpellingIsFoundByAnyOtherAndEntriesKeepTheirOwn() {
        forEachRepository { kind, entries in
            let lower = try entries.insert(EntryDraft(title: "Lower", tags: ["work"]))
            let upper = try entries.insert(EntryDraft(title: "Upper", tags: ["WORK", "home"]))
            let capital = try entries.insert(EntryDraft(title: "Capital", tags: ["Work"]))
            _ = try entries.insert(EntryDraft(title: "Other", tags: ["play"]))
            let all: Set<Int64> = [lower.id, upper.id, capital.id]
            for asked in ["work", "Work", "WORK", "wOrK"] {
                XCTAssertEqual(try entries.count(filter: EntryFilter(tag: asked)), 3, "\(kind): \(asked)")
                XCTAssertEqual(
                    Set(
                        try entries.page(PageRequest(order: .newest, filter: EntryFilter(tag: asked), limit: 10)).map(
                            \.id)), all, "\(kind): \(asked)")
                XCTAssertEqual(
                    Set(try entries.search("tag:\(asked)", limit: 10).map(\.id)), all, "\(kind): tag:\(asked)")
            }
            XCTAssertEqual(
                try entries.page(PageRequest(order: .newest, filter: EntryFilter(tags: ["Home", "work"]), limit: 10))
                    .map(\.id), [upper.id], "\(kind): all of two")
            XCTAssertEqual(
                Set(
                    try entries.page(
                        PageRequest(
                            order: .newest, filter: EntryFilter(tags: ["PLAY", "Home"], match: .any), limit: 10)
                    ).map(\.title)), ["Upper", "Other"], "\(kind): any of two")
            let page = try entries.search(SearchRequest(query: "tag:Work", filter: EntryFilter(tag: "HOME"), limit: 10))
            XCTAssertEqual(page.results.map(\.id), [upper.id], "\(kind): search pages narrowed by the list's filter")
            XCTAssertEqual(
                try entries.entry(id: upper.id)?.tags, ["WORK", "home"], "\(kind): the spelling written is kept")
            // One tag in the list, counted once per entry, spelled as the newest entry spells it.
            XCTAssertEqual(
                try entries.tags(),
                [TagCount(tag: "home", count: 1), TagCount(tag: "play", count: 1), TagCount(tag: "Work", count: 3)],
                "\(kind)")
        }
    }

    func testTwoSpellingsOnOneEntryAreOneTag() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "Twice", tags: ["Garden", "garden", "GARDEN", "x"]))
            XCTAssertEqual(entry.tags, ["Garden", "x"], "\(kind): the first spelling is kept")
            let many = try entries.insert(contentsOf: [EntryDraft(title: "Bulk", tags: ["Été", "été"])], progress: nil)
            XCTAssertEqual(many, 1, "\(kind)")
            XCTAssertEqual(
                try entries.count(filter: EntryFilter(tag: "ÉTÉ")), 1,
                "\(kind): a bulk insert keys tags too, beyond ASCII")
            XCTAssertEqual(try entries.tags().map(\.tag), ["Garden", "x", "Été"], "\(kind)")
        }
    }

    func testARenameFindsEverySpellingAndCanChangeTheCase() {
        forEachRepository { kind, entries in
            let first = try entries.insert(EntryDraft(title: "One", tags: ["python", "code"]))
            let second = try entries.insert(EntryDraft(title: "Two", tags: ["PYTHON"]))
            XCTAssertEqual(try entries.renameTag("Python", to: "Python"), 2, "\(kind)")
            XCTAssertEqual(try entries.entry(id: first.id)?.tags, ["Python", "code"], "\(kind)")
            XCTAssertEqual(try entries.entry(id: second.id)?.tags, ["Python"], "\(kind)")
            XCTAssertEqual(
                try entries.tags(), [TagCount(tag: "code", count: 1), TagCount(tag: "Python", count: 2)], "\(kind)")
        }
    }
}
