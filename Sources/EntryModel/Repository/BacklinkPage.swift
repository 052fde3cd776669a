import Foundation

/// Pages of an entry's backlinks (``EntryRepository/backlinks(to:after:limit:)``): newest first,
/// each page continuing after the last entry of the one before (a keyset, as the list's pages).
public enum BacklinkPage {
    /// How many backlinks a reader asks for at a time: more than a screen shows.
    public static let size = 50

    /// The page of `all` (newest first) after `after`, at most `limit` long.
    public static func of(_ all: [EntrySummary], after: EntrySummary?, limit: Int) -> [EntrySummary] {
        guard limit > 0 else { return [] }
        guard let after else { return Array(all.prefix(limit)) }
        return Array(all.lazy.filter { EntrySortOrder.newest.displaysBefore(after, $0) }.prefix(limit))
    }

    /// Every backlink of `id`, read from `repository` a page at a time and handed to `body` page by
    /// page (`entries show` prints them as they come).
    public static func forEach(
        of id: Int64, in repository: any EntryRepository, size: Int = Self.size,
        _ body: ([EntrySummary]) throws -> Void
    ) throws {
        var last: EntrySummary?
        while true {
            let page = try repository.backlinks(to: id, after: last, limit: size)
            if !page.isEmpty { try body(page) }
            guard page.count == size, let end = page.last else { return }
            last = end
        }
    }
}
