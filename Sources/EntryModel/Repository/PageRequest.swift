import Foundation

/// Where a page of entries starts, for keyset pagination: a page costs the same at the end of a
/// million entries as at the start, because it seeks on an index instead of skipping rows.
public enum PageAnchor: Hashable, Sendable {
    /// The first rows of the order.
    case start
    /// The last rows of the order (the page is still returned in display order).
    case end
    /// The rows that come right after this entry in the order (exclusive).
    case after(EntrySummary)
    /// The rows that come right before this entry in the order (exclusive), returned in display order.
    case before(EntrySummary)
}

/// Which entries a list shows.
public struct EntryFilter: Hashable, Sendable {
    /// Only entries carrying this tag (exact match), or all entries when nil.
    public var tag: String?
    /// Only entries created within these instants (compared as stored, to the millisecond), or all
    /// when nil. Combines with ``tag``; pages in every sort order. ``day(_:in:)`` makes one for a day.
    public var created: Range<Date>?

    public init(tag: String? = nil, created: Range<Date>? = nil) {
        self.tag = tag
        self.created = created
    }

    /// Entries created on `day` in `timeZone` (and carrying `tag`, when given).
    public static func day(_ day: CivilDay, in timeZone: TimeZone, tag: String? = nil) -> EntryFilter {
        EntryFilter(tag: tag, created: day.instants(in: timeZone))
    }

    /// The stored bounds of ``created``: first millisecond in, first millisecond out.
    public var createdMilliseconds: Range<Int64>? {
        created.map { range in
            let lower = StoredDate.milliseconds(range.lowerBound)
            return lower..<max(lower, StoredDate.milliseconds(range.upperBound))
        }
    }

    public static let all = EntryFilter()
}

/// A request for one page of entry summaries.
public struct PageRequest: Hashable, Sendable {
    public var order: EntrySortOrder
    public var filter: EntryFilter
    public var anchor: PageAnchor
    public var limit: Int

    public init(order: EntrySortOrder, filter: EntryFilter = .all, anchor: PageAnchor = .start, limit: Int = 50) {
        self.order = order
        self.filter = filter
        self.anchor = anchor
        self.limit = limit
    }
}
