import EntryModel
import Foundation
import GRDB

extension SQLiteEntryRepository {
    /// Counts per local day from the kept counts per quarter hour (``EntrySchema/v4``): the span of
    /// the days is cut where the zone's offset changes, and each piece is grouped by day in SQL with
    /// its fixed offset (a whole number of quarter hours). A database opened read-only before the
    /// migration ran counts the `entry_on_createdAt` index range instead: right, if slower.
    public func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        let span = days.lowerBound.start(in: timeZone)..<days.upperBound.advanced(by: 1).start(in: timeZone)
        let pieces = Self.fixedOffsetPieces(of: span, in: timeZone)
        return try read { db in
            let kept = try db.hasSchemaObject(named: "entryQuarterHour")
            var counts: [DayCount] = []
            for piece in pieces {
                for count in try dayCounts(db, piece, kept: kept) {
                    guard days.contains(count.day) else { continue }
                    if counts.last?.day == count.day {
                        counts[counts.count - 1].count += count.count
                    } else {
                        counts.append(count)
                    }
                }
            }
            return counts
        }
    }

    /// A span of quarter hours (UTC, from 1970) in which `timeZone` is `offset` quarter hours ahead.
    struct FixedOffsetPiece: Equatable {
        var quarterHours: Range<Int64>
        var offset: Int64
    }

    /// `span` cut at the time zone's offset changes (daylight saving, or a change of the zone's rules).
    static func fixedOffsetPieces(of span: Range<Date>, in timeZone: TimeZone) -> [FixedOffsetPiece] {
        var pieces: [FixedOffsetPiece] = []
        var start = span.lowerBound
        while start < span.upperBound {
            var end = timeZone.nextDaylightSavingTimeTransition(after: start) ?? span.upperBound
            if end <= start || end > span.upperBound { end = span.upperBound }
            let offset = Int64(timeZone.secondsFromGMT(for: start)).flooredQuarterHours(ofSeconds: true)
            pieces.append(
                FixedOffsetPiece(
                    quarterHours: quarterHour(start)..<quarterHour(end), offset: offset))
            start = end
        }
        return pieces
    }

    private static func quarterHour(_ date: Date) -> Int64 {
        StoredDate.milliseconds(date).flooredQuarterHours(ofSeconds: false)
    }

    private func dayCounts(_ db: Database, _ piece: FixedOffsetPiece, kept: Bool) throws -> [DayCount] {
        let source =
            kept
            ? "SELECT quarterHour, count FROM entryQuarterHour WHERE quarterHour >= ?1 AND quarterHour < ?2"
            : """
            SELECT \(EntrySchema.quarterHour(of: "createdAt")) AS quarterHour, 1 AS count FROM entry
            WHERE createdAt >= ?1 * 900000 AND createdAt < ?2 * 900000
            """
        let local = "(quarterHour + ?3)"
        let statement = try RawStatement(
            db,
            sql: """
                SELECT CASE WHEN \(local) >= 0 THEN \(local) / 96 ELSE (\(local) + 1) / 96 - 1 END AS day, sum(count)
                FROM (\(source)) GROUP BY day ORDER BY day
                """)
        try statement.bind(piece.quarterHours.lowerBound, at: 1)
        try statement.bind(piece.quarterHours.upperBound, at: 2)
        try statement.bind(piece.offset, at: 3)
        return try EntryColumns.all(statement) {
            DayCount(day: CivilDay(number: $0.int64(at: 0)), count: Int($0.int64(at: 1)))
        }
    }
}

private extension Int64 {
    /// Quarter hours in this many seconds (or milliseconds), rounded down.
    func flooredQuarterHours(ofSeconds: Bool) -> Int64 {
        let width: Int64 = ofSeconds ? 900 : 900_000
        let quotient = self / width
        return (self % width != 0 && self < 0) ? quotient - 1 : quotient
    }
}

extension SQLiteEntryRepository {
    /// From `entryDay` (``EntrySchema/v4``): a local day of 24 hours is the tail of one UTC day and the
    /// head of the next, and has entries when the first's last quarter hour falls in that tail or the
    /// next's first quarter hour in that head. A day whose length the zone changes (daylight saving)
    /// asks `entryQuarterHour` directly. Without the table (an older database opened read-only), the
    /// days of ``dayCounts(in:timeZone:)``.
    public func daysWithEntries(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [CivilDay] {
        let hasSummary = try read { db in try db.hasSchemaObject(named: "entryDay") }
        guard hasSummary else { return try dayCounts(in: days, timeZone: timeZone).map(\.day) }
        let startQuarter = Self.quarterHour(days.lowerBound.start(in: timeZone))
        let endQuarter = Self.quarterHour(days.upperBound.advanced(by: 1).start(in: timeZone))
        return try read { db in
            var summaries: [Int64: (first: Int64, last: Int64)] = [:]
            let statement = try RawStatement(
                db,
                sql: """
                    SELECT day, firstQuarterHour, lastQuarterHour FROM entryDay WHERE day >= ?1 AND day <= ?2
                    """)
            try statement.bind(startQuarter.flooredDays - 1, at: 1)
            try statement.bind(endQuarter.flooredDays + 1, at: 2)
            while try statement.step() {
                summaries[statement.int64(at: 0)] = (statement.int64(at: 1), statement.int64(at: 2))
            }
            statement.reset()
            let probe = try RawStatement(
                db,
                sql: """
                    SELECT 1 FROM entryQuarterHour WHERE quarterHour >= ?1 AND quarterHour < ?2 LIMIT 1
                    """)
            defer { probe.reset() }
            var found: [CivilDay] = []
            var start = startQuarter
            for day in days {
                let end = Self.quarterHour(day.advanced(by: 1).start(in: timeZone))
                defer { start = end }
                let utcDay = start.flooredDays
                let hasEntries: Bool
                if end - start == 96 {
                    let tail = summaries[utcDay].map { $0.last >= start } ?? false
                    let head = summaries[utcDay + 1].map { $0.first < end } ?? false
                    hasEntries = tail || head
                } else {
                    probe.reset()
                    try probe.bind(start, at: 1)
                    try probe.bind(end, at: 2)
                    hasEntries = try probe.step()
                }
                if hasEntries { found.append(day) }
            }
            return found
        }
    }
}

private extension Int64 {
    /// The UTC day of this quarter hour, rounded down.
    var flooredDays: Int64 {
        let quotient = self / 96
        return (self % 96 != 0 && self < 0) ? quotient - 1 : quotient
    }
}
