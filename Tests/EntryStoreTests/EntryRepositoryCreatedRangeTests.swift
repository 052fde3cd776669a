import EntryModel
import Foundation
import XCTest

/// Entries created within a range of instants (the Journal's "entries of this day"), shared by both
/// repositories: keyset walks in every order and both directions, combined with a tag, counts and
/// row indexes give exactly what a filter in Swift gives.
final class EntryRepositoryCreatedRangeTests: XCTestCase {
    private let pageSize = 7

    /// Drafts two hours apart over about four days, tagged "even"/"odd", with ties in title and
    /// updatedAt, so that every order has ties for the keyset walk to get right.
    private func drafts() -> [EntryDraft] {
        let titles = ["b", "A", "a", "c"]
        return (0..<50).map { (index: Int) -> EntryDraft in
            let created: Date = EntryFixtures.date(Double(index / 2) * 7_200.25)
            let updated: Date = EntryFixtures.date(Double(index % 3))
            let tag: String = index % 2 == 0 ? "even" : "odd"
            return EntryDraft(title: titles[index % 4], tags: [tag], createdAt: created, updatedAt: updated)
        }
    }

    private var range: Range<Date> { EntryFixtures.date(30_000)..<EntryFixtures.date(120_000) }

    func testPagesWalkOnlyTheRangeInEveryOrderAndDirectionWithAndWithoutATag() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: drafts(), progress: nil)
            let all = try entries.page(PageRequest(order: .oldest, limit: 1_000))
            for tag in [nil, "even"] {
                let filter = EntryFilter(tag: tag, created: range)
                for order in EntrySortOrder.allCases {
                    let expected = all.filter { range.contains($0.createdAt) && (tag.map($0.tags.contains) ?? true) }
                        .sorted { EntryFixtures.expectedBefore(order, $0, $1) }.map(\.id)
                    XCTAssertEqual(expected.count, tag == nil ? 24 : 12, "\(kind)")
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: true), expected,
                        "\(kind) \(order) \(filter)")
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: false), expected,
                        "\(kind) \(order) \(filter)")
                    XCTAssertEqual(try entries.count(filter: filter), expected.count, "\(kind) \(filter)")
                    let summaries = try entries.page(PageRequest(order: order, filter: filter, limit: 1_000))
                    for (position, summary) in summaries.enumerated() where position % 5 == 0 {
                        XCTAssertEqual(
                            try entries.index(of: summary, order: order, filter: filter), position, "\(kind) \(order)")
                    }
                }
            }
        }
    }

    /// A range wider than a week, which SQLite pages by walking the order's own index (a narrow one
    /// it reads and sorts): the same rows in every order and direction, with and without a tag.
    func testAWideRangeWalksTheSameRowsInEveryOrder() {
        forEachRepository { kind, entries in
            let titles = ["b", "A", "a", "c", "10 things", "9 things"]
            let spread = (0..<60).map { (index: Int) -> EntryDraft in
                EntryDraft(
                    title: titles[index % titles.count], tags: [index % 2 == 0 ? "even" : "odd"],
                    createdAt: EntryFixtures.date(Double(index) * 43_200.5),
                    updatedAt: EntryFixtures.date(Double(index % 5)))
            }
            try entries.insert(contentsOf: spread, progress: nil)
            let wide = EntryFixtures.date(3 * 86_400)..<EntryFixtures.date(23 * 86_400)
            let all = try entries.page(PageRequest(order: .oldest, limit: 1_000))
            for tag in [nil, "even"] {
                let filter = EntryFilter(tag: tag, created: wide)
                for order in EntrySortOrder.allCases {
                    let expected = all.filter { wide.contains($0.createdAt) && (tag.map($0.tags.contains) ?? true) }
                        .sorted { EntryFixtures.expectedBefore(order, $0, $1) }.map(\.id)
                    XCTAssertEqual(expected.count, tag == nil ? 40 : 20, "\(kind)")
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: true), expected,
                        "\(kind) \(order) \(filter)")
                    XCTAssertEqual(
                        try walk(entries, order: order, filter: filter, forward: false), expected,
                        "\(kind) \(order) \(filter)")
                }
            }
        }
    }

    func testTheRangeIncludesItsLowerBoundAndExcludesItsUpperOne() {
        forEachRepository { kind, entries in
            let day = CivilDay(year: 2026, month: 3, day: 1)
            let utc = TimeZone(identifier: "UTC")!
            let instants = day.instants(in: utc)
            for date in [
                instants.lowerBound.addingTimeInterval(-0.001), instants.lowerBound,
                instants.upperBound.addingTimeInterval(-0.001), instants.upperBound,
            ] {
                try entries.insert(EntryDraft(title: "\(date.timeIntervalSince1970)", createdAt: date))
            }
            XCTAssertEqual(try entries.count(filter: .day(day, in: utc)), 2, "\(kind)")
            XCTAssertEqual(
                try entries.page(PageRequest(order: .oldest, filter: .day(day, in: utc))).map(\.createdAt),
                [instants.lowerBound, instants.upperBound.addingTimeInterval(-0.001)].map(StoredDate.normalized),
                "\(kind)")
        }
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
