import AppShell
import EntryModel

/// The rows of an entry list, read from the repository one keyset page at a time and kept in a small
/// cache: a contiguous run of rows around what is on screen. Both contexts' lists use it.
///
/// A row outside the cache is fetched from the nearest known point: right after the cached rows
/// (`.after(last)`), right before them (`.before(first)`), the start (`.start`) or the end (`.end`).
/// Moving by a row, a page, or to either end therefore costs at most one indexed query, at the end of
/// a million entries as at the start; nothing ever skips rows with OFFSET or loads every row.
///
/// Reads go through an ``EntryLoader``: in the app they run off the main thread, and drawing never
/// reads (``row(at:)`` shows what is cached, or a placeholder). The list asks for rows when the
/// selection or the data changes (``prefetch(around:margin:)``, ``reload(order:filter:keeping:isListed:then:)``);
/// an answer for an older reload, or for a cache that moved meanwhile, is dropped.
@MainActor
public final class EntryListDataSource: ListDataSource {
    private let repository: any EntryRepository
    private let loader: any EntryLoader
    private let makeRow: (EntrySummary) -> ListRow
    /// The order the rows are in; a reload with another order changes it.
    public private(set) var order: EntrySortOrder
    /// Which entries are rows (tags, dates, starred); a reload with another filter changes it.
    public private(set) var filter: EntryFilter
    /// The number of rows, read by `reload`; corrected when a page shows the data ended sooner.
    public private(set) var count = 0
    /// Rows fetched beyond the one asked for, so the next moves are served from the cache.
    public let pageSize: Int
    /// The farthest jump one query covers; farther jumps without an anchor walk in steps this big
    /// (nothing in the UI jumps that far: keys move by a screen at most, or to an end).
    public let maximumStep: Int
    /// The most rows kept in memory.
    public let capacity: Int
    private var cachedRows: [EntrySummary] = []
    /// The row index of `cachedRows[0]`.
    private var cacheStart = 0
    /// Set when a read failed, so a broken database is not queried again for every row of a frame.
    private var readFailed = false
    /// Bumped by every reload: answers for an older one are dropped.
    private var generation = 0
    /// True while a page is being read (one at a time); `wanted` is read next if still missing.
    private var isFetching = false
    private var wanted = WantedRows()
    /// True between a reload and its answer.
    public private(set) var isReloading = false
    /// Hears about read errors (once per failure until the next reload).
    public var onError: ((any Error) -> Void)?
    /// Hears that rows arrived (or the count was corrected): the list redraws, and re-checks its
    /// selection when the count changed.
    public var onRowsChanged: ((_ countChanged: Bool) -> Void)?
    /// How a row without its entry is drawn: "…" while it loads, "(unavailable)" when reading failed.
    public var placeholderStyle = Style()

    /// Creates a source that reads nothing yet: the list calls `reload` to count and fetch. `pageSize` and
    /// `maximumStep` below 1 become 1, and `capacity` is at least two pages; `makeRow` draws an entry's row.
    public init(
        repository: any EntryRepository, order: EntrySortOrder, filter: EntryFilter = .all,
        loader: any EntryLoader = ImmediateLoader(),
        pageSize: Int = 100, maximumStep: Int = 5_000, capacity: Int = 2_000,
        makeRow: @escaping (EntrySummary) -> ListRow
    ) {
        self.repository = repository
        self.loader = loader
        self.order = order
        self.filter = filter
        self.pageSize = max(1, pageSize)
        self.maximumStep = max(1, maximumStep)
        self.capacity = max(self.pageSize * 2, capacity)
        self.makeRow = makeRow
    }

    // MARK: - Rows

    /// The row drawn at `index`: its entry when cached, else a placeholder. Reads nothing.
    public func row(at index: Int) -> ListRow {
        guard let summary = cached(index) else {
            return ListRow(StyledText(readFailed ? "(unavailable)" : "…", style: placeholderStyle))
        }
        return makeRow(summary)
    }

    /// The entry at row `index` when it is in memory; reads nothing.
    public func loadedSummary(at index: Int) -> EntrySummary? {
        guard index >= 0, index < count else { return nil }
        return cached(index)
    }

