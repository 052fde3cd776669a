import EntryModel

/// The entries in one order, read from the repository a keyset page at a time as rows are asked for,
/// so that a list over a million entries reads only the pages around what is on screen.
///
/// Keyset pages cannot be fetched by number, only next to a known row: a page is reached from the
/// nearest page already read, or from either end of the order (`.start`, `.end`), one page at a time.
/// At most `maximumCachedPages` stay in memory; those farthest from the last one asked for go first.
@MainActor
final class EntryPages {
    let repository: any EntryRepository
    let order: EntrySortOrder
    let pageSize: Int
    let maximumCachedPages: Int
    /// The number of entries when `reload()` last ran.
    private(set) var count = 0
    private var pages: [Int: [EntrySummary]] = [:]

    init(repository: any EntryRepository, order: EntrySortOrder, pageSize: Int = 100, maximumCachedPages: Int = 32) {
        self.repository = repository
        self.order = order
        self.pageSize = max(1, pageSize)
        self.maximumCachedPages = max(2, maximumCachedPages)
    }

    /// Counts the entries again and forgets the pages read (the entries may have changed meanwhile).
    func reload() throws {
        pages = [:]
        count = 0
        count = try repository.count(filter: .all)
    }

    /// The entry at row `index`, or nil outside `0..<count` (or when the entries changed underneath
    /// and the page came back short).
    func summary(at index: Int) throws -> EntrySummary? {
        guard index >= 0, index < count else { return nil }
        let number = index / pageSize
        let page = try self.page(number)
        let offset = index - number * pageSize
        return offset < page.count ? page[offset] : nil
    }

    /// Pages read and kept right now (for tests of the cache's bound).
    var cachedPageNumbers: [Int] { pages.keys.sorted() }

    private var lastPageNumber: Int { max(0, (count - 1) / pageSize) }

    private func page(_ number: Int) throws -> [EntrySummary] {
        if let page = pages[number] { return page }
        // Start from whichever is nearest: a page already read, the first page or the last one.
        var current: Int
        let nearestCached = pages.keys.min { abs($0 - number) < abs($1 - number) }
        if let cached = nearestCached, abs(cached - number) < min(number, lastPageNumber - number) {
            current = cached
        } else if number <= lastPageNumber - number {
            current = 0
            pages[0] = try repository.page(PageRequest(order: order, anchor: .start, limit: pageSize))
        } else {
            current = lastPageNumber
            let lastPageSize = count - lastPageNumber * pageSize
            pages[current] = try repository.page(PageRequest(order: order, anchor: .end, limit: lastPageSize))
        }
        while current != number {
            let step = number > current ? 1 : -1
            guard let known = pages[current], let edge = step > 0 ? known.last : known.first else { break }
            let anchor: PageAnchor = step > 0 ? .after(edge) : .before(edge)
            let next = try repository.page(PageRequest(order: order, anchor: anchor, limit: pageSize))
            current += step
            pages[current] = next
            evictPages(farFrom: number)  // during the walk too: a long walk must not keep every page
            if next.isEmpty { break }  // fewer entries than counted: they changed underneath
        }
        evictPages(farFrom: number)
        return pages[number] ?? []
    }

    private func evictPages(farFrom number: Int) {
        guard pages.count > maximumCachedPages else { return }
        let farthestFirst = pages.keys.sorted { abs($0 - number) > abs($1 - number) }
        for key in farthestFirst.prefix(pages.count - maximumCachedPages) {
            pages[key] = nil
        }
    }
}
