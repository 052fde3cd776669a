import Foundation

/// Entries kept in memory: an ``EntryRepository`` with the same behaviour as ``SQLiteEntryRepository``
/// (same orders, tag normalization, dates rounded to the millisecond, errors), for tests and for apps
/// that embed the Entries context without a database. Thread-safe.
///
/// Search is simpler than FTS5: an entry matches when every word of the query is a word of its
/// title, body, more details or tags (the last word may also start one, as in
/// ``SQLiteEntryRepository/search(_:limit:)``), ignoring case and diacritics; title matches rank
/// first, then tags, then the texts.
public final class InMemoryEntryRepository: EntryRepository, @unchecked Sendable {
    // @unchecked: every access to `entries` and `nextID` goes through `lock`.
    private let lock = NSLock()
    private var entries: [Int64: Entry] = [:]
    private var nextID: Int64 = 1
    private let clock: @Sendable () -> Date

    /// A repository holding `entries` (inserted in order), reading the time from `clock`.
    public init(entries drafts: [EntryDraft] = [], clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        for draft in drafts { _ = store(draft) }
    }

    public func count(filter: EntryFilter) throws -> Int {
        locked { entries.values.lazy.filter { filter.admits($0) }.count }
    }

    public func page(_ request: PageRequest) throws -> [EntrySummary] {
        guard request.limit > 0 else { return [] }
        let order = request.order
        let sorted = locked { entries.values.filter { request.filter.admits($0) }.map(\.summary) }
            .sorted(by: order.displaysBefore)
        switch request.anchor {
        case .start:
            return Array(sorted.prefix(request.limit))
        case .end:
            return Array(sorted.suffix(request.limit))
        case .after(let anchor):
            return Array(sorted.lazy.filter { order.displaysBefore(anchor, $0) }.prefix(request.limit))
        case .before(let anchor):
            return Array(sorted.filter { order.displaysBefore($0, anchor) }.suffix(request.limit))
        }
    }

    public func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        locked { entries.values.lazy.filter { filter.admits($0) && order.displaysBefore($0.summary, entry) }.count }
    }

    public func entry(id: Int64) throws -> Entry? {
        locked { entries[id] }
    }

    public func search(_ query: String, limit: Int) throws -> [EntrySummary] {
        let words = SearchTokens.words(in: query).map(Self.fold)
        if limit > 0, words.isEmpty, let symbols = SearchTokens.symbolText(in: query) {
            // As the SQLite store: the newest entries containing the text, byte for byte (the tags as
            // that store keeps them, packed by TagList).
            let found = locked {
                entries.values.filter { entry in
                    [entry.title, entry.body, entry.moreDetails, TagList.encode(entry.tags)].contains { field in
                        field.utf8.firstRange(of: symbols.utf8) != nil
                    }
                }
            }
            return found.sorted { $0.id > $1.id }.prefix(limit).map(\.summary)
        }
        guard limit > 0, !words.isEmpty else { return [] }
        let scored: [(entry: Entry, score: Int)] = locked {
            entries.values.compactMap { entry in
                let fields = [entry.title, entry.body, entry.moreDetails, entry.tags.joined(separator: " ")]
                    .map { SearchTokens.words(in: $0).map(Self.fold) }
                var score = 0
                for (index, word) in words.enumerated() {
                    // As FullTextQuery: only a last word of two characters or more is a prefix.
                    let isPrefix = index == words.count - 1 && word.count > 1
                    let hits = fields.map { $0.filter { isPrefix ? $0.hasPrefix(word) : $0 == word }.count }
                    guard hits.contains(where: { $0 > 0 }) else { return nil }
                    score += hits[0] * 10 + hits[3] * 5 + hits[1] + hits[2]
                }
                return (entry, score)
            }
        }
        return scored
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.entry.id > $1.entry.id }
            .prefix(limit).map(\.entry.summary)
    }

    public func tags() throws -> [TagCount] {
        let counts = locked {
            entries.values.reduce(into: [String: Int]()) { counts, entry in
                for tag in entry.tags { counts[tag, default: 0] += 1 }
            }
        }
        return counts.map { TagCount(tag: $0.key, count: $0.value) }.sorted { lhs, rhs in
            let folded = TitleCollation.compare(lhs.tag, rhs.tag)
            return folded != 0 ? folded < 0 : lhs.tag.utf8.lexicographicallyPrecedes(rhs.tag.utf8)
        }
    }

    @discardableResult
    public func insert(_ draft: EntryDraft) throws -> Entry {
        store(draft)
    }

    @discardableResult
    public func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        let step = max(1, drafts.count / 100)
        for (offset, draft) in drafts.enumerated() {
            store(draft)
            if (offset + 1) % step == 0 && offset + 1 != drafts.count { progress?(.writing(done: offset + 1, total: drafts.count)) }
        }
        progress?(.finished(total: drafts.count))
        return drafts.count
    }

    @discardableResult
    public func update(_ entry: Entry) throws -> Entry {
        let now = StoredDate.milliseconds(clock())
        return try locked {
            guard let previous = entries[entry.id] else { throw EntryStoreError.notFound(id: entry.id) }
            // Optimistic concurrency, as in the SQLite and PostgreSQL stores: `updatedAt` is the version.
            guard StoredDate.milliseconds(previous.updatedAt) == StoredDate.milliseconds(entry.updatedAt) else {
                throw EntryStoreError.changedMeanwhile(id: entry.id, title: previous.title, by: "", at: previous.updatedAt)
            }
            var stored = entry
            stored.tags = TagList.normalize(entry.tags)
            stored.createdAt = StoredDate.normalized(entry.createdAt)
            stored.updatedAt = StoredDate.date(max(now, StoredDate.milliseconds(previous.updatedAt) &+ 1))
            entries[entry.id] = stored
            return stored
        }
    }

    public func delete(id: Int64) throws {
        try locked {
            guard entries.removeValue(forKey: id) != nil else { throw EntryStoreError.notFound(id: id) }
        }
    }

    @discardableResult
    private func store(_ draft: EntryDraft) -> Entry {
        let now = clock()
        return locked {
            let createdAt = StoredDate.normalized(draft.createdAt ?? now)
            let entry = Entry(
                id: nextID, title: draft.title, body: draft.body, moreDetails: draft.moreDetails,
                tags: TagList.normalize(draft.tags), createdAt: createdAt,
                updatedAt: draft.updatedAt.map(StoredDate.normalized) ?? createdAt)
            entries[entry.id] = entry
            nextID += 1
            return entry
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Case and diacritics folded, as FTS5's `unicode61 remove_diacritics 2` tokenizer does.
    private static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension EntryFilter {
    /// Whether the filter lets this entry through.
    func admits(_ entry: Entry) -> Bool {
        guard let tag else { return true }
        return entry.tags.contains(tag)
    }
}
