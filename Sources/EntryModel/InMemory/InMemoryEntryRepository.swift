import Foundation

/// Entries kept in memory: an ``EntryRepository`` with the same behaviour as `SQLiteEntryRepository`
/// (same orders, tag normalization, dates rounded to the millisecond, errors), for tests and for apps
/// that embed the Entries context without a database. Thread-safe.
///
/// Search is simpler than FTS5: an entry matches when every word of the query is a word of its
/// title, body, more details or tags (the last word may also start one, as in
/// `SQLiteEntryRepository/search(_:limit:)`), ignoring case and diacritics; title matches rank
/// first, then tags, then the texts.
public final class InMemoryEntryRepository: EntryRepository, @unchecked Sendable {
    // @unchecked: every access to `entries` and `nextID` goes through `lock`.
    private let lock = NSLock()
    private var entries: [Int64: Entry] = [:]
    private var trash: [Int64: TrashedEntry] = [:]
    private var nextID: Int64 = 1
    private let clock: @Sendable () -> Date

    /// A repository holding `entries` (inserted in order), reading the time from `clock`.
    public init(entries drafts: [EntryDraft] = [], clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        for draft in drafts { _ = store(draft) }
    }

    /// Counts by testing the filter on every entry held.
    public func count(filter: EntryFilter) throws -> Int {
        locked { entries.values.lazy.filter { filter.admits($0) }.count }
    }

    /// Sorts every admitted entry into display order, then cuts the page at the anchor.
    public func page(_ request: PageRequest) throws -> [EntrySummary] {
        guard request.limit > 0 else { return [] }
        let order = request.order
        let sorted = locked { entries.values.filter { request.filter.admits($0) }.map(\.orderingSummary) }
            .sorted(by: order.displaysBefore)
        let page: [EntrySummary]
        switch request.anchor {
        case .start:
            page = Array(sorted.prefix(request.limit))
        case .end:
            page = Array(sorted.suffix(request.limit))
        case .after(let anchor):
            page = Array(sorted.lazy.filter { order.displaysBefore(anchor, $0) }.prefix(request.limit))
        case .before(let anchor):
            page = Array(sorted.filter { order.displaysBefore($0, anchor) }.suffix(request.limit))
        }
        // Only the page's rows are counted: the order never looks at the word count.
        return locked { page.map { entries[$0.id]?.summary ?? $0 } }
    }