    /// The entry at row `index`, asking for it when it is not in memory: with an immediate loader it
    /// is read at once; otherwise this is nil until it arrives. Nil out of range or when reading failed.
    public func summary(at index: Int) -> EntrySummary? {
        guard index >= 0, index < count else { return nil }
        if let cached = cached(index) { return cached }
        request(index)
        return cached(index)
    }

    /// The entry at row `index`, read at once when it is not in memory: for an action on the selected
    /// row that cannot wait for its page (Enter pressed right after a jump). One indexed read.
    public func summaryReadingNow(at index: Int) -> EntrySummary? {
        guard index >= 0, index < count else { return nil }
        if let cached = cached(index) { return cached }
        guard !readFailed else { return nil }
        do {
            let fetched = try Self.read(
                plan(for: index), repository: repository, order: order, filter: filter, maximumStep: maximumStep,
                count: count)
            if apply(fetched, around: index) { onRowsChanged?(true) }
        } catch {
            readFailed = true
            onError?(error)
            return nil
        }
        return cached(index)
    }

    /// The entries of the rows in `range` that are in memory now; reads nothing (for drawing code,
    /// which must not wait on the store).
    public func loadedSummaries(in range: Range<Int>) -> [EntrySummary] {
        range.compactMap { cached($0) }
    }

    /// Asks for the rows `margin` either side of `index` that are not in memory (the rows a screen
    /// around the selection can show), nearest first.
    public func prefetch(around index: Int, margin: Int) {
        guard count > 0 else { return }
        let center = min(max(0, index), count - 1)
        for candidate in [center, max(0, center - margin), min(count - 1, center + margin)]
        where cached(candidate) == nil {
            request(candidate)
        }
    }

    /// The cached rows' range, for tests and for diagnostics.
    public var cachedRange: Range<Int> { cacheStart..<(cacheStart + cachedRows.count) }

    private func cached(_ index: Int) -> EntrySummary? {
        let offset = index - cacheStart
        return cachedRows.indices.contains(offset) ? cachedRows[offset] : nil
    }

    // MARK: - Reloading

    /// Starts over with this order and filter, reading now: re-reads the count and drops the cache.
    public func reload(order: EntrySortOrder, filter: EntryFilter) throws {
        begin(order: order, filter: filter)
        isReloading = false
        count = try repository.count(filter: filter)
    }

    /// The row index of `anchor` in the current order and filter, read now, with the cache seeded
    /// there so the rows around it cost one query each way. When `anchor` is not listed (deleted, or
    /// filtered out), the index is where it would be: the row that now follows it.
    public func seed(at anchor: EntrySummary, isListed: Bool) throws -> Int {
        let seeded = try Self.seed(
            repository, at: anchor, isListed: isListed, order: order, filter: filter, limit: pageSize)
        cachedRows = seeded.rows
        cacheStart = seeded.index
        return seeded.index
    }

    /// Starts over with this order and filter through the loader: the count and, with `anchor`, its
    /// row index (see ``seed(at:isListed:)``) are read together; `completion` gets the anchor's index
    /// (nil without one), or the error. Until then the old rows stay; a later reload makes this one's
    /// answer be dropped.
    public func reload(
        order: EntrySortOrder, filter: EntryFilter, keeping anchor: EntrySummary?, isListed: Bool = true,
        then completion: @escaping @MainActor (Result<Int?, any Error>) -> Void
    ) {
        generation += 1
        let generation = generation
        isReloading = true
        let (repository, pageSize) = (repository, pageSize)
        loader.load(
            { () throws -> (Int, (index: Int, rows: [EntrySummary])?) in
                let count = try repository.count(filter: filter)
                if let anchor {
                    return (
                        count,
                        try Self.seed(
                            repository, at: anchor, isListed: isListed, order: order, filter: filter, limit: pageSize)
                    )
                }
                // The first page comes with the count, so the first screen arrives whole in one answer; if
                // it cannot be read, the rows ask again (and report it) like any other page.
                let first = try? repository.page(
                    PageRequest(order: order, filter: filter, anchor: .start, limit: pageSize))
                return (count, first.map { (index: 0, rows: $0) })
            },
            then: { [weak self] result in
                guard let self, generation == self.generation else { return }
                self.begin(order: order, filter: filter)
                self.isReloading = false
                switch result {
                case .success(let (count, seeded)):
                    self.count = count
                    if let seeded {
                        self.cachedRows = seeded.rows
                        self.cacheStart = seeded.index
                    }
                    completion(.success(anchor == nil ? nil : seeded?.index))
                case .failure(let error):
                    completion(.failure(error))
                }
            })
    }

