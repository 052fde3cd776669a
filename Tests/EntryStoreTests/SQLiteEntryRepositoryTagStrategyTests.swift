@testable import EntryModel
@testable import SQLiteStore
import GRDB
import XCTest

/// Both plans of the SQLite tag filter (probe the order index, or collect the tag's entries) give
/// the same pages as a sort in Swift, in both directions.
final class SQLiteEntryRepositoryTagStrategyTests: XCTestCase {
    func testProbeAndCollectGiveTheSameWalks() throws {
        let queue = try DatabaseQueue()
        try EntrySchema.migrator.migrate(queue)
        let probing = SQLiteEntryRepository(
            writer: queue, path: ":memory:", isReadOnly: false, searchRankingWindow: 0, tagCollectLimit: 0)
        let collecting = SQLiteEntryRepository(
            writer: queue, path: ":memory:", isReadOnly: false, searchRankingWindow: 0, tagCollectLimit: Int.max)
        try probing.insert(contentsOf: EntryFixtures.drafts(600), progress: nil)
        let all = try probing.page(PageRequest(order: .oldest, limit: Int.max))
        for tag in ["even", "third", "missing"] {
            let filter = EntryFilter(tag: tag)
            for order in EntrySortOrder.allCases {
                let expected = all.filter { $0.tags.contains(tag) }.sorted {
                    EntryFixtures.expectedBefore(order, $0, $1)
                }.map(\.id)
                for repository in [probing, collecting] {
                    XCTAssertEqual(
                        try walk(repository, order: order, filter: filter, forward: true), expected, "\(tag) \(order)")
                    XCTAssertEqual(
                        try walk(repository, order: order, filter: filter, forward: false), expected, "\(tag) \(order)")
                }
            }
        }
    }

    private func walk(
        _ entries: SQLiteEntryRepository, order: EntrySortOrder, filter: EntryFilter, forward: Bool
    ) throws -> [Int64] {
        var ids: [Int64] = []
        var anchor: PageAnchor = forward ? .start : .end
        while true {
            let page = try entries.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: 29))
            guard let first = page.first, let last = page.last else { return ids }
            ids = forward ? ids + page.map(\.id) : page.map(\.id) + ids
            anchor = forward ? .after(last) : .before(first)
        }
    }
}

/// The plans of several tags (the rarest collected, or all probed; any of them collected together or
/// probed together), with and without the star, give the same pages as a filter in Swift.
final class SQLiteEntryRepositorySeveralTagsStrategyTests: XCTestCase {
    func testEveryPlanOfSeveralTagsGivesTheSameWalks() throws {
        let queue = try DatabaseQueue()
        try EntrySchema.migrator.migrate(queue)
        var drafts = EntryFixtures.drafts(600)
        for index in drafts.indices where index % 7 == 0 { drafts[index].starred = true }
        let repositories = [0, 40, Int.max].map { limit in
            SQLiteEntryRepository(
                writer: queue, path: ":memory:", isReadOnly: false, searchRankingWindow: 0, tagCollectLimit: limit)
        }
        try repositories[0].insert(contentsOf: drafts, progress: nil)
        let all = try repositories[0].page(PageRequest(order: .oldest, limit: Int.max))
        for match in TagMatch.allCases {
            for starred in [false, true] {
                let filter = EntryFilter(tags: ["third", "even"], match: match, starred: starred)
                for order in EntrySortOrder.allCases {
                    let expected = all.filter { summary in
                        (!starred || summary.starred)
                            && (match == .all
                                ? summary.tags.contains("third") && summary.tags.contains("even")
                                : summary.tags.contains("third") || summary.tags.contains("even"))
                    }.sorted { EntryFixtures.expectedBefore(order, $0, $1) }.map(\.id)
                    XCTAssertFalse(expected.isEmpty)
                    for repository in repositories {
                        var ids: [Int64] = []
                        var anchor = PageAnchor.start
                        while true {
                            let page = try repository.page(
                                PageRequest(order: order, filter: filter, anchor: anchor, limit: 29))
                            guard let last = page.last else { break }
                            ids += page.map(\.id)
                            anchor = .after(last)
                        }
                        XCTAssertEqual(ids, expected, "\(match) \(starred) \(order) \(repository.tagCollectLimit)")
                    }
                }
            }
        }
    }
}
