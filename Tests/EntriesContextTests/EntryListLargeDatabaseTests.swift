import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import SQLiteStore
import XCTest

/// The list over a million entries in SQLite: every key costs at most one indexed query, and shows
/// the right rows. The database is built once for the class (the bulk insert takes a few seconds).
final class EntryListLargeDatabaseTests: XCTestCase {
    nonisolated(unsafe) private static var fixture: MillionEntryDatabase?
    private static let entryCount = 1_000_000

    override class func setUp() {
        super.setUp()
        let start = Date()
        fixture = try? MillionEntryDatabase.build(count: entryCount)
        print("EntryListLargeDatabaseTests: built \(entryCount) entries in \(Date().timeIntervalSince(start)) s")
    }

    override class func tearDown() {
        fixture?.remove()
        fixture = nil
        super.tearDown()
    }

    @MainActor
    private static func makeHarness(
        preferences: Preferences = .defaults, size: Size = Size(width: 60, height: 12)
    ) throws -> (EntriesHarness, EntryDatabase) {
        let fixture = try XCTUnwrap(Self.fixture, "the million-entry database could not be built")
        let database = try EntryDatabase(path: fixture.path)
        return (try EntriesHarness(repository: database.entries, preferences: preferences, size: size), database)
    }

    /// The title shown on content row `row` (0-based), as the first column of the list.
    @MainActor
    private static func title(_ harness: EntriesHarness, row: Int) -> String {
        String(harness.contentLines[row].prefix(13))
    }

    func testOpeningShowsTheNewestEntriesAndTheCount() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            XCTAssertEqual(Self.title(harness, row: 0), "Entry 1000000")
            XCTAssertEqual(Self.title(harness, row: 1), "Entry 0999999")
            assertScreenContains(harness.screen, "1 of 1,000,000")
            XCTAssertLessThanOrEqual(harness.repository.calls(.page), 1)
            XCTAssertEqual(harness.repository.calls(.count), 1)
        }
    }

    func testEndAndStartKeysCostOneQueryEach() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            harness.repository.resetCounts()
            try harness.press("G")
            XCTAssertEqual(harness.repository.totalCalls, 1, "G: one page from the end")
            assertScreenContains(harness.screen, "1,000,000 of 1,000,000")
            XCTAssertEqual(Self.title(harness, row: 8), "Entry 0000001")
            XCTAssertEqual(Self.title(harness, row: 7), "Entry 0000002")

            harness.repository.resetCounts()
            try harness.press("k")
            XCTAssertEqual(harness.repository.totalCalls, 0, "k next to the end is cached")
            assertScreenContains(harness.screen, "999,999 of 1,000,000")

            harness.repository.resetCounts()
            try harness.press("g")
            XCTAssertEqual(harness.repository.totalCalls, 1, "g: one page from the start")
            XCTAssertEqual(Self.title(harness, row: 0), "Entry 1000000")
            assertScreenContains(harness.screen, "1 of 1,000,000")
        }
    }

    func testMovingRowByRowQueriesOncePerPageOfRows() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            harness.repository.resetCounts()
            for _ in 0..<250 {
                let before = harness.repository.totalCalls
                try harness.press("j")
                XCTAssertLessThanOrEqual(harness.repository.totalCalls - before, 1)
            }
            XCTAssertLessThanOrEqual(harness.repository.calls(.page), 3, "250 rows are three pages of 100")
            assertScreenContains(harness.screen, "251 of 1,000,000")
            XCTAssertEqual(Self.title(harness, row: 8), MillionEntryDatabase.title(1_000_000 - 250))
            for _ in 0..<250 { try harness.press("k") }
            assertScreenContains(harness.screen, "1 of 1,000,000")
            XCTAssertEqual(Self.title(harness, row: 0), "Entry 1000000")
        }
    }

    func testPagingDownAndUpFromTheEndIsBoundedAndCorrect() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            try harness.press("G")
            harness.repository.resetCounts()
            for _ in 0..<40 {
                let before = harness.repository.totalCalls
                try harness.press("pgup")
                XCTAssertLessThanOrEqual(harness.repository.totalCalls - before, 1, "one query per key at most")
            }
            // 9 rows on screen: 40 pages up from the last row.
            let selected = 1_000_000 - 1 - 40 * 9
            assertScreenContains(harness.screen, "\(EntriesTestText.grouped(selected + 1)) of 1,000,000")
            XCTAssertEqual(Self.title(harness, row: 0), MillionEntryDatabase.title(1_000_000 - selected))
            for _ in 0..<40 { try harness.press("pgdn") }
            assertScreenContains(harness.screen, "1,000,000 of 1,000,000")
            XCTAssertEqual(Self.title(harness, row: 8), "Entry 0000001")
            XCTAssertFalse(harness.repository.pageRequests.contains { $0.limit > 5_100 }, "no page is huge")
        }
    }

    func testChangingTheOrderKeepsTheSelectedEntryWithABoundedNumberOfQueries() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            try harness.press("j", "j")
            harness.repository.resetCounts()
            harness.controller.apply(Preferences(sortOrder: .oldest))
            harness.screen.render()
            XCTAssertLessThanOrEqual(harness.repository.totalCalls, 5, "count, index, and pages around the entry")
            assertScreenContains(harness.screen, "999,998 of 1,000,000")
            XCTAssertTrue(harness.contentLines.contains { $0.hasPrefix("Entry 0999998") })
        }
    }

    func testTheTagFilterPagesOverTheTaggedEntriesOnly() throws {
        try onMainActor {
            let (harness, _) = try Self.makeHarness()
            try harness.press("t")
            assertScreenContains(harness.screen, "tenth")
            try harness.press("enter", "G")
            assertScreenContains(harness.screen, "100,000 of 100,000")
            XCTAssertEqual(Self.title(harness, row: 8), "Entry 0000010")
        }
    }
}

/// Text helpers for expectations.
enum EntriesTestText {
    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
