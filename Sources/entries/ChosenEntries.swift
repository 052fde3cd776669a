import EntryInterchange
import EntryModel

/// The entries a reading command (`read`, `export`) chooses by a filter, a search and a limit, in
/// date order: without a limit, every entry of the filter (streamed); with one, the newest `limit`
/// of them; with a search, its best `limit` matches (all of them without a limit), put in date order.
struct ChosenEntries {
    var filter: EntryFilter
    var search: String?
    var limit: Int?
    var newestFirst = false

    /// Hands each chosen entry to `body`, oldest first (newest first with `newestFirst`).
    func forEach(in entries: any EntryRepository, _ body: (Entry) throws -> Void) throws {
        let order: EntrySortOrder = newestFirst ? .newest : .oldest
        if search == nil, limit == nil {
            try entries.forEachEntry(order: order, filter: filter, body)
            return
        }
        var ids: [Int64] = []
        if let search {
            var anchor: SearchAnchor?
            repeat {
                let want = min(500, (limit ?? Int.max) - ids.count)
                let page = try entries.search(SearchRequest(query: search, filter: filter, anchor: anchor, limit: want))
                ids += page.results.map(\.id)
                anchor = page.next
            } while anchor != nil && ids.count < (limit ?? Int.max)
        } else if let limit {
            var anchor = PageAnchor.start
            while ids.count < limit {
                let want = min(500, limit - ids.count)
                let page = try entries.page(PageRequest(order: .newest, filter: filter, anchor: anchor, limit: want))
                ids += page.map(\.id)
                guard page.count == want, let last = page.last else { break }
                anchor = .after(last)
            }
        }
        var chosen: [Entry] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            chosen += try entries.entries(ids: Array(ids[start..<min(ids.count, start + 500)]))
        }
        chosen.sort { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        if newestFirst { chosen.reverse() }
        for entry in chosen { try body(entry) }
    }
}
