import Foundation

extension EntryRepository {
    /// The entry created nearest `date` among those `filter` lets through (the later one on a tie),
    /// or nil when there is none: what "go to a date" selects. Two one-row pages on the index of
    /// creation times, one each side of `date`, whatever the number of entries.
    public func nearestEntry(to date: Date, filter: EntryFilter = .all) throws -> EntrySummary? {
        let lower = filter.created?.lowerBound ?? .distantPast
        let upper = filter.created?.upperBound ?? .distantFuture
        var found: [EntrySummary] = []
        if date < upper {
            var after = filter
            after.created = max(lower, date)..<upper
            found += try page(PageRequest(order: .oldest, filter: after, limit: 1))
        }
        if lower < date {
            var before = filter
            before.created = lower..<min(upper, date)
            found += try page(PageRequest(order: .newest, filter: before, limit: 1))
        }
        return found.min { abs($0.createdAt.timeIntervalSince(date)) < abs($1.createdAt.timeIntervalSince(date)) }
    }

    /// What "go to" a date phrase selects: the first entry created within `span` (among those
    /// `filter` lets through) when there is one, so that `june 2020` goes into June rather than to 31
    /// May 23:54; else the entry nearest the span's start.
    public func entryToGoTo(_ span: DateSpan, filter: EntryFilter = .all) throws -> EntrySummary? {
        let lower = max(span.start, filter.created?.lowerBound ?? .distantPast)
        let upper = min(span.end, filter.created?.upperBound ?? .distantFuture)
        if lower < upper {
            var inside = filter
            inside.created = lower..<upper
            if let first = try page(PageRequest(order: .oldest, filter: inside, limit: 1)).first { return first }
        }
        return try nearestEntry(to: span.start, filter: filter)
    }
}
