import AppShell
import EntryUI
@testable import EntryModel
import XCTest

/// The keyset page cache on its own: which page each row costs, corrections when the data moved,
/// and the memory bound.
final class EntryListDataSourceTests: XCTestCase {
    @MainActor
    private static func source(
        entries: Int, pageSize: Int = 10, maximumStep: Int = 50, capacity: Int = 40
    ) throws -> (EntryListDataSource, CountingRepository) {
        let drafts = (1...entries).map {
            Samples.draft("Row \($0)", day: 0).withCreatedAt(Samples.date(day: 0).addingTimeInterval(Double($0)))
        }
        let repository = CountingRepository(InMemoryEntryRepository(entries: drafts, clock: { Samples.now }))
        let source = EntryListDataSource(
            repository: repository, order: .oldest, pageSize: pageSize, maximumStep: maximumStep, capacity: capacity,
            makeRow: { ListRow(StyledText($0.title)) })
        try source.reload(order: .oldest, filter: .all)
        repository.resetCounts()
        return (source, repository)
    }

    func testRowsComeFromTheStartAfterAndBeforePagesOnce() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 200)
            XCTAssertEqual(source.summary(at: 0)?.title, "Row 1")
            XCTAssertEqual(repository.pageRequests.map(\.anchor), [.start])
            XCTAssertEqual((0..<10).compactMap { source.summary(at: $0) }.count, 10)
            XCTAssertEqual(repository.calls(.page), 1, "the first page is cached")
            XCTAssertEqual(source.summary(at: 10)?.title, "Row 11")
            XCTAssertEqual(repository.calls(.page), 2)
            guard case .after(let anchor) = repository.pageRequests.last?.anchor else {
                return XCTFail("not an .after page")
            }
            XCTAssertEqual(anchor.title, "Row 10")
        }
    }

    func testTheEndIsOnePageFromTheEnd() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 200)
            XCTAssertEqual(source.summary(at: 199)?.title, "Row 200")
            XCTAssertEqual(repository.pageRequests.map(\.anchor), [.end])
            XCTAssertEqual(source.summary(at: 190)?.title, "Row 191")
            XCTAssertEqual(source.summary(at: 185)?.title, "Row 186")
            XCTAssertEqual(repository.calls(.page), 2)
            guard case .before = repository.pageRequests.last?.anchor else { return XCTFail("not a .before page") }
        }
    }

    func testAFarJumpWithoutAnAnchorWalksInBigStepsAndIsCorrect() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 400, maximumStep: 50, capacity: 60)
            XCTAssertEqual(source.summary(at: 160)?.title, "Row 161")
            XCTAssertLessThanOrEqual(repository.calls(.page), 4, "from the start in steps of 50")
            XCTAssertLessThanOrEqual(source.cachedRange.count, 60)
        }
    }

    func testTheCacheStaysWithinItsCapacity() throws {
        try onMainActor {
            let (source, _) = try Self.source(entries: 300, capacity: 40)
            for index in 0..<300 { XCTAssertEqual(source.summary(at: index)?.title, "Row \(index + 1)") }
            XCTAssertLessThanOrEqual(source.cachedRange.count, 40)
            XCTAssertTrue(source.cachedRange.contains(299))
        }
    }

    func testSeedingAtAnEntryPutsItAtItsIndex() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 200)
            let row120 = try XCTUnwrap(try repository.page(PageRequest(order: .oldest, limit: 200))[119])
            repository.resetCounts()
            XCTAssertEqual(try source.seed(at: row120, isListed: true), 119)
            XCTAssertEqual(source.summary(at: 119)?.title, "Row 120")
            XCTAssertEqual(source.summary(at: 118)?.title, "Row 119")
            XCTAssertEqual(source.summary(at: 121)?.title, "Row 122")
            XCTAssertEqual(repository.calls(.page), 2)
        }
    }

    func testSeedingAtADeletedEntryLandsOnTheRowThatFollowedIt() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 50)
            let row20 = try XCTUnwrap(try repository.page(PageRequest(order: .oldest, limit: 50))[19])
            try repository.delete(id: row20.id)
            try source.reload(order: .oldest, filter: .all)
            XCTAssertEqual(try source.seed(at: row20, isListed: false), 19)
            XCTAssertEqual(source.summary(at: 19)?.title, "Row 21")
            XCTAssertEqual(source.summary(at: 18)?.title, "Row 19")
        }
    }

    func testAShortPageCorrectsAStaleCount() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 30)
            XCTAssertEqual(source.count, 30)
            let rows = try repository.page(PageRequest(order: .oldest, limit: 30))
            for row in rows.suffix(10) { try repository.delete(id: row.id) }
            XCTAssertNil(source.summary(at: 25))
            XCTAssertEqual(source.count, 20, "the page ended early: the count follows")
            XCTAssertEqual(source.summary(at: 19)?.title, "Row 20")
        }
    }

    func testAFailedReadIsReportedOnceUntilTheNextReload() throws {
        try onMainActor {
            let (source, repository) = try Self.source(entries: 30)
            var errors = 0
            source.onError = { _ in errors += 1 }
            repository.fail([.page])
            XCTAssertNil(source.summary(at: 0))
            XCTAssertNil(source.summary(at: 1))
            XCTAssertEqual(errors, 1)
            XCTAssertEqual(repository.calls(.page), 1)
            repository.fail([])
            try source.reload(order: .oldest, filter: .all)
            XCTAssertEqual(source.summary(at: 1)?.title, "Row 2")
        }
    }
    /// A burst of key presses while a read is under way: every frame asks for the rows on screen. The
    /// rows asked for were a list searched with `contains` and rebuilt with `filter` on every read
    /// (10,000 `j` kept the app busy for minutes); each ask is now O(1), and every row still comes.
    func testManyRowsAskedForDuringOneReadCostLinearTime() throws {
        try onMainActor {
            let drafts = (1...12_000).map {
                Samples.draft("Row \($0)", day: 0).withCreatedAt(Samples.date(day: 0).addingTimeInterval(Double($0)))
            }
            let repository = CountingRepository(InMemoryEntryRepository(entries: drafts, clock: { Samples.now }))
            let loader = ManualLoader()
            let source = EntryListDataSource(
                repository: repository, order: .oldest, loader: loader, pageSize: 100,
                maximumStep: 5_000, capacity: 2_000, makeRow: { ListRow(StyledText($0.title)) })
            try source.reload(order: .oldest, filter: .all)
            let start = Date()
            // 10,000 selections, each frame asking for the 40 rows around it, before the first read answers.
            for selection in 0..<10_000 {
                for row in selection..<(selection + 40) { _ = source.summary(at: row) }
            }
            let seconds = Date().timeIntervalSince(start)
            XCTAssertLessThan(seconds, 5, "a debug build on a busy machine; about 0.3 s expected (it took minutes)")
            XCTAssertEqual(loader.pendingCount, 1, "one read at a time")
            loader.runAll()
            XCTAssertEqual(source.summary(at: 10_039)?.title, "Row 10040", "the last row asked for was read")
        }
    }
}

extension EntryDraft {
    func withCreatedAt(_ date: Date) -> EntryDraft {
        var draft = self
        draft.createdAt = date
        draft.updatedAt = date
        return draft
    }

}