    /// True when the current filter lets `entry` through.
    public func admits(_ entry: Entry) -> Bool {
        filter.admits(entry)
    }

    private func begin(order: EntrySortOrder, filter: EntryFilter) {
        generation += 1
        self.order = order
        self.filter = filter
        cachedRows = []
        cacheStart = 0
        readFailed = false
        isFetching = false
        wanted.removeAll()
        count = 0
    }

    private nonisolated static func seed(
        _ repository: any EntryRepository, at anchor: EntrySummary, isListed: Bool, order: EntrySortOrder,
        filter: EntryFilter, limit: Int
    ) throws -> (index: Int, rows: [EntrySummary]) {
        let index = try repository.index(of: anchor, order: order, filter: filter)
        let rows =
            isListed
            ? [anchor]
            : try repository.page(PageRequest(order: order, filter: filter, anchor: .after(anchor), limit: limit))
        return (index, rows)
    }

    // MARK: - Fetching

    /// What one read brings, and where it goes.
    private enum Placement: Sendable {
        /// Right after the cached rows, which must still end with this entry.
        case after(EntrySummary)
        /// Right before the cached rows, which must still start with this entry.
        case before(EntrySummary)
        /// In place of the cache, from this row index.
        case replacing
    }

    private struct Fetched: Sendable {
        var placement: Placement
        var rows: [EntrySummary]
        var start: Int
        /// The row count this read proved (rows ended sooner than counted), if any.
        var correctedCount: Int?
    }

    /// Reads the page that holds `index`, through the loader; one read at a time.
    private func request(_ index: Int) {
        guard !readFailed else { return }
        guard !isFetching else {
            wanted.add(index)
            return
        }
        isFetching = true
        let plan = self.plan(for: index)
        let generation = generation
        let (repository, order, filter, step, count) = (repository, order, filter, maximumStep, count)
        loader.load(
            {
                try Self.read(
                    plan, repository: repository, order: order, filter: filter, maximumStep: step, count: count)
            },
            then: { [weak self] result in
                guard let self, generation == self.generation else { return }
                self.isFetching = false
                switch result {
                case .success(let fetched):
                    let countChanged = self.apply(fetched, around: index)
                    self.onRowsChanged?(countChanged)
                case .failure(let error):
                    self.readFailed = true
                    self.onError?(error)
                    self.onRowsChanged?(false)
                    return
                }
                // Rows asked for meanwhile: the first still missing is read next (it asks for the rest).
                if let next = self.wanted.popFirst(where: { $0 < self.count && self.cached($0) == nil }) {
                    self.request(next)
                }
            })
    }

    /// Which read reaches `index` from what is cached now.
    private enum Plan: Sendable {
        case after(EntrySummary, start: Int, limit: Int)
        case before(EntrySummary, start: Int, limit: Int)
        case start(limit: Int)
        case end(limit: Int)
        case walk(to: Int)
    }

    private func plan(for index: Int) -> Plan {
        let end = cacheStart + cachedRows.count
        if let last = cachedRows.last, index >= end, index - end < maximumStep {
            return .after(last, start: end, limit: index - end + pageSize)
        } else if let first = cachedRows.first, index < cacheStart, cacheStart - index <= maximumStep {
            return .before(first, start: cacheStart, limit: cacheStart - index + pageSize)
        } else if index < maximumStep {
            return .start(limit: index + pageSize)
        } else if count - index <= maximumStep {
            return .end(limit: count - index + pageSize)
        }
        return .walk(to: index)
    }

