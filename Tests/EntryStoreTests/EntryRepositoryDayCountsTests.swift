@testable import EntryModel
import Foundation
@testable import SQLiteStore
import XCTest

/// Counts per local day (the Journal's calendar) and the statistics made from them, shared by both
/// repositories: days are the time zone's, across daylight saving changes and in zones whose offset
/// is not whole hours; the counts follow inserts, bulk inserts, edits of the date and deletes.
final class EntryRepositoryDayCountsTests: TemporaryDatabaseTestCase {
    private let newYork = TimeZone(identifier: "America/New_York")!
    private let kathmandu = TimeZone(identifier: "Asia/Kathmandu")!  // +05:45
    private let utc = TimeZone(identifier: "UTC")!

    /// `hour:minute` local time on `day` in `zone`.
    private func date(_ day: CivilDay, _ hour: Int, _ minute: Int = 0, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))!
    }

    func testCountsAreThoseOfTheTimeZonesDays() {
        let first = CivilDay(year: 2026, month: 3, day: 7)  // New York moves its clocks on the 8th
        forEachRepository { kind, entries in
            for (offset, times) in [[(0, 5), (23, 55)], [(1, 30), (3, 30), (23, 59)], [], [(0, 0)]].enumerated() {
                for (hour, minute) in times {
                    try entries.insert(
                        EntryDraft(
                            title: "x", createdAt: date(first.advanced(by: Int64(offset)), hour, minute, in: newYork)))
                }
            }
            let days = first...first.advanced(by: 3)
            XCTAssertEqual(
                try entries.dayCounts(in: days, timeZone: newYork),
                [
                    DayCount(day: first, count: 2), DayCount(day: first.advanced(by: 1), count: 3),
                    DayCount(day: first.advanced(by: 3), count: 1),
                ], "\(kind)")
            // The same instants in UTC fall on other days.
            let expectedUTC = try entries.page(PageRequest(order: .oldest, limit: 100))
                .reduce(into: [CivilDay: Int]()) { $0[CivilDay($1.createdAt, in: utc), default: 0] += 1 }
                .map { DayCount(day: $0.key, count: $0.value) }.sorted { $0.day < $1.day }
            XCTAssertEqual(
                try entries.dayCounts(in: first...first.advanced(by: 5), timeZone: utc), expectedUTC, "\(kind)")
            // A narrower range leaves out the days outside it.
            XCTAssertEqual(
                try entries.dayCounts(in: first.advanced(by: 1)...first.advanced(by: 2), timeZone: newYork),
                [DayCount(day: first.advanced(by: 1), count: 3)], "\(kind)")
        }
    }

    func testQuarterHourOffsetsCountOnTheRightDay() {
        let day = CivilDay(year: 2026, month: 5, day: 1)
        forEachRepository { kind, entries in
            // 23:50 and 00:10 in Kathmandu are 18:05 and 18:25 UTC: one hour bucket, two local days.
            try entries.insert(EntryDraft(title: "late", createdAt: date(day, 23, 50, in: kathmandu)))
            try entries.insert(EntryDraft(title: "early", createdAt: date(day.advanced(by: 1), 0, 10, in: kathmandu)))
            XCTAssertEqual(
                try entries.dayCounts(in: day...day.advanced(by: 1), timeZone: kathmandu),
                [
                    DayCount(day: day, count: 1), DayCount(day: day.advanced(by: 1), count: 1),
                ], "\(kind)")
            XCTAssertEqual(try entries.count(filter: .day(day, in: kathmandu)), 1, "\(kind)")
        }
    }

    func testCountsFollowEditsDeletesAndBulkInserts() {
        let day = CivilDay(year: 2026, month: 6, day: 10)
        forEachRepository { kind, entries in
            let moved = try entries.insert(EntryDraft(title: "moved", createdAt: date(day, 9, in: utc)))
            let deleted = try entries.insert(EntryDraft(title: "deleted", createdAt: date(day, 10, in: utc)))
            var changed = moved
            changed.createdAt = date(day.advanced(by: 2), 9, in: utc)
            try entries.update(changed)
            try entries.delete(id: deleted.id)
            let bulk = (0..<(SQLiteEntryRepository.bulkThreshold + 4)).map { index in
                EntryDraft(title: "\(index)", createdAt: date(day.advanced(by: Int64(index % 3)), index % 24, in: utc))
            }
            try entries.insert(contentsOf: bulk, progress: nil)
            XCTAssertEqual(
                try entries.dayCounts(in: day...day.advanced(by: 5), timeZone: utc),
                [
                    DayCount(day: day, count: 168), DayCount(day: day.advanced(by: 1), count: 168),
                    DayCount(day: day.advanced(by: 2), count: 169),
                ], "\(kind)")
        }
    }

    func testAnOlderDatabaseGetsItsCountsWhenMigrated() throws {
        let day = CivilDay(year: 2025, month: 12, day: 31)
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "before", createdAt: date(day, 12, in: utc)))
        try database.close()
        // As an older version left it: no counts table, no triggers, no record of the migration.
        try SQLiteScript.rollBack(toBefore: EntrySchema.v4, at: databasePath)
        // Read-only, such a database is refused since v6 (every row read has a star; see
        // EntryDatabaseReadOnlyTests): the counts are made by the migration below.
        let migrated = try openDatabase()
        try migrated.entries.insert(EntryDraft(title: "after", createdAt: date(day, 13, in: utc)))
        XCTAssertEqual(try migrated.entries.dayCounts(in: day...day, timeZone: utc), [DayCount(day: day, count: 2)])
        try migrated.close()
        let readOnly = try openDatabase { $0.readOnly = true }
        XCTAssertEqual(try readOnly.entries.dayCounts(in: day...day, timeZone: utc), [DayCount(day: day, count: 2)])
        try readOnly.close()
    }

    func testStatisticsFromTheStore() {
        let today = CivilDay(year: 2026, month: 11, day: 23)
        forEachRepository { kind, entries in
            XCTAssertEqual(try entries.journalStatistics(today: today, timeZone: utc).longestStreak, .none, "\(kind)")
            // Five days in a row in January, then yesterday and the day before (today has none yet).
            let days =
                (0..<5).map { CivilDay(year: 2026, month: 1, day: 10 + $0) } + [
                    today.advanced(by: -2), today.advanced(by: -1),
                ]
            for (index, day) in days.enumerated() {
                try entries.insert(
                    EntryDraft(
                        title: "\(index)", tags: index < 3 ? ["a", "b"] : ["b"], createdAt: date(day, 8, in: utc)))
            }
            let statistics = try entries.journalStatistics(today: today, timeZone: utc, tagLimit: 1)
            XCTAssertEqual(statistics.currentStreak, .init(days: 2, lastDay: today.advanced(by: -1)), "\(kind)")
            XCTAssertEqual(
                statistics.longestStreak, .init(days: 5, lastDay: CivilDay(year: 2026, month: 1, day: 14)), "\(kind)")
            XCTAssertEqual(statistics.months.map(\.count), [0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], "\(kind)")
            XCTAssertEqual(statistics.months.first.map { "\($0.year)-\($0.month)" }, "2025-12", "\(kind)")
            XCTAssertEqual(statistics.topTags, [TagCount(tag: "b", count: 7)], "\(kind)")
        }
    }

    func testDaysWithEntriesAgreeWithTheCountsInEveryZoneAfterEditsAndDeletes() {
        let first = CivilDay(year: 2026, month: 3, day: 1)
        forEachRepository { kind, entries in
            // Entries every 5 h 25 min over 40 days, crossing New York's change of clocks; then some
            // moved and some deleted, so that per-day summaries must shrink as well as grow.
            let drafts = (0..<180).map { index in
                EntryDraft(
                    title: "\(index)", createdAt: first.start(in: utc).addingTimeInterval(Double(index) * 19_500))
            }
            try entries.insert(contentsOf: drafts, progress: nil)
            for id in stride(from: Int64(1), through: 180, by: 4) { try entries.delete(id: id) }
            for id in stride(from: Int64(2), through: 180, by: 8) {
                var entry = try XCTUnwrap(try entries.entry(id: id))
                entry.createdAt = entry.createdAt.addingTimeInterval(86_400 * 3 + 1_800)
                try entries.update(entry)
            }
            let days = first.advanced(by: -2)...first.advanced(by: 45)
            for zone in [
                utc, newYork, kathmandu, TimeZone(identifier: "Pacific/Kiritimati")!,
                TimeZone(identifier: "America/St_Johns")!,
            ] {
                let expected = try entries.dayCounts(in: days, timeZone: zone).map(\.day)
                XCTAssertFalse(expected.isEmpty)
                XCTAssertEqual(
                    try entries.daysWithEntries(in: days, timeZone: zone), expected, "\(kind) \(zone.identifier)")
            }
        }
    }

    func testTagCountsFollowBulkInsertsEditsAndDeletes() {
        forEachRepository { kind, entries in
            try entries.insert(
                contentsOf: EntryFixtures.drafts(SQLiteEntryRepository.bulkThreshold + 10), progress: nil)
            var entry = try XCTUnwrap(try entries.entry(id: 3))
            entry.tags = ["new", "odd"]
            try entries.update(entry)
            try entries.delete(id: 4)
            let all = try entries.page(PageRequest(order: .oldest, limit: 10_000))
            let expected = all.reduce(into: [String: Int]()) { counts, summary in
                for tag in summary.tags { counts[tag, default: 0] += 1 }
            }
            XCTAssertEqual(
                Dictionary(uniqueKeysWithValues: try entries.tags().map { ($0.tag, $0.count) }), expected, "\(kind)")
        }
    }

    func testTheProtocolsDefaultCountsAsTheStoresDo() {
        let first = CivilDay(year: 2026, month: 3, day: 1)
        forEachRepository { kind, entries in
            let drafts = (0..<700).map { index in
                EntryDraft(title: "\(index)", createdAt: first.start(in: utc).addingTimeInterval(Double(index) * 5_300))
            }
            try entries.insert(contentsOf: drafts, progress: nil)
            let paging = PagingOnlyRepository(entries)
            let days = first.advanced(by: 3)...first.advanced(by: 30)
            for zone in [utc, newYork, kathmandu] {
                XCTAssertEqual(
                    try paging.dayCounts(in: days, timeZone: zone), try entries.dayCounts(in: days, timeZone: zone),
                    "\(kind) \(zone.identifier)")
                XCTAssertEqual(
                    try paging.daysWithEntries(in: days, timeZone: zone),
                    try entries.daysWithEntries(in: days, timeZone: zone), "\(kind)")
            }
        }
    }
}

