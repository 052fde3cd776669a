import Foundation

/// Where a page of search results starts: the results ranked so far are left behind by naming the
/// entry ids below which the current ranking window lies and how many of its matches, best first,
/// were shown already.
///
/// Stores rank a window of matches at a time (the newest `searchRankingWindow` of them, see
/// ``SearchWindowPaging``): the first pages show the best of the newest window, the next ones the best
/// of the window below it, and so on to the oldest match. A store that ranks every match at once has
/// one window, and `skip` is an offset into its ranking. Entries added while paging have higher ids
/// and stay out of the windows already named, so no result is shown twice.
public struct SearchAnchor: Hashable, Sendable {
    /// Only matches with an id below this one are in the window (nil: from the newest).
    public var below: Int64?
    /// How many of the window's matches, in the order shown, come before the page.
    public var skip: Int

    /// Creates an anchor skipping `skip` matches of the window below the id `below` (nil: the newest window).
    public init(below: Int64?, skip: Int) {
        self.below = below
        self.skip = skip
    }
}

/// A request for one page of search results: the query (as typed, in the query language), the
/// filter the list has on (tag, date range), and where the page starts.
public struct SearchRequest: Hashable, Sendable {
    /// The query as typed, in the query language; the store parses it leniently.
    public var query: String
    /// The list's filter (tags, dates, starred) the results must also pass.
    public var filter: EntryFilter
    /// nil for the first page; else ``SearchPage/next`` of the page before.
    public var anchor: SearchAnchor?
    /// The most results the page holds.
    public var limit: Int

    /// Creates a request for up to `limit` results (50 by default) of `query` within `filter`, from `anchor`.
    public init(query: String, filter: EntryFilter = .all, anchor: SearchAnchor? = nil, limit: Int = 50) {
        self.query = query
        self.filter = filter
        self.anchor = anchor
        self.limit = limit
    }
}

/// One page of search results and where the next one starts.
public struct SearchPage: Hashable, Sendable {
    /// The page's matches, best first within their ranking window.
    public var results: [EntrySummary]
    /// The anchor of the following page; nil when these are the last matches.
    public var next: SearchAnchor?

    /// Creates a page of `results` followed by the page at `next` (nil: none).
    public init(results: [EntrySummary], next: SearchAnchor?) {
        self.results = results
        self.next = next
    }

    /// No results and no next page: what a query that matches nothing returns.
    public static let empty = SearchPage(results: [], next: nil)
}

extension SearchQuery {
    /// The query narrowed by the list's filter as well: its tag joins the query's `tag:`s, its date
    /// range meets the query's `date:` (a range that does not meet it leaves an empty span).
    public func narrowed(by filter: EntryFilter) -> SearchQuery {
        var query = self
        // All of the filter's tags are `tag:`s; any of them is checked on the rows (SearchWindowPaging).
        if filter.tagMatch == .all || filter.tags.count == 1 {
            for tag in filter.tags where !query.tags.contains(tag) { query.tags.append(tag) }
        }
        if let created = filter.created {
            let start = max(created.lowerBound, query.created?.start ?? created.lowerBound)
            let end = min(created.upperBound, query.created?.end ?? created.upperBound)
            query.created = DateSpan(start: start, end: max(start, end))
        }
        return query
    }
}

extension EntryRepository {
    /// The default for stores that only search whole lists (test doubles): asks ``search(_:limit:)``
    /// for as many results as the pages so far and this one need, and keeps those the filter admits,
    /// asking for more while the filter leaves too few. Right, but each page costs all the pages before
    /// it; the stores here page in ranking windows instead.
    public func search(_ request: SearchRequest) throws -> SearchPage {
        guard request.limit > 0 else { return .empty }
        let skip = request.anchor?.skip ?? 0
        let limit = min(request.limit, 1 << 32)  // "all of them" (Int.max) must not overflow below
        var asked = max(64, (skip + limit + 1) * 2)
        while true {
            let found = try search(request.query, limit: asked)
            let admitted = found.filter { request.filter.admitsSummary($0) }
            if admitted.count > skip + limit || found.count < asked {
                let page = Array(admitted.dropFirst(skip).prefix(limit))
                let more = admitted.count > skip + limit
                return SearchPage(results: page, next: more ? SearchAnchor(below: nil, skip: skip + page.count) : nil)
            }
            asked *= 4
        }
    }
}

extension EntryFilter {
    /// Whether the filter lets this summary through (tags, star and creation range: what a summary holds).
    public func admitsSummary(_ summary: EntrySummary) -> Bool {
        if let created = createdMilliseconds, !created.contains(StoredDate.milliseconds(summary.createdAt)) {
            return false
        }
        return admitsMarks(of: summary)
    }
}
