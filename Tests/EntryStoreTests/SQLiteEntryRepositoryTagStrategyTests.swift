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
        let probing = SQLiteEntryRepository(writer: queue, path: ":memory:", isReadOnly: false, searchRankingWindow: 0, tagCollectLimit: 0)
        let collecting = SQLiteEntryRepository(
            writer: queue, path: ":memory:", isReadOnly: false, searchRankingWindow: 0, tagCollectLimit: Int.max)
        try probing.insert(contentsOf: EntryFixtures.drafts(600), progress: nil)
        let all = try probing.page(PageRequest(order: .oldest, limit: Int.max))
        for tag in ["even", "third", "missing"] {
            let filter = EntryFilter(tag: tag)
            for order in EntrySortOrder.allCases {
                let expected = all.filter { $0.tags.contains(tag) }.sorted { EntryFixtures.expectedBefore(order, $0, $1) }.map(\.id)
                for repository in [probing, collecting] {
                    XCTAssertEqual(try walk(repository, order: order, filter: filter, forward: true), expected, "\(tag) \(order)")
                    XCTAssertEqual(try walk(repository, order: order, filter: filter, forward: false), expected, "\(tag) \(order)")
                }
            }
        }
    }

    private func walk(_ entries: SQLiteEntryRepository, order: EntrySortOrder, filter: EntryFilter, forward: Bool) throws -> [Int64] {
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