/// A store that only pages: the protocol's defaults answer the Journal's questions.
private final class PagingOnlyRepository: EntryRepository, @unchecked Sendable {
    let inner: any EntryRepository
    init(_ inner: any EntryRepository) { self.inner = inner }
    func count(filter: EntryFilter) throws -> Int { try inner.count(filter: filter) }
    func page(_ request: PageRequest) throws -> [EntrySummary] { try inner.page(request) }
    func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        try inner.index(of: entry, order: order, filter: filter)
    }
    func entry(id: Int64) throws -> Entry? { try inner.entry(id: id) }
    func search(_ query: String, limit: Int) throws -> [EntrySummary] { try inner.search(query, limit: limit) }
    func tags() throws -> [TagCount] { try inner.tags() }
    func insert(_ draft: EntryDraft) throws -> Entry { try inner.insert(draft) }
    func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        try inner.insert(contentsOf: drafts, progress: progress)
    }
    func update(_ entry: Entry) throws -> Entry { try inner.update(entry) }
    func delete(id: Int64) throws { try inner.delete(id: id) }
    func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult { try inner.apply(changes) }
    func renameTag(_ tag: String, to newTag: String) throws -> Int { try inner.renameTag(tag, to: newTag) }
    func trashedEntries() throws -> [TrashedEntry] { try inner.trashedEntries() }
    func restore(id: Int64) throws -> Entry { try inner.restore(id: id) }
    func emptyTrash(deletedBefore date: Date?) throws -> Int { try inner.emptyTrash(deletedBefore: date) }
}
