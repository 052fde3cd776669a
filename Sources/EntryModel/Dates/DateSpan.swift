import Foundation

/// A stretch of time a date phrase names: a minute, a day, a week, a month or a year, from `start`
/// (included) to `end` (excluded).
///
/// `--on june 2024` keeps entries created within the span; `--from` keeps those from its start and
/// `--to` those before its end, so `--to 2024-06-03` includes the whole of that day.
public struct DateSpan: Hashable, Sendable, CustomStringConvertible {
    /// The first instant of the span.
    public var start: Date
    /// The first instant after the span.
    public var end: Date

    /// Creates the span from `start` (included) to `end` (excluded).
    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    /// Whether `date` falls within the span.
    public func contains(_ date: Date) -> Bool {
        date >= start && date < end
    }

    /// The span as `start..<end`, for logs and test failures.
    public var description: String {
        "\(start)..<\(end)"
    }
}
