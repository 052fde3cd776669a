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
    /// Only entries carrying these tags (in any case, ``TagKey``): all of them or any of them, as ``tagMatch``
    /// says; all entries when empty.
    public var tags: [String]
    /// Whether an entry needs all of ``tags`` or any one of them (no difference for one tag).
    public var tagMatch: TagMatch
    /// Only entries created within these instants (compared as stored, to the millisecond), or all
    /// when nil. Combines with ``tags``; pages in every sort order. `day(_:in:)` makes one for a day.
    public var created: Range<Date>?
    /// Only starred entries (``Entry/starred``) when true; all entries when false.
    public var starred: Bool

    /// A filter on one tag (or none when nil), a creation range and starred entries, each optional.
    public init(tag: String? = nil, created: Range<Date>? = nil, starred: Bool = false) {
        self.init(tags: tag.map { [$0] } ?? [], created: created, starred: starred)
    }

    /// A filter on several tags read as `match` says; the same tag given twice (in any case) counts once.
    public init(tags: [String], match: TagMatch = .all, created: Range<Date>? = nil, starred: Bool = false) {
        var seen = Set<String>()
        self.tags = tags.filter { seen.insert(TagKey.key($0)).inserted }
        self.tagMatch = match
        self.created = created
        self.starred = starred
    }

    /// The one tag of a single-tag filter (the first of several); setting it makes a single-tag
    /// filter (nil: no tag filter). The API of a filter that held one tag, kept for its callers.
    public var tag: String? {
        get { tags.first }
        set { tags = newValue.map { [$0] } ?? [] }
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

    /// No filter: every entry.
    public static let all = EntryFilter()
}

/// How a filter of several tags reads them.
public enum TagMatch: String, Hashable, Sendable, CaseIterable {
    /// Entries carrying every one of the tags.
    case all
    /// Entries carrying at least one of the tags.
    case any
}

/// A request for one page of entry summaries.
public struct PageRequest: Hashable, Sendable {
    /// The order the entries are listed in.
    public var order: EntrySortOrder
    /// Which entries are listed.
    public var filter: EntryFilter
    /// Where in the order the page starts: the start, the end, or next to an entry already shown.
    public var anchor: PageAnchor
    /// The most summaries the page holds.
    public var limit: Int

    /// Creates a request for up to `limit` summaries (50 by default) of the filtered entries in `order`, from `anchor`.
    public init(order: EntrySortOrder, filter: EntryFilter = .all, anchor: PageAnchor = .start, limit: Int = 50) {
        self.order = order
        self.filter = filter
        self.anchor = anchor
        self.limit = limit
    }
}
