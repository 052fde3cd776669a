@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The `entryLink` rows of a bulk insert: written a group of rows per statement run (an import of a
/// million entries with three links each writes three million rows), and exactly the rows that
/// adding the same entries one by one leaves.
final class EntryRepositoryBulkLinkRowsTests: TemporaryDatabaseTestCase {
    /// Links of every kind: repeated, by id and by title, a title in other case and accents, one in
    /// more details, one in code (no link), a lone combining accent, an entry with more links than a
    /// group holds, entries with none.
    private func drafts(_ count: Int) -> [EntryDraft] {
        (0..<count).map { index in
            let body: String
            switch index % 7 {
            case 0: body = "[[Note \(index / 2)]] [[#\(1 + index / 3)]] [[note \(index / 2)]] [[#\(1 + index / 3)]]"
            case 1: body = "Café: [[Café crème]] and [[CAFE CREME]] and [[ÉLAN \(index)]]"
            case 2: body = "`[[in code]]` and [[\u{0301}]] and [[#\(index)|shown]]"
            case 3: body = "no link here"
            case 4: body = (0..<100).map { "[[Many \($0)]] [[#\($0 + 1)]]" }.joined(separator: " ")
            default: body = "[[#\(index)]] [[Note \(index)]]"
            }
            return EntryDraft(
                title: "Note \(index)", body: body, moreDetails: index % 5 == 0 ? "more [[Note 1]] [[#2]]" : "",
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60))
        }
    }

    private struct LinkRow: Hashable {
        var sourceId: Int64
        var targetId: Int64?
        var targetKey: [UInt8]?
    }

    private func linkRows(_ database: EntryDatabase) throws -> [LinkRow] {
        try database.entries.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT sourceId, target FROM entryLink").map { row in
                let target: DatabaseValue = row["target"]
                switch target.storage {
                case .int64(let id): return LinkRow(sourceId: row["sourceId"], targetId: id, targetKey: nil)
                case .blob(let key): return LinkRow(sourceId: row["sourceId"], targetId: nil, targetKey: Array(key))
                default:
                    XCTFail("a target is an id or a title key: \(target)")
                    return LinkRow(sourceId: row["sourceId"], targetId: nil, targetKey: nil)
                }
            }
        }
        .sorted { left, right in
            if left.sourceId != right.sourceId { return left.sourceId < right.sourceId }
            if left.targetId != right.targetId { return (left.targetId ?? -1) < (right.targetId ?? -1) }
            return (left.targetKey ?? []).lexicographicallyPrecedes(right.targetKey ?? [])
        }
    }

    /// Counts the runs of statements that insert into `entryLink` on the writer connection.
    private final class LinkInsertRuns: @unchecked Sendable {
        // @unchecked: `count` is changed under `lock` only.
        private let lock = NSLock()
        private var runs = 0
        var count: Int { lock.withLock { runs } }

        func watch(_ database: EntryDatabase) throws {
            try database.entries.writer.writeWithoutTransaction { db in
                db.trace(options: .statement) { event in
                    guard case .statement(let statement) = event, statement.sql.hasPrefix("INSERT INTO entryLink")
                    else { return }
                    self.lock.withLock { self.runs += 1 }
                }
            }
        }
    }

    func testTheArrayAndTheStreamedPathsWriteLinkRowsInGroupsAndTheRowsOfOneByOne() throws {
        let drafts = drafts(1_400)
        let oneByOne = try openDatabase(at: folder + "/one-by-one.sqlite")
        for draft in drafts { try oneByOne.entries.insert(draft) }
        let expected = try linkRows(oneByOne)
        XCTAssertGreaterThan(expected.count, 30_000)

        let array = try openDatabase(at: folder + "/array.sqlite")
        let arrayRuns = LinkInsertRuns()
        try arrayRuns.watch(array)
        try array.entries.insert(contentsOf: drafts, progress: nil)
        XCTAssertEqual(try linkRows(array), expected, "the array path")
        XCTAssertLessThan(arrayRuns.count, expected.count / 50, "the array path: a run per group of rows")

        let streamed = try openDatabase(at: folder + "/streamed.sqlite")
        let streamedRuns = LinkInsertRuns()
        try streamedRuns.watch(streamed)
        try streamed.entries.insert(
            batchesFrom: { write in
                for start in stride(from: 0, to: drafts.count, by: 600) {
                    try write(Array(drafts[start..<min(drafts.count, start + 600)]))
                }
            }, progress: nil)
        XCTAssertEqual(try linkRows(streamed), expected, "the streamed path")
        XCTAssertLessThan(streamedRuns.count, expected.count / 50, "the streamed path: a run per group of rows")
        let timings = try XCTUnwrap(streamed.entries.lastStreamedInsertTimings)
        XCTAssertGreaterThan(timings.links, 0, "the links' share of the time is told")
    }
}
