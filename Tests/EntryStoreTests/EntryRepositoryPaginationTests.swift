import EntryModel
import XCTest

/// Keyset pagination, shared by both repositories: full walks in every order and both directions
/// must give exactly the order a sort in Swift gives (no skipped or repeated row), ties included.
final class EntryRepositoryPaginationTests: XCTestCase {
    private let rowCount = 1_000
    private let pageSize = 37

    func testWalkingForwardFromTheStartVisitsEveryRowOnceInOrder() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(rowCount), progress: nil)
            for order in EntrySortOrder.allCases {
                let expected = try allSummaries(entries).sorted { EntryFixtures.expectedBefore(order, $0, $1) }
                XCTAssertEqual(
                    try walkForward(entries, order: order, filter: .all).map(\.id), expected.map(\.id),
                    "\(kind) \(order)")
            }
        }
    }

    func testWalkingBackwardFromTheEndVisitsEveryRowOnceInOrder() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(rowCount), progress: nil)
            for order in EntrySortOrder.allCases {
                let expected = try allSummaries(entries).sorted { EntryFixtures.expectedBefore(order, $0, $1) }
                XCTAssertEqual(
                    try walkBackward(entries, order: order, filter: .all).map(\.id), expected.map(\.id),
                    "\(kind) \(order)")
            }
        }
    }

    func testTagFilterWalksOnlyTaggedRowsInBothDirections() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(rowCount), progress: nil)
            let filter = EntryFilter(tag: "third")
            for order in EntrySortOrder.allCases {
                let expected = try allSummaries(entries).filter { $0.tags.contains("third") }
                    .sorted { EntryFixtures.expectedBefore(order, $0, $1) }.map(\.id)
                XCTAssertEqual(expected.count, 334)
                XCTAssertEqual(
                    try walkForward(entries, order: order, filter: filter).map(\.id), expected, "\(kind) \(order)")
                XCTAssertEqual(
                    try walkBackward(entries, order: order, filter: filter).map(\.id), expected, "\(kind) \(order)")
            }
        }
    }

    func testEndPageIsTheLastRowsInDisplayOrder() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(120), progress: nil)
            for order in EntrySortOrder.allCases {
                let expected = try allSummaries(entries).sorted { EntryFixtures.expectedBefore(order, $0, $1) }
                let end = try entries.page(PageRequest(order: order, anchor: .end, limit: 50))
                XCTAssertEqual(end.map(\.id), expected.suffix(50).map(\.id), "\(kind) \(order)")
                let start = try entries.page(PageRequest(order: order, anchor: .start, limit: 50))
                XCTAssertEqual(start.map(\.id), expected.prefix(50).map(\.id), "\(kind) \(order)")
            }
        }
    }

    func testPagesBeyondEitherEndAndEmptyLimitsAreEmpty() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(10), progress: nil)
            let order = EntrySortOrder.newest
            let all = try entries.page(PageRequest(order: order, limit: 100))
            XCTAssertEqual(all.count, 10, "\(kind)")
            let last = try XCTUnwrap(all.last), first = try XCTUnwrap(all.first)
            XCTAssertEqual(try entries.page(PageRequest(order: order, anchor: .after(last))), [], "\(kind)")
            XCTAssertEqual(try entries.page(PageRequest(order: order, anchor: .before(first))), [], "\(kind)")
            XCTAssertEqual(try entries.page(PageRequest(order: order, limit: 0)), [], "\(kind)")
            XCTAssertEqual(try entries.page(PageRequest(order: order, limit: -5)), [], "\(kind)")
            XCTAssertEqual(try entries.page(PageRequest(order: order, filter: EntryFilter(tag: "nope"))), [], "\(kind)")
        }
    }

    func testEmptyRepositoryHasEmptyPagesAndZeroCount() {
        forEachRepository { kind, entries in
            for anchor in [PageAnchor.start, .end] {
                XCTAssertEqual(try entries.page(PageRequest(order: .title, anchor: anchor)), [], "\(kind)")
            }
            XCTAssertEqual(try entries.count(filter: .all), 0, "\(kind)")
        }
    }

    func testIndexOfAnEntryIsItsPositionInTheOrderAndFilter() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(300), progress: nil)
            for filter in [EntryFilter.all, EntryFilter(tag: "even")] {
                for order in EntrySortOrder.allCases {
                    let expected = try allSummaries(entries).filter { filter.tag.map($0.tags.contains) ?? true }
                        .sorted { EntryFixtures.expectedBefore(order, $0, $1) }
                    for position in stride(from: 0, to: expected.count, by: 23) {
                        XCTAssertEqual(
                            try entries.index(of: expected[position], order: order, filter: filter), position,
                            "\(kind) \(order) \(filter)")
                    }
                }
            }
        }
    }

    func testCountHonoursTheTagFilter() {
        forEachRepository { kind, entries in
            try entries.insert(contentsOf: EntryFixtures.drafts(100), progress: nil)
            XCTAssertEqual(try entries.count(filter: .all), 100, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "even")), 50, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "third")), 34, "\(kind)")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "Even")), 50, "\(kind): tags match in any case")
            XCTAssertEqual(try entries.count(filter: EntryFilter(tag: "eve")), 0, "\(kind): but whole")
        }
    }

    // MARK: - Helpers

    private func allSummaries(_ entries: any EntryRepository) throws -> [EntrySummary] {
        try entries.page(PageRequest(order: .oldest, limit: Int.max))
    }

    private func walkForward(
        _ entries: any EntryRepository, order: EntrySortOrder, filter: EntryFilter
    ) throws -> [EntrySummary] {
        var rows: [EntrySummary] = []
        var anchor = PageAnchor.start
        while true {
            let page = try entries.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: pageSize))
            guard let last = page.last else { return rows }
            XCTAssertLessThanOrEqual(page.count, pageSize)
            rows += page
            anchor = .after(last)
        }
    }

    private func walkBackward(
        _ entries: any EntryRepository, order: EntrySortOrder, filter: EntryFilter
    ) throws -> [EntrySummary] {
        var rows: [EntrySummary] = []
        var anchor = PageAnchor.end
        while true {
            let page = try entries.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: pageSize))
            guard let first = page.first else { return rows }
            rows = page + rows
            anchor = .before(first)
        }
    }
}
