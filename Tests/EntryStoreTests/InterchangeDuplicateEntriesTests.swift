import AppShellTesting
@testable import EntryInterchange
import EntryModel
import XCTest

/// An import skips entries already present: same creation time, title, body and more details, in the
/// store or earlier in the import; the store's creation times come from each repository.
final class InterchangeDuplicateEntriesTests: XCTestCase {
    private let monday = Date(timeIntervalSince1970: 1_704_067_200)

    private func draft(
        _ title: String, at seconds: Double, body: String = "b", more: String = "", tags: [String] = []
    ) -> EntryDraft {
        EntryDraft(
            title: title, body: body, moreDetails: more, tags: tags, createdAt: monday.addingTimeInterval(seconds))
    }

    func testSkipsWhatTheStoreHoldsAndCountsIt() {
        forEachRepository { kind, repository in
            try repository.insert(contentsOf: [draft("a", at: 0), draft("b", at: 60, more: "m")], progress: nil)
            let incoming = [
                draft("a", at: 0, tags: ["other tags do not count"]),  // present
                draft("b", at: 60, more: "m"),  // present
                draft("b", at: 60, more: "different"),  // same time, other more details
                draft("a", at: 0.0004),  // the same millisecond as stored
                draft("a", at: 1),  // another time
                draft("A", at: 0),  // another title
            ]
            let result = try DuplicateEntries.withoutDuplicates(incoming, in: repository)
            XCTAssertEqual(result.skipped, 3, "\(kind)")
            XCTAssertEqual(result.drafts.map(\.title), ["b", "a", "A"], "\(kind)")
            XCTAssertEqual(result.drafts.map(\.moreDetails), ["different", "", ""], "\(kind)")
        }
    }

    func testSkipsRepeatsWithinTheImportKeepingTheFirst() {
        forEachRepository { kind, repository in
            let incoming = [
                draft("x", at: 5, tags: ["first"]), draft("y", at: 5), draft("x", at: 5, tags: ["second"]),
                draft("y", at: 5), EntryDraft(title: "undated"), EntryDraft(title: "undated"),
            ]
            let result = try DuplicateEntries.withoutDuplicates(incoming, in: repository)
            XCTAssertEqual(result.skipped, 2, "\(kind)")
            XCTAssertEqual(
                result.drafts.map(\.title), ["x", "y", "undated", "undated"],
                "entries without a date are never duplicates: \(kind)")
            XCTAssertEqual(result.drafts.first?.tags, ["first"], "\(kind)")
        }
    }

    func testBatchAfterBatchSkipsTheStoresEntriesEachTimeAndTheImportsOwnAcrossBatches() {
        forEachRepository { kind, repository in
            try repository.insert(contentsOf: [draft("stored", at: 0)], progress: nil)
            var filter = DuplicateEntries.Filter(repository: repository)
            // The store's entry in the first batch and again in the third: the store is read again.
            let first = try filter.kept([draft("stored", at: 0), draft("new", at: 0), EntryDraft(title: "undated")])
            let second = try filter.kept([
                draft("new", at: 0), draft("new", at: 0, body: "other"), draft("later", at: 9),
            ])
            let third = try filter.kept([draft("later", at: 9), draft("stored", at: 0), EntryDraft(title: "undated")])
            XCTAssertEqual(first.map(\.title), ["new", "undated"], "\(kind)")
            XCTAssertEqual(second.map(\.body), ["other", "b"], "\(kind)")
            XCTAssertEqual(third.map(\.title), ["undated"], "\(kind)")
            XCTAssertEqual(filter.skipped, 4, "\(kind)")
        }
    }

    func testTheFingerprintTableKeepsEveryKeyThroughItsGrowth() {
        var table = FingerprintTable()
        var generator = SeededGenerator(seed: 17)  // the same keys every run
        let keys = (0..<150_000).map { _ in generator.next() } + [0, 2, UInt64.max, 1 << 63]
        for key in keys { XCTAssertTrue(table.insert(key), "\(key) is new") }
        XCTAssertEqual(table.count, keys.count)
        for key in keys { XCTAssertFalse(table.insert(key), "\(key) is present") }
        // Zero is kept as one (zero marks an empty slot): the only two keys the table takes for one.
        XCTAssertFalse(table.insert(1))
        XCTAssertTrue(table.insert(3))
        XCTAssertEqual(table.count, keys.count + 1)
    }

    func testCreationTimesOfARangeAgreeBetweenStores() {
        forEachRepository { kind, repository in
            try repository.insert(contentsOf: (0..<1_500).map { draft("e\($0)", at: Double($0)) }, progress: nil)
            let low = StoredDate.milliseconds(monday.addingTimeInterval(998)),
                high = StoredDate.milliseconds(monday.addingTimeInterval(1_001))
            let times = try repository.creationTimes(in: low...high)
            XCTAssertEqual(
                times.map(\.createdAt),
                [998, 999, 1_000, 1_001].map { StoredDate.milliseconds(monday.addingTimeInterval($0)) }, "\(kind)")
            XCTAssertEqual(
                try repository.entries(ids: times.map(\.id)).map(\.title), ["e998", "e999", "e1000", "e1001"], "\(kind)"
            )
        }
    }

    func testCreationTimesAtSpreadTimesAgreeBetweenStores() {
        forEachRepository { kind, repository in
            try repository.insert(contentsOf: (0..<1_500).map { draft("e\($0)", at: Double($0)) }, progress: nil)
            // 700 times (more than one statement's worth), half of them between entries, some past the last.
            let asked = Set((0..<700).map { StoredDate.milliseconds(monday.addingTimeInterval(Double($0) * 2.5)) })
            let expected = try repository.creationTimes(in: asked.min()!...asked.max()!).filter {
                asked.contains($0.createdAt)
            }
            let found = try repository.creationTimes(at: asked)
            XCTAssertEqual(Set(found), Set(expected), "\(kind)")
            XCTAssertEqual(found.count, 300, "\(kind)")
            XCTAssertEqual(try repository.creationTimes(at: []), [], "\(kind)")
        }
    }
}
