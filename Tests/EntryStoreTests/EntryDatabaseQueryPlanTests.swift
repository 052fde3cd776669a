@testable import EntryModel
@testable import SQLiteStore
import GRDB
import XCTest

/// Every page query is index seeks only: no scan of the entry table, no sort of it, whatever the
/// order, anchor and depth (checked with EXPLAIN QUERY PLAN, https://www.sqlite.org/eqp.html).
final class EntryDatabaseQueryPlanTests: XCTestCase {
    func testEveryPageQueryOnlySeeksIndexes() throws {
        let queue = try DatabaseQueue()
        try EntrySchema.migrator.migrate(queue)
        let anchor = EntrySummary(id: 10, title: "m", tags: [], createdAt: Date(), updatedAt: Date())
        for order in EntrySortOrder.allCases {
            for pageAnchor in [PageAnchor.start, .end, .after(anchor), .before(anchor)] {
                let query = KeysetQuery.page(PageRequest(order: order, anchor: pageAnchor))
                let plan = try queryPlan(queue, query)
                XCTAssertFalse(
                    plan.contains { $0.hasPrefix("SCAN entry") && !$0.contains("INDEX") },
                    "\(order) \(pageAnchor): \(plan)")
                let touchesEntry = plan.filter { $0.contains(" entry ") || $0.hasSuffix(" entry") }
                XCTAssertTrue(touchesEntry.allSatisfy { $0.contains("INDEX") }, "\(order) \(pageAnchor): \(plan)")
                if case .after = pageAnchor {
                    XCTAssertTrue(touchesEntry.allSatisfy { $0.hasPrefix("SEARCH") }, "\(order): \(plan)")
                }
                if case .before = pageAnchor {
                    XCTAssertTrue(touchesEntry.allSatisfy { $0.hasPrefix("SEARCH") }, "\(order): \(plan)")
                }
                if case .start = pageAnchor {
                    XCTAssertFalse(plan.contains { $0.contains("TEMP B-TREE") }, "\(order): \(plan)")
                }
            }
            let index = try queryPlan(queue, KeysetQuery.index(of: anchor, order: order, filter: .all))
            XCTAssertTrue(
                index.filter { $0.contains("entry") }.allSatisfy { $0.hasPrefix("SEARCH") }, "\(order): \(index)")
        }
    }

    func testTagFiltersProbeTheOrderIndexOrCollectFromTheTagIndex() throws {
        let queue = try DatabaseQueue()
        try EntrySchema.migrator.migrate(queue)
        let anchor = EntrySummary(id: 10, title: "m", tags: [], createdAt: Date(), updatedAt: Date())
        let filter = EntryFilter(tag: "work")
        for order in EntrySortOrder.allCases {
            for pageAnchor in [PageAnchor.start, .end, .after(anchor), .before(anchor)] {
                let request = PageRequest(order: order, filter: filter, anchor: pageAnchor)
                let probe = try queryPlan(queue, KeysetQuery.page(request, tagStrategy: .probe))
                XCTAssertTrue(
                    probe.contains { $0.contains("entryTag USING PRIMARY KEY (tag=? AND entryId=?)") },
                    "\(order) \(pageAnchor): \(probe)")
                XCTAssertFalse(
                    probe.contains { $0.contains("TEMP B-TREE") && !$0.contains("subquery") && pageAnchor == .start },
                    "\(order): \(probe)")
                let collect = try queryPlan(queue, KeysetQuery.page(request, tagStrategy: .collect))
                XCTAssertTrue(
                    collect.contains { $0.contains("entryTag USING PRIMARY KEY (tag=?)") },
                    "\(order) \(pageAnchor): \(collect)")
                for plan in [probe, collect] {
                    XCTAssertFalse(
                        plan.contains { $0.hasPrefix("SCAN entry") && !$0.contains("INDEX") }, "\(order): \(plan)")
                }
            }
        }
    }

    private func queryPlan(_ queue: DatabaseQueue, _ query: KeysetQuery) throws -> [String] {
        try queue.read { db in
            let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + query.sql)
            let arguments = query.arguments.map { argument -> (any DatabaseValueConvertible)? in
                switch argument {
                case .integer(let value): return value
                case .text(let value): return value
                case .blob(let value): return Data(value)
                }
            }
            return try Row.fetchAll(statement, arguments: StatementArguments(arguments)).map { $0["detail"] as String }
        }
    }
}