    /// Counts the admitted entries that display before `entry`; `entry` need not be held.
    public func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        locked {
            entries.values.lazy.filter { filter.admits($0) && order.displaysBefore($0.orderingSummary, entry) }.count
        }
    }

    /// Looks the entry up by id; trashed entries are not found.
    public func entry(id: Int64) throws -> Entry? {
        locked { entries[id] }
    }

    /// Scores every entry with ``SearchQueryMatcher``, best score first and the newest first among equals; a
    /// query of symbols only finds the newest entries holding that text byte for byte.
    public func search(_ query: String, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        guard let parsed = SearchQueryParser.lenientQuery(query) else { return [] }
        if parsed == SearchQuery() {
            guard let symbols = SearchTokens.symbolText(in: query) else { return [] }
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
        let matcher = SearchQueryMatcher(parsed)
        let scored: [(entry: Entry, score: Int)] = locked {
            entries.values.compactMap { entry in matcher.score(entry).map { (entry, $0) } }
        }
        return
            scored
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.entry.id > $1.entry.id }
            .prefix(limit).map(\.entry.summary)
    }

    /// Ranks every match at once (one window, see ``SearchWindowPaging``), as ``search(_:limit:)`` does.
    public func search(_ request: SearchRequest) throws -> SearchPage {
        guard let parsed = SearchQueryParser.lenientQuery(request.query) else { return .empty }
        let symbols = parsed == SearchQuery() ? SearchTokens.symbolText(in: request.query) : nil
        if parsed == SearchQuery(), symbols == nil { return .empty }
        let matcher = SearchQueryMatcher(parsed.narrowed(by: request.filter))
        return try SearchWindowPaging(windowSize: nil).page(
            request,
            rankWindow: { below, _ in
                locked {
                    entries.values.compactMap { entry -> SearchWindowPaging.Scored? in
                        if let below, entry.id >= below { return nil }
                        if let symbols {
                            guard request.filter.admits(entry) else { return nil }
                            let fields = [entry.title, entry.body, entry.moreDetails, TagList.encode(entry.tags)]
                            return fields.contains { $0.utf8.firstRange(of: symbols.utf8) != nil }
                                ? .init(id: entry.id, score: 0) : nil
                        }
                        return matcher.score(entry).map { .init(id: entry.id, score: Double($0)) }
                    }
                }
            }, summaries: { ids in locked { ids.compactMap { entries[$0]?.summary } } })
    }

    /// Tallies the tags of every entry by ``TagKey``, spelled as the entry with the highest id spells them.
    public func tags() throws -> [TagCount] {
        // Counted by key (``TagKey``), spelled as the newest entry (the highest id) spells it.
        let tally = locked {
            entries.keys.sorted().reduce(into: [String: TagCount]()) { tally, id in
                for tag in entries[id]?.tags ?? [] {
                    let key = TagKey.key(tag)
                    tally[key] = TagCount(tag: tag, count: (tally[key]?.count ?? 0) + 1)
                }
            }
        }
        return TagCount.sortedForDisplay(Array(tally.values))
    }

    /// Counts every entry's creation day in `timeZone`, keeping the days within `days`.
    public func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        let counts = locked {
            entries.values.reduce(into: [CivilDay: Int]()) { counts, entry in
                let day = CivilDay(entry.createdAt, in: timeZone)
                if days.contains(day) { counts[day, default: 0] += 1 }
            }
        }
        return counts.map { DayCount(day: $0.key, count: $0.value) }.sorted { $0.day < $1.day }
    }

    /// Stores the draft under the next id, its tags normalized and its dates rounded to the millisecond.
    @discardableResult
    public func insert(_ draft: EntryDraft) throws -> Entry {
        store(draft)
    }

    /// Stores the drafts one by one, reporting progress about every hundredth of them; nothing here can
    /// fail halfway, so "all or none" holds trivially.
    @discardableResult
    public func insert(
        contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        let step = max(1, drafts.count / 100)
        for (offset, draft) in drafts.enumerated() {
            store(draft)
            if (offset + 1) % step == 0 && offset + 1 != drafts.count {
                progress?(.writing(done: offset + 1, total: drafts.count))
            }
        }
        progress?(.finished(total: drafts.count))
        return drafts.count
    }

    /// Replaces the entry when its `updatedAt` matches the stored one to the millisecond, and moves
    /// `updatedAt` to now, or at least a millisecond past the previous version.
    @discardableResult
    public func update(_ entry: Entry) throws -> Entry {
        let now = StoredDate.milliseconds(clock())
        return try locked {
            guard let previous = entries[entry.id] else { throw EntryStoreError.notFound(id: entry.id) }
            // Optimistic concurrency, as in the SQLite and PostgreSQL stores: `updatedAt` is the version.
            guard StoredDate.milliseconds(previous.updatedAt) == StoredDate.milliseconds(entry.updatedAt) else {
                throw EntryStoreError.changedMeanwhile(
                    id: entry.id, title: previous.title, by: "", at: previous.updatedAt)
            }
            var stored = entry
            stored.tags = TagList.normalize(entry.tags)
            stored.createdAt = StoredDate.normalized(entry.createdAt)
            stored.updatedAt = StoredDate.date(max(now, StoredDate.milliseconds(previous.updatedAt) &+ 1))
            entries[entry.id] = stored
            return stored
        }
    }

    /// Checks the version of every entry to update or trash, then stores every change, all under the
    /// lock: all of them or none.
    @discardableResult
    public func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult {
        let now = clock()
        return try locked {
            let conflicts = changes.conflicts { id in
                entries[id].map { ($0.title, StoredDate.milliseconds($0.updatedAt)) }
            }
            guard conflicts.isEmpty else { throw EntryChangeSetConflict(conflicts: conflicts) }
            for entry in changes.updates {
                let previous = StoredDate.milliseconds(entries[entry.id]?.updatedAt ?? now)
                var stored = entry
                stored.tags = TagList.normalize(entry.tags)
                stored.createdAt = StoredDate.normalized(entry.createdAt)
                stored.updatedAt = StoredDate.date(max(StoredDate.milliseconds(now), previous &+ 1))
                entries[entry.id] = stored
            }
            for entry in changes.trashes {
                guard let gone = entries.removeValue(forKey: entry.id) else { continue }
                trash[entry.id] = TrashedEntry(entry: gone, deletedAt: StoredDate.normalized(now))
            }
            let ids = changes.inserts.map { storeLocked($0).id }
            return EntryChangeSetResult(
                updated: changes.updates.count, trashed: changes.trashes.count, insertedIDs: ids)
        }
    }

    /// Moves the entry from the entries held to the trash, stamped with the clock's time.
    public func delete(id: Int64) throws {
        let now = clock()
        try locked {
            guard let entry = entries.removeValue(forKey: id) else { throw EntryStoreError.notFound(id: id) }
            trash[id] = TrashedEntry(entry: entry, deletedAt: StoredDate.normalized(now))
        }
    }

    /// The trash, most recently deleted first and the highest id first among equal times.
    public func trashedEntries() throws -> [TrashedEntry] {
        locked {
            trash.values.sorted {
                $0.deletedAt != $1.deletedAt ? $0.deletedAt > $1.deletedAt : $0.entry.id > $1.entry.id
            }
        }
    }

    /// Moves the entry back from the trash under its old id, unchanged.
    @discardableResult
    public func restore(id: Int64) throws -> Entry {
        try locked {
            guard let trashed = trash.removeValue(forKey: id) else { throw EntryStoreError.notInTrash(id: id) }
            entries[id] = trashed.entry
            return trashed.entry
        }
    }

    /// Drops the trashed entries deleted strictly before `date`, or all of them when nil.
    @discardableResult
    public func emptyTrash(deletedBefore date: Date?) throws -> Int {
        locked {
            let gone = trash.values.filter { trashed in date.map { trashed.deletedAt < $0 } ?? true }.map(\.entry.id)
            for id in gone { trash.removeValue(forKey: id) }
            return gone.count
        }
    }

    /// Rewrites the tags of each entry carrying `tag` and normalizes them, so a tag already there merges.
    @discardableResult
    public func renameTag(_ tag: String, to newTag: String) throws -> Int {
        locked {
            var changed = 0
            for (id, entry) in entries where entry.tags.contains(where: { TagKey.same($0, tag) }) {
                entries[id]?.tags = TagList.normalize(entry.tags.map { TagKey.same($0, tag) ? newTag : $0 })
                changed += 1
            }
            return changed
        }
    }

    @discardableResult
    private func store(_ draft: EntryDraft) -> Entry {
        locked { storeLocked(draft) }
    }

    /// Stores `draft` as a new entry; the caller holds `lock`.
    private func storeLocked(_ draft: EntryDraft) -> Entry {
        let createdAt = StoredDate.normalized(draft.createdAt ?? clock())
        let entry = Entry(
            id: nextID, title: draft.title, body: draft.body, moreDetails: draft.moreDetails,
            tags: TagList.normalize(draft.tags), createdAt: createdAt,
            updatedAt: draft.updatedAt.map(StoredDate.normalized) ?? createdAt, starred: draft.starred)
        entries[entry.id] = entry
        nextID += 1
        return entry
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension InMemoryEntryRepository: EntryRemoval {
    /// Removes the entries with these ids for good (not into the trash), all or none: an id of no entry is
    /// ``EntryStoreError/notFound(id:)`` and nothing is removed.
    public func remove(ids: [Int64]) throws {
        try locked {
            // Every id is checked before any entry goes: all or none.
            for id in ids where entries[id] == nil { throw EntryStoreError.notFound(id: id) }
            for id in ids { entries[id] = nil }
        }
    }
}

extension InMemoryEntryRepository: TrashRemoval {
    /// Removes the trashed entry `id` for good; an id not in the trash is
    /// ``EntryStoreError/notInTrash(id:)``.
    public func removeFromTrash(id: Int64) throws {
        try locked {
            guard trash.removeValue(forKey: id) != nil else { throw EntryStoreError.notInTrash(id: id) }
        }
    }
}