    /// Runs `plan` against the store (on the loader's thread).
    private nonisolated static func read(
        _ plan: Plan, repository: any EntryRepository, order: EntrySortOrder, filter: EntryFilter, maximumStep: Int,
        count: Int
    ) throws -> Fetched {
        func fetch(_ anchor: PageAnchor, _ limit: Int) throws -> [EntrySummary] {
            guard limit > 0 else { return [] }
            return try repository.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: limit))
        }
        switch plan {
        case let .after(last, start, limit):
            let page = try fetch(.after(last), limit)
            // A short page means the rows end here, whatever the count said (rows deleted meanwhile).
            return Fetched(
                placement: .after(last), rows: page, start: start,
                correctedCount: page.count < limit ? start + page.count : nil)
        case let .before(first, start, limit):
            let page = try fetch(.before(first), limit)
            // A short page means it reached the first row.
            return Fetched(
                placement: .before(first), rows: page, start: page.count < limit ? 0 : start - page.count,
                correctedCount: nil)
        case .start(let limit):
            let rows = try fetch(.start, limit)
            return Fetched(
                placement: .replacing, rows: rows, start: 0, correctedCount: rows.count < limit ? rows.count : nil)
        case .end(let limit):
            let wanted = min(limit, count)
            let rows = try fetch(.end, wanted)
            let total = rows.count < wanted ? rows.count : count
            return Fetched(
                placement: .replacing, rows: rows, start: total - rows.count,
                correctedCount: total == count ? nil : total)
        case .walk(let index):
            return try walk(to: index, fetch: fetch, maximumStep: maximumStep, count: count)
        }
    }

    /// Reaches a row far from every anchor in steps of `maximumStep` rows from the nearest end. Only
    /// a caller selecting an arbitrary far row without seeding it first gets here.
    private nonisolated static func walk(
        to index: Int, fetch: (PageAnchor, Int) throws -> [EntrySummary], maximumStep: Int, count: Int
    ) throws -> Fetched {
        if index < count - index {
            var rows = try fetch(.start, maximumStep)
            var start = 0
            while let last = rows.last, start + rows.count <= index {
                let page = try fetch(.after(last), maximumStep)
                guard !page.isEmpty else { break }
                start += rows.count
                rows = page
            }
            return Fetched(placement: .replacing, rows: rows, start: start, correctedCount: nil)
        }
        let wanted = min(maximumStep, count)
        var rows = try fetch(.end, wanted)
        var start = count - rows.count
        while let first = rows.first, start > index {
            let page = try fetch(.before(first), maximumStep)
            guard !page.isEmpty else { break }
            rows = page
            start -= page.count
        }
        return Fetched(placement: .replacing, rows: rows, start: max(0, start), correctedCount: nil)
    }

    /// Puts fetched rows into the cache, unless the cache moved so they no longer fit; true when the
    /// count changed.
    private func apply(_ fetched: Fetched, around index: Int) -> Bool {
        let oldCount = count
        switch fetched.placement {
        case .after(let last):
            guard cachedRows.last == last, cacheStart + cachedRows.count == fetched.start else { return false }
            cachedRows += fetched.rows
        case .before(let first):
            guard cachedRows.first == first else { return false }
            cachedRows = fetched.rows + cachedRows
            cacheStart = fetched.start
            count = max(count, cacheStart + cachedRows.count)
        case .replacing:
            cachedRows = fetched.rows
            cacheStart = fetched.start
        }
        if let corrected = fetched.correctedCount { count = corrected }
        trim(around: index)
        return count != oldCount
    }

    /// Keeps at most `capacity` rows, centred on the row just asked for.
    private func trim(around index: Int) {
        guard cachedRows.count > capacity else { return }
        let lower = max(cacheStart, min(index - capacity / 2, cacheStart + cachedRows.count - capacity))
        let offset = lower - cacheStart
        cachedRows = Array(cachedRows[offset..<(offset + capacity)])
        cacheStart = lower
    }
}
