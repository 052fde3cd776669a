import Foundation

/// Pages through search results a ranking window at a time, for every store the same way: the store
/// says how to rank one window (the newest `windowSize` matches below an id, each with a score), this
/// sorts the window (best score first, then newest), cuts the page out of it, and moves on to the
/// window below when the page needs more.
///
/// A page costs ranking one or two windows, never all the matches: at a million entries, the 200th
/// page of "the" costs what the first one does. Within a window the order is the store's ranking;
/// across windows newer matches come first (as the first page of ``EntryRepository/search(_:limit:)``
/// always did: the best of the newest window).
public struct SearchWindowPaging {
    /// One match of a window: its entry id and score (higher is better).
    public struct Scored: Sendable {
        /// The entry id of the match.
        public var id: Int64
        /// The store's score of the match; higher ranks first.
        public var score: Double

        /// Creates a scored match of the entry `id`.
        public init(id: Int64, score: Double) {
            self.id = id
            self.score = score
        }
    }

    /// Matches ranked per window; nil ranks every match at once (one window).
    public var windowSize: Int?

    /// Creates paging by windows of `windowSize` matches; nil, 0 or less ranks every match at once.
    public init(windowSize: Int?) {
        self.windowSize = windowSize.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The page `request` asks for. `rankWindow(below, size)` returns the newest `size` matches (all
    /// when nil) with ids below `below` (all when nil), scored; `summaries(ids)` reads the summaries
    /// of those ids (any order, missing ones skipped).
    public func page(
        _ request: SearchRequest,
        rankWindow: (_ below: Int64?, _ size: Int?) throws -> [Scored],
        summaries: ([Int64]) throws -> [EntrySummary]
    ) throws -> SearchPage {
        guard request.limit > 0 else { return .empty }
        var below = request.anchor?.below
        var skip = request.anchor?.skip ?? 0
        var ids: [Int64] = []
        var next: SearchAnchor?
        while true {
            let window = try rankWindow(below, windowSize)
            let ranked = window.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id > $1.id }
            let wanted = request.limit - ids.count
            ids += ranked.dropFirst(skip).prefix(wanted).map(\.id)
            // The window's top, fixed for its later pages: entries added meanwhile stay out of it.
            let top = below ?? window.map(\.id).max().map { $0 + 1 }
            let isFull = windowSize.map { window.count >= $0 } ?? false
            if wanted < ranked.count - skip {
                next = SearchAnchor(below: top, skip: skip + wanted)
                break
            }
            guard isFull, let lowest = window.map(\.id).min() else { break }
            // The window is used up and more lie below it: the next window (for this page or the next).
            below = lowest
            skip = 0
            if ids.count == request.limit {
                next = SearchAnchor(below: lowest, skip: 0)
                break
            }
        }
        let byID = Dictionary(try summaries(ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // The star and "any of these tags" are not in the query language: they are checked on the rows
        // (a page may then hold fewer than `limit`; `next` still says where the matches go on).
        return SearchPage(results: ids.compactMap { byID[$0] }.filter(request.filter.admitsMarks(of:)), next: next)
    }
}
