import EntryModel
import Foundation
import XCTest

/// Starred entries and filters of several tags, shared by every store: the star is stored, read,
/// updated, trashed and restored like any field; a starred-only filter and a filter of several tags
/// (all or any) walk in every order and both directions, combined with each other and with a created
/// range, and counts and row indexes give exactly what a filter in Swift gives.
final class EntryRepositoryMarksTests: XCTestCase {
    private let pageSize = 7

    /// Drafts an hour apart, with ties in title and updatedAt; every third starred, tags by remainder.
    private func drafts() -> [EntryDraft] {
        let titles = ["b", "A", "a", "c"]
        return (0..<60).map { (index: Int) -> EntryDraft in
            var tags: [String] = [index % 2 == 0 ? "even" : "odd"]
            if index % 3 == 0 { tags.append("three") }
            if index % 5 == 0 { tags.append("five") }
            return EntryDraft(
                title: titles[index % 4], tags: tags, createdAt: EntryFixtures.date(Double(index / 2) * 3_600.5),
                updatedAt: EntryFixtures.date(Double(index % 3)), starred: index % 3 == 1)
        }
    }

    func testTheStarIsStoredReadAndChangedByAnOrdinaryUpdate() {
        forEachRepository { kind, entries in
            let starred = try entries.insert(EntryDraft(title: "Star", starred: true))
            let plain = try entries.insert(EntryDraft(title: "Plain"))
            XCTAssertTrue(starred.starred, "\(kind)")
            XCTAssertEqual(try entries.entry(id: starred.id)?.starred, true, "\(kind)")
            XCTAssertEqual(try entries.entry(id: plain.id)?.starred, false, "\(kind)")
            XCTAssertEqual(try entries.page(PageRequest(order: .oldest)).map(\.starred), [true, false], "\(kind)")

            var changed = plain
            changed.starred = true
            let stored = try entries.update(changed)
            XCTAssertTrue(stored.starred, "\(kind)")
            XCTAssertGreaterThan(stored.updatedAt, plain.updatedAt, "\(kind): a star is an edit: updatedAt moves")
            XCTAssertEqual(try entries.entry(id: plain.id)?.starred, true, "\(kind)")

            // The copy read before the star is an older version: starring it again is refused.
            var stale = plain
            stale.starred = false
            XCTAssertThrowsError(try entries.update(stale), "\(kind)") { error in
                guard case EntryStoreError.changedMeanwhile = error else { return XCTFail("\(kind): \(error)") }
            }
            XCTAssertEqual(try entries.entry(id: plain.id)?.starred, true, "\(kind)")
        }
    }

    func testTheStarSurvivesTheTrashAndBulkInserts() {
        forEachRepository { kind, entries in
            try entries.insert(
                contentsOf: [EntryDraft(title: "a", starred: true), EntryDraft(title: "b")], progress: nil)
            let page = try entries.page(PageRequest(order: .oldest))
            XCTAssertEqual(page.map(\.starred), [true, false], "\(kind)")
            try entries.delete(id: page[0].id)
            XCTAssertEqual(try entries.trashedEntries().first?.entry.starred, true, "\(kind)")
            XCTAssertEqual(try entries.restore(id: page[0].id).starred, true, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(starred: true)), 1, "\(kind)")
        }
    }

    func testStarredAndSeveralTagsWalkInEveryOrderAndDirection() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: drafts(), progress: nil)
            let all = try entries.page(PageRequest(order: .oldest, limit: 1_000))
            let range = EntryFixtures.date(20_000)..<EntryFixtures.date(80_000)
            let filters: [EntryFilter] = [
                EntryFilter(starred: true),
                EntryFilter(tag: "even", starred: true),
                EntryFilter(tags: ["three", "even"]),
                EntryFilter(tags: ["three", "five"], match: .any),
                EntryFilter(tags: ["five", "odd", "three"], match: .all),
                EntryFilter(tags: ["five", "missing"], match: .any, starred: true),
                EntryFilter(tags: ["five", "missing"], match: .all),
                EntryFilter(tags: ["even", "five"], match: .any, created: range, starred: true),
                EntryFilter(tags: ["three", "odd"], created: range),
                EntryFilter(created: range, starred: true),
            ]
            for filter in filters {
                for order in EntrySortOrder.allCases {
                    let expected = all.filter { Self.admits(filter, $0) }.sorted {
                        EntryFixtures.expectedBefore(order, $0, $1)
                    }.map(\.id)
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: true), expected,
                        "\(kind) \(order) \(filter)")
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: false), expected,
                        "\(kind) \(order) \(filter)")
                    XCTAssertEqual(try entries.count(filter: filter), expected.count, "\(kind) \(filter)")
                    let summaries = try entries.page(PageRequest(order: order, filter: filter, limit: 1_000))
                    for (position, summary) in summaries.enumerated() where position % 4 == 0 {
                        XCTAssertEqual(
                            try entries.index(of: summary, order: order, filter: filter), position,
                            "\(kind) \(order) \(filter)")
                    }
                }
            }
            // The fixture gives each filter something to find, and the star something to leave out.
            XCTAssertEqual(try entries.count(filter: EntryFilter(starred: true)), 20, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tags: ["three", "five"], match: .any)), 28, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tags: ["three", "five"], match: .all)), 4, "\(kind)")
        }
    }

    func testTheSingleTagAPIIsTheFirstOfTheTags() {
        var filter = EntryFilter(tags: ["a", "b", "a"], match: .any)
        XCTAssertEqual(filter.tags, ["a", "b"], "a tag given twice counts once")
        XCTAssertEqual(filter.tag, "a")
        filter.tag = "c"
        XCTAssertEqual(filter.tags, ["c"])
        filter.tag = nil
        XCTAssertEqual(filter, EntryFilter(tags: [], match: .any))
        XCTAssertEqual(EntryFilter(tag: "x"), EntryFilter(tags: ["x"]))
    }

    /// The filter, written out in Swift from its definition (not through `EntryFilter.admits`).
    private static func admits(_ filter: EntryFilter, _ summary: EntrySummary) -> Bool {
        if filter.starred && !summary.starred { return false }
        if let created = filter.created, !created.contains(summary.createdAt) { return false }
        let has = filter.tags.map { summary.tags.contains($0) }
        guard !has.isEmpty else { return true }
        return filter.tagMatch == .all ? !has.contains(false) : has.contains(true)
    }

    private func walk(
        _ entries: any EntryRepository, order: EntrySortOrder, filter: EntryFilter, forward: Bool
    ) throws -> [Int64] {
        var rows: [EntrySummary] = []
        var anchor = forward ? PageAnchor.start : .end
        while true {
            let page = try entries.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: pageSize))
            guard let first = page.first, let last = page.last else { return rows.map(\.id) }
            rows = forward ? rows + page : page + rows
            anchor = forward ? .after(last) : .before(first)
        }
    }
}
