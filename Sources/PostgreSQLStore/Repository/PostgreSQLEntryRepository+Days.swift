import EntryModel
import Foundation
import PostgresNIO

/// Counts per local day. A day of a time zone is a range of instants (``CivilDay/instants(in:)``),
/// computed here by the client with the same time zone data as the other stores, so the server's own
/// zone names and rules never matter; the server sorts each `"createdAt"` into its day with
/// `width_bucket` over those bounds, reading only the index on (`"createdAt"`, id).
extension PostgreSQLEntryRepository {
    /// Finds the first and last entry of the span (one statement), then sorts the entries between
    /// them into days with `width_bucket` over the day bounds (another).
    public func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        guard let span = try occupiedDays(days, timeZone: timeZone) else { return [] }
        let bounds = span.bounds
        let query: PostgresQuery = """
            SELECT width_bucket("createdAt", \(bounds)::bigint[]) AS day, count(*) FROM entry
            WHERE "createdAt" >= \(bounds[0]) AND "createdAt" < \(bounds[bounds.count - 1])
            GROUP BY day ORDER BY day
            """
        return try session.run { connection in
            try session.rows(connection, query).map { row in
                let (bucket, count) = try row.decode((Int, Int).self)
                return DayCount(day: span.first.advanced(by: Int64(bucket - 1)), count: count)
            }
        }
    }

    /// One index probe per day (does any entry fall within it?) instead of counting every entry:
    /// streaks ask for every day since the first entry.
    public func daysWithEntries(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [CivilDay] {
        guard let span = try occupiedDays(days, timeZone: timeZone) else { return [] }
        let bounds = span.bounds
        let starts = Array(bounds.dropLast())
        let ends = Array(bounds.dropFirst())
        let query: PostgresQuery = """
            SELECT day FROM unnest(\(starts)::bigint[], \(ends)::bigint[]) WITH ORDINALITY AS d(start, "end", day)
            WHERE EXISTS (SELECT 1 FROM entry WHERE "createdAt" >= d.start AND "createdAt" < d."end")
            ORDER BY day
            """
        return try session.run { connection in
            try session.rows(connection, query).map { row in
                span.first.advanced(by: Int64(try row.decode(Int.self) - 1))
            }
        }
    }

    /// The days of `days` from the one of its oldest entry to the one of its newest (two index probes),
    /// nil when it has none: the bounds sent to the server never outgrow the entries.
    private func occupiedDays(_ days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> DaySpan? {
        let lower = StoredDate.milliseconds(days.lowerBound.start(in: timeZone))
        let upper = StoredDate.milliseconds(days.upperBound.advanced(by: 1).start(in: timeZone))
        guard lower < upper else { return nil }
        let query: PostgresQuery = """
            SELECT min("createdAt"), max("createdAt") FROM entry WHERE "createdAt" >= \(lower) AND "createdAt" < \(upper)
            """
        let extremes = try session.run { connection in
            try session.rows(connection, query).first.map { try $0.decode((Int64?, Int64?).self) }
        }
        guard let oldest = extremes?.0, let newest = extremes?.1 else { return nil }
        // A day either side: an instant's day and a day's first instant read the offset at different
        // instants, and must not disagree at a change of offset.
        let first = max(days.lowerBound, CivilDay(StoredDate.date(oldest), in: timeZone).advanced(by: -1))
        let last = min(days.upperBound, CivilDay(StoredDate.date(newest), in: timeZone).advanced(by: 1))
        guard first <= last else { return nil }
        return DaySpan(first: first, last: last, timeZone: timeZone)
    }

    /// Consecutive days and where each starts.
    private struct DaySpan {
        var first: CivilDay
        /// The first millisecond of each day and of the day after the last: day `i` (from 1, as
        /// `width_bucket` and `WITH ORDINALITY` count) is `bounds[i - 1]..<bounds[i]`.
        var bounds: [Int64]

        init(first: CivilDay, last: CivilDay, timeZone: TimeZone) {
            self.first = first
            bounds = (first...last.advanced(by: 1)).map { StoredDate.milliseconds($0.start(in: timeZone)) }
        }
    }
}
