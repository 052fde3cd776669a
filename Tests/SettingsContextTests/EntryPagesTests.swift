@testable import EntryModel
@testable import SettingsContext
import XCTest

/// The entry list's page cache: rows in the repository's order, read a keyset page at a time from
/// the nearest known page or end, with a bounded number of pages kept.
final class EntryPagesTests: XCTestCase {
    /// 1 050 entries one minute apart (so 11 pages of 100, the last one of 50).
    private static func repository(count: Int = 1_050) -> CountingEntryRepository {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let drafts = (0..<count).map { EntryDraft(title: "Entry \($0)", createdAt: start.addingTimeInterval(Double($0) * 60)) }
        return CountingEntryRepository(InMemoryEntryRepository(entries: drafts))
    }

    private static func allNewestFirst(_ repository: any EntryRepository) throws -> [EntrySummary] {
        try repository.page(PageRequest(order: .newest, limit: 10_000))
    }

    func testEveryRowIsTheRepositorysRowInNewestFirstOrder() throws {
        try onMainActor {
            let repository = Self.repository()
            let expected = try Self.allNewestFirst(repository)
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            XCTAssertEqual(pages.count, 1_050)
            XCTAssertEqual(try (0..<1_050).map { try pages.summary(at: $0) }, expected)
            XCTAssertNil(try pages.summary(at: 1_050))
            XCTAssertNil(try pages.summary(at: -1))
        }
    }

    func testRowsReadBackwardsFromTheEndMatchToo() throws {
        try onMainActor {
            let repository = Self.repository()
            let expected = try Self.allNewestFirst(repository)
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            XCTAssertEqual(try (0..<1_050).reversed().map { try pages.summary(at: $0) }, expected.reversed())
        }
    }

    func testTheLastRowCostsOnePageAndTheFirstOneToo() throws {
        try onMainActor {
            let repository = Self.repository()
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            XCTAssertEqual(try pages.summary(at: 1_049)?.title, "Entry 0")
            XCTAssertEqual(repository.pageRequests, [PageRequest(order: .newest, anchor: .end, limit: 50)])
            XCTAssertEqual(try pages.summary(at: 0)?.title, "Entry 1049")
            XCTAssertEqual(repository.pageRequests.count, 2)
            // Rows of pages already read cost nothing.
            _ = try pages.summary(at: 1_000)
            _ = try pages.summary(at: 99)
            XCTAssertEqual(repository.pageRequests.count, 2)
        }
    }

    func testAPageInTheMiddleIsReachedFromTheNearestPageRead() throws {
        try onMainActor {
            let repository = Self.repository()
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            _ = try pages.summary(at: 250)  // pages 0, 1, 2 from the start
            XCTAssertEqual(repository.pageRequests.count, 3)
            _ = try pages.summary(at: 420)  // pages 3 and 4, from page 2
            XCTAssertEqual(repository.pageRequests.count, 5)
            XCTAssertEqual(try pages.summary(at: 420)?.title, "Entry 629")
        }
    }

    func testOnlyABoundedNumberOfPagesIsKept() throws {
        try onMainActor {
            let repository = Self.repository()
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 10, maximumCachedPages: 4)
            try pages.reload()
            for index in 0..<1_050 { _ = try pages.summary(at: index) }
            XCTAssertLessThanOrEqual(pages.cachedPageNumbers.count, 4)
            XCTAssertEqual(pages.cachedPageNumbers.last, 104)
            XCTAssertEqual(try pages.summary(at: 0)?.title, "Entry 1049")
        }
    }

    func testReloadCountsAgainAndForgetsPages() throws {
        try onMainActor {
            let repository = Self.repository(count: 3)
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            XCTAssertEqual(try pages.summary(at: 0)?.title, "Entry 2")
            try repository.insert(EntryDraft(title: "Newer", createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
            XCTAssertEqual(try pages.summary(at: 0)?.title, "Entry 2", "pages are kept until reload")
            try pages.reload()
            XCTAssertEqual(pages.count, 4)
            XCTAssertEqual(try pages.summary(at: 0)?.title, "Newer")
        }
    }

    func testEntriesDeletedUnderneathGiveNilNotACrash() throws {
        try onMainActor {
            let repository = Self.repository(count: 250)
            let pages = EntryPages(repository: repository, order: .newest, pageSize: 100)
            try pages.reload()
            for entry in try Self.allNewestFirst(repository) { try repository.delete(id: entry.id) }
            XCTAssertNil(try pages.summary(at: 249))
            XCTAssertNil(try pages.summary(at: 120))
        }
    }

    func testAnEmptyRepositoryHasNoRows() throws {
        try onMainActor {
            let repository = Self.repository(count: 0)
            let pages = EntryPages(repository: repository, order: .newest)
            try pages.reload()
            XCTAssertEqual(pages.count, 0)
            XCTAssertNil(try pages.summary(at: 0))
            XCTAssertEqual(repository.pageRequests, [])
        }
    }
}
