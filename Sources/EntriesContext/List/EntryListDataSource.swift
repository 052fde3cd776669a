import AppShell
import EntryModel

/// The rows of the entry list, read from the repository one keyset page at a time and kept in a
/// small cache: a contiguous run of rows around what is on screen.
///
/// A row outside the cache is fetched from the nearest known point: right after the cached rows
/// (`.after(last)`), right before them (`.before(first)`), the start (`.start`) or the end (`.end`).
/// Moving by a row, a page, or to either end therefore costs at most one indexed query, at the end of
/// a million entries as at the start; nothing ever skips rows with OFFSET or loads every row.
@MainActor
final class EntryListDataSource: ListDataSource {
    private let repository: any EntryRepository
    private let makeRow: (EntrySummary) -> ListRow
    private(set) var order: EntrySortOrder
    private(set) var filter: EntryFilter
    /// The number of rows, read by `reload`; corrected when a page shows the data ended sooner.
    private(set) var count = 0
    /// Rows fetched beyond the one asked for, so the next moves are served from the cache.
    let pageSize: Int
    /// The farthest jump one query covers; farther jumps without an anchor walk in steps this big
    /// (nothing in the UI jumps that far: keys move by a screen at most, or to an end).
    let maximumStep: Int
    /// The most rows kept in memory.
    let capacity: Int
    private var cachedRows: [EntrySummary] = []
    /// The row index of `cachedRows[0]`.
    private var cacheStart = 0
    /// Set when a read failed, so a broken database is not queried again for every row of a frame.
    private var readFailed = false
    /// Hears about read errors (once per failure until the next reload).
    var onError: ((any Error) -> Void)?

    init(
        repository: any EntryRepository, order: EntrySortOrder, filter: EntryFilter = .all,
        pageSize: Int = 100, maximumStep: Int = 5_000, capacity: Int = 2_000,
        makeRow: @escaping (EntrySummary) -> ListRow
    ) {
        self.repository = repository
        self.order = order
        self.filter = filter
        self.pageSize = max(1, pageSize)
        self.maximumStep = max(1, maximumStep)
        self.capacity = max(self.pageSize * 2, capacity)
        self.makeRow = makeRow
    }

    // MARK: - Rows

    func row(at index: Int) -> ListRow {
        guard let summary = summary(at: index) else { return ListRow("…") }
        return makeRow(summary)
    }

    /// The entry at row `index`, fetched if needed; nil out of range or when the read failed.
    func summary(at index: Int) -> EntrySummary? {
        guard index >= 0, index < count else { return nil }
        if let cached = cached(index) { return cached }
        guard !readFailed else { return nil }
        do {
            try load(index)
        } catch {
            readFailed = true
            onError?(error)
            return nil
        }
        return cached(index)
    }

    /// The cached rows' range, for tests and for diagnostics.
    var cachedRange: Range<Int> { cacheStart..<(cacheStart + cachedRows.count) }

    private func cached(_ index: Int) -> EntrySummary? {
        let offset = index - cacheStart
        return cachedRows.indices.contains(offset) ? cachedRows[offset] : nil
    }

    // MARK: - Reloading

    /// Starts over with this order and filter: re-reads the count and drops the cache.
    func reload(order: EntrySortOrder, filter: EntryFilter) throws {
        self.order = order
        self.filter = filter
        cachedRows = []
        cacheStart = 0
        readFailed = false
        count = 0
        count = try repository.count(filter: filter)
    }

    /// The row index of `anchor` in the current order and filter, with the cache seeded there so the
    /// rows around it cost one query each way. When `anchor` is not listed (deleted, or filtered out),
    /// the index is where it would be: the row that now follows it (`count` when none does).
    func seed(at anchor: EntrySummary, isListed: Bool) throws -> Int {
        let index = try repository.index(of: anchor, order: order, filter: filter)
        if isListed {
            cachedRows = [anchor]
        } else {
            cachedRows = try fetch(.after(anchor), limit: pageSize)
        }
        cacheStart = index
        return index
    }

    /// True when the current filter lets `entry` through.
    func admits(_ entry: Entry) -> Bool {
        if let created = filter.createdMilliseconds, !created.contains(StoredDate.milliseconds(entry.createdAt)) { return false }
        return filter.tag.map { entry.tags.contains($0) } ?? true
    }

    // MARK: - Fetching

    private func load(_ index: Int) throws {
        let end = cacheStart + cachedRows.count
        if let last = cachedRows.last, index >= end, index - end < maximumStep {
            try append(after: last, limit: index - end + pageSize)
        } else if let first = cachedRows.first, index < cacheStart, cacheStart - index <= maximumStep {
            try prepend(before: first, limit: cacheStart - index + pageSize)
        } else if index < maximumStep {
            try loadStart(limit: index + pageSize)
        } else if count - index <= maximumStep {
            try loadEnd(limit: count - index + pageSize)
        } else {
            try walk(to: index)
        }
        trim(around: index)
    }

    private func append(after last: EntrySummary, limit: Int) throws {
        let page = try fetch(.after(last), limit: limit)
        cachedRows += page
        // A short page means the rows end here, whatever the count said (rows deleted meanwhile).
        if page.count < limit { count = cacheStart + cachedRows.count }
    }

    private func prepend(before first: EntrySummary, limit: Int) throws {
        let page = try fetch(.before(first), limit: limit)
        cachedRows = page + cachedRows
        // A short page means it reached the first row.
        cacheStart = page.count < limit ? 0 : cacheStart - page.count
        count = max(count, cacheStart + cachedRows.count)
    }

    private func loadStart(limit: Int) throws {
        cachedRows = try fetch(.start, limit: limit)
        cacheStart = 0
        if cachedRows.count < limit { count = cachedRows.count }
    }

    private func loadEnd(limit: Int) throws {
        let wanted = min(limit, count)
        cachedRows = try fetch(.end, limit: wanted)
        if cachedRows.count < wanted { count = cachedRows.count }
        cacheStart = count - cachedRows.count
    }

    /// Reaches a row far from every anchor in steps of `maximumStep` rows from the nearest end. Only
    /// a caller selecting an arbitrary far row without seeding it first gets here.
    private func walk(to index: Int) throws {
        if index < count - index {
            try loadStart(limit: maximumStep)
            while let last = cachedRows.last, cacheStart + cachedRows.count <= index {
                let nextStart = cacheStart + cachedRows.count
                let page = try fetch(.after(last), limit: maximumStep)
                guard !page.isEmpty else { break }
                cachedRows = page
                cacheStart = nextStart
            }
        } else {
            try loadEnd(limit: maximumStep)
            while let first = cachedRows.first, cacheStart > index {
                let page = try fetch(.before(first), limit: maximumStep)
                guard !page.isEmpty else { break }
                cachedRows = page
                cacheStart -= page.count
            }
        }
    }

    /// Keeps at most `capacity` rows, centred on the row just asked for.
    private func trim(around index: Int) {
        guard cachedRows.count > capacity else { return }
        let lower = max(cacheStart, min(index - capacity / 2, cacheStart + cachedRows.count - capacity))
        let offset = lower - cacheStart
        cachedRows = Array(cachedRows[offset..<(offset + capacity)])
        cacheStart = lower
    }

    private func fetch(_ anchor: PageAnchor, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        return try repository.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: limit))
    }
}
