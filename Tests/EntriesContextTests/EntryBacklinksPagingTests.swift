import EntryModel
import XCTest

@testable import EntriesContext

/// The more details' backlinks are read a page at a time: the first page at once, the next when the
/// selection moves past the last one read, and a re-read keeps as many as were read.
final class EntryBacklinksPagingTests: XCTestCase {
    private func repository(sources: Int) throws -> (InMemoryEntryRepository, hub: Int64) {
        let entries = InMemoryEntryRepository(entries: [Samples.draft("Hub", day: 1)])
        let hub = try XCTUnwrap(
            try entries.page(PageRequest(order: .newest, filter: .all, anchor: .start, limit: 1)).first)
        for day in 0..<sources {
            try entries.insert(Samples.draft("Source \(day)", day: 2 + day, body: "[[Hub]]"))
        }
        return (entries, hub.id)
    }

    func testTheFirstPageIsReadThenTheNextWhenTheSelectionPassesItsEnd() throws {
        let (entries, hub) = try repository(sources: 5)
        var backlinks = EntryBacklinks(of: hub, repository: entries, pageSize: 2)
        XCTAssertEqual(backlinks.entries.map(\.title), ["Source 4", "Source 3"])
        XCTAssertTrue(backlinks.hasMore)
        XCTAssertTrue(backlinks.text { _ in "day" }.contains("Linked from (2 and more):"))
        XCTAssertTrue(backlinks.text { _ in "day" }.hasSuffix("  … and more: selecting past the last one reads them"))

        backlinks.selectNext(reading: entries)
        backlinks.selectNext(reading: entries)
        XCTAssertEqual(backlinks.selectedEntry?.title, "Source 3")
        XCTAssertEqual(backlinks.entries.count, 2, "not read before the selection passes the last")
        backlinks.selectNext(reading: entries)
        XCTAssertEqual(backlinks.selectedEntry?.title, "Source 2")
        XCTAssertEqual(backlinks.entries.count, 4)
        backlinks.selectNext(reading: entries)
        backlinks.selectNext(reading: entries)
        XCTAssertEqual(backlinks.selectedEntry?.title, "Source 0")
        XCTAssertFalse(backlinks.hasMore)
        XCTAssertTrue(backlinks.text { _ in "day" }.contains("Linked from (5):"))
        backlinks.selectNext(reading: entries)
        XCTAssertEqual(backlinks.selectedEntry?.title, "Source 4", "back to the first once all are read")

        // Read again (after an edit, say): as many as were read, the selection kept.
        backlinks.selectPrevious()
        let again = EntryBacklinks(of: hub, keeping: backlinks, repository: entries, pageSize: 2)
        XCTAssertEqual(again.entries.count, 5)
        XCTAssertEqual(again.selectedEntry?.title, "Source 0")
    }
}
