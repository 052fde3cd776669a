import EntryModel
import Foundation
import XCTest

final class InterchangeAllEntriesTests: XCTestCase {
    private func drafts(_ count: Int) -> [EntryDraft] {
        (0..<count).map { index in
            EntryDraft(
                title: "Entry \(index)", body: "body \(index)", tags: index.isMultiple(of: 2) ? ["even"] : [],
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 7) * 60))
        }
    }

    func testEveryEntryComesOnceInOrderAcrossPages() throws {
        let repository = InMemoryEntryRepository(entries: drafts(23))
        var seen: [Entry] = []
        let count = try repository.forEachEntry(order: .oldest, pageSize: 5) { seen.append($0) }
        XCTAssertEqual(count, 23)
        XCTAssertEqual(Set(seen.map(\.id)).count, 23)
        XCTAssertEqual(seen.map(\.createdAt), seen.map(\.createdAt).sorted())
        XCTAssertEqual(seen.first?.body, "body 0")
    }

    func testFilterAndExactMultiplesOfThePageSize() throws {
        let repository = InMemoryEntryRepository(entries: drafts(20))
        var even: [Entry] = []
        XCTAssertEqual(
            try repository.forEachEntry(filter: EntryFilter(tag: "even"), pageSize: 5) { even.append($0) }, 10)
        XCTAssertTrue(even.allSatisfy { $0.tags == ["even"] })
        XCTAssertEqual(try InMemoryEntryRepository().forEachEntry { _ in XCTFail("no entries") }, 0)
    }

    func testAnErrorFromTheBodyStopsTheWalk() {
        struct Stop: Error {}
        let repository = InMemoryEntryRepository(entries: drafts(10))
        var calls = 0
        XCTAssertThrowsError(
            try repository.forEachEntry(pageSize: 3) { _ in
                calls += 1
                if calls == 4 { throw Stop() }
            })
        XCTAssertEqual(calls, 4)
    }
}
