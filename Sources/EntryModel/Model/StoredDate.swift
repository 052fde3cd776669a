import Foundation

/// How dates are stored: whole milliseconds since 1970-01-01 00:00:00 UTC, in an INTEGER column.
///
/// Integers keep indexes small and sort exactly; `datetime(createdAt / 1000, 'unixepoch')` shows them
/// in the `sqlite3` shell. Every date read from the store is built the same way
/// (`Date(timeIntervalSince1970: Double(milliseconds) / 1000)`), so a date with millisecond precision
/// compares equal after a round trip, and a date read back, written and read again never drifts.
public enum StoredDate {
    /// The limits of what is stored: about ±285,000 years, far beyond any real date, and small enough
    /// that the conversion to `Double` is exact.
    public static let range: ClosedRange<Int64> = -(1 << 53)...(1 << 53)

    /// The stored form of `date`, clamped to ``range`` (non-finite dates become 0 instead of trapping).
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        return Int64(value)
    }

    /// The date stored as `milliseconds`.
    public static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` as it will read back from the store.
    public static func normalized(_ date: Date) -> Date {
        self.date(milliseconds(date))
    }
}
