import Foundation

/// What the app needs of a place that keeps entries. The SQLite implementation is
/// `SQLiteEntryRepository`; ``InMemoryEntryRepository`` serves tests and embedding apps.
///
/// Calls are synchronous: the terminal UI runs one thread, and every call is an indexed query.
public protocol EntryRepository: Sendable {
    /// How many entries the filter lets through.
    func count(filter: EntryFilter) throws -> Int
    /// One page of summaries, in display order (see ``PageAnchor``).
    func page(_ request: PageRequest) throws -> [EntrySummary]
    /// How many entries come before this one in the order and filter: its zero-based row index.
    func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int
    /// The whole entry, or nil when no entry has this id.
    func entry(id: Int64) throws -> Entry?
    /// The whole entries with these ids, in the same order; ids of no entry are skipped. One read
    /// for them all where the store can (the default asks ``entry(id:)`` for each).
    func entries(ids: [Int64]) throws -> [Entry]
    /// Full-text search over title, body, more details and tags, best match first.
    func search(_ query: String, limit: Int) throws -> [EntrySummary]
    /// One page of a search narrowed by a filter, ranked as ``search(_:limit:)`` ranks, and where the
    /// next page starts: every match can be paged through (``SearchAnchor``). The default (in an
    /// extension) asks ``search(_:limit:)`` for more each page; the stores page in ranking windows.
    func search(_ request: SearchRequest) throws -> SearchPage
    /// Every tag in use, with how many entries carry it, sorted by name.
    func tags() throws -> [TagCount]
    /// How many entries were created on each day of `days` that has any, in day order; a day is the
    /// instants from its midnight to the next in `timeZone` (``CivilDay/instants(in:)``). The Calendar's
    /// month and statistics read this: a store answers it without reading entries (SQLite keeps
    /// counts per quarter hour, the finest step of any time zone's offset). The default walks the
    /// entries of the span (see below): right, but slow at scale.
    func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount]
    /// The days of `days` with at least one entry, in order: what streaks are made of, over every
    /// day there is. The default takes the days of ``dayCounts(in:timeZone:)``; a store can answer
    /// from a summary per day instead (SQLite keeps the first and last quarter hour of each UTC day).
    func daysWithEntries(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [CivilDay]
    /// The entries whose text links to the entry `id` (``EntryLink``: by its id, or by its title when
    /// it is the entry that title leads to), newest first (creation time, then id); links of an entry
    /// to itself are left out, and so are entries in the trash. The default (in
    /// `EntryRepository+Links.swift`) reads every entry; the stores keep a table of links.
    func backlinks(to id: Int64) throws -> [EntrySummary]
    /// A page of ``backlinks(to:)``: at most `limit` of them, in the same order, those that come after
    /// `after` (the last of the previous page; nil for the first page). A hub that a thousand entries
    /// link to shows its first screenful without reading the thousand. The default (in
    /// `EntryRepository+Links.swift`) reads them all and keeps the page; the SQLite store sorts only
    /// the sources' creation times and reads the page's summaries.
    func backlinks(to id: Int64, after: EntrySummary?, limit: Int) throws -> [EntrySummary]
    /// Where each of `targets` leads now: the entry of an id (when it exists and is not in the
    /// trash), the first stored entry of a title (see ``EntryLink``). Targets that lead nowhere are
    /// absent. The default reads every entry for a title; the stores seek on the title order's index.
    func linkedEntries(_ targets: [EntryLinkTarget]) throws -> [EntryLinkTarget: EntrySummary]
    /// Stores a new entry and returns it with its id.
    @discardableResult func insert(_ draft: EntryDraft) throws -> Entry
    /// Stores many new entries in one transaction: all of them or none. Returns how many.
    @discardableResult func insert(
        contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int
    /// Stores the entries that `produce` hands to its `write` function, a batch at a time, in one
    /// transaction: all of them or none (when `produce` or a write throws, nothing is stored). Memory
    /// holds a batch, not the import. Returns how many. See ``EntryRepository/insert(batchesFrom:progress:)``
    /// in the extension for the default, which gathers the batches and calls ``insert(contentsOf:progress:)``.
    @discardableResult func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int
    /// Replaces the stored fields of `entry` (matched by id) and bumps `updatedAt` to now; returns what was stored.
    /// `entry.updatedAt` must be the stored one — the entry as it was read: `updatedAt` moves forward on
    /// every update, so it is the entry's version. When someone changed the entry since it was read,
    /// nothing is written and ``EntryStoreError/changedMeanwhile(id:title:by:at:)`` says who and when
    /// (optimistic concurrency: two people saving the same entry never lose a change silently).
    @discardableResult func update(_ entry: Entry) throws -> Entry
    /// Stores every change of `changes` (updates, moves to the trash, new entries) in one transaction:
    /// all of them or none. When an entry to update or trash was changed or deleted since it was read
    /// (its `updatedAt`), nothing is written and ``EntryChangeSetConflict`` names every such entry.
    @discardableResult func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult
    /// Moves the entry to the trash, from where ``restore(id:)`` brings it back; deleting an id that
    /// does not exist is an error (`EntryStoreError/notFound`).
    func delete(id: Int64) throws
    /// The entries in the trash, most recently deleted first.
    func trashedEntries() throws -> [TrashedEntry]
    /// Brings an entry back from the trash, with its id and dates; an id not in the trash (never
    /// deleted, restored already, or emptied away) is ``EntryStoreError/notInTrash(id:)``.
    @discardableResult func restore(id: Int64) throws -> Entry
    /// Removes for good the trashed entries deleted before `date` (all of them when nil); returns how many.
    @discardableResult func emptyTrash(deletedBefore date: Date?) throws -> Int
    /// Gives every entry tagged `tag` (in any case, ``TagKey``) the tag `newTag` instead, in one transaction, and returns how many
    /// entries changed. When `newTag` is in use already this merges the two (an entry with both keeps
    /// one). A relabelling, not an edit: `updatedAt` stays as it was.
    @discardableResult func renameTag(_ tag: String, to newTag: String) throws -> Int
    /// The ids and creation times of the entries created in `range` (milliseconds since 1970, as
    /// stored): what an import checks its entries against to skip those already present. The default
    /// (in an extension) pages through every entry; a store answers from its index on creation time.
    func creationTimes(in range: ClosedRange<Int64>) throws -> [EntryCreationTime]
    /// The ids and creation times of the entries created at one of `times` (any order): the same
    /// check for a batch whose times are spread over years, where the range between its first and
    /// last would hold most of the journal. The default (in an extension) reads that range.
    func creationTimes(at times: Set<Int64>) throws -> [EntryCreationTime]
}

extension EntryRepository {
    /// Asks ``entry(id:)`` once per id, skipping the ids of no entry.
    public func entries(ids: [Int64]) throws -> [Entry] {
        try ids.compactMap { try entry(id: $0) }
    }

    /// Walks the entries created in the span of `days`, oldest first, a page at a time, and counts
    /// them per day: right for any store that pages (even one that ignored ``EntryFilter/created``,
    /// since the walk skips what is before the span and stops after it), but it reads every entry
    /// of the span. Stores answer from an index or a summary instead (both here do).
    public func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        let span = days.lowerBound.start(in: timeZone)..<days.upperBound.advanced(by: 1).start(in: timeZone)
        var counts: [CivilDay: Int] = [:]
        var anchor = PageAnchor.start
        while true {
            let page = try page(
                PageRequest(order: .oldest, filter: EntryFilter(created: span), anchor: anchor, limit: 500))
            for summary in page where span.contains(summary.createdAt) {
                counts[CivilDay(summary.createdAt, in: timeZone), default: 0] += 1
            }
            guard let last = page.last, last.createdAt < span.upperBound else { break }
            anchor = .after(last)
        }
        return counts.map { DayCount(day: $0.key, count: $0.value) }.sorted { $0.day < $1.day }
    }

    /// Keeps the days of ``dayCounts(in:timeZone:)`` that have a count.
    public func daysWithEntries(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [CivilDay] {
        try dayCounts(in: days, timeZone: timeZone).filter { $0.count > 0 }.map(\.day)
    }
}

/// A tag and how many entries carry it. Spellings of one tag (`Work`, `work`, ``TagKey``) count as
/// one, shown as the newest entry carrying it (the one added last) spells it.
public struct TagCount: Hashable, Sendable, Codable {
    /// The tag, as the newest entry carrying it spells it.
    public var tag: String
    /// How many entries carry the tag, in any spelling.
    public var count: Int

    /// Creates the count of `count` entries carrying `tag`.
    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}

extension TagCount {
    /// `counts` in the order every store lists tags: case-insensitively, then byte for byte.
    public static func sortedForDisplay(_ counts: [TagCount]) -> [TagCount] {
        counts.sorted { lhs, rhs in
            let folded = TitleCollation.compare(lhs.tag, rhs.tag)
            return folded != 0 ? folded < 0 : lhs.tag.utf8.lexicographicallyPrecedes(rhs.tag.utf8)
        }
    }
}
