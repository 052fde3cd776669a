import EntryModel
import Foundation

/// An entry repository that passes calls to another and counts the page requests, so that tests can
/// check the list reads only the pages it shows; `failPages` makes page reads fail.
final class CountingEntryRepository: EntryRepository, @unchecked Sendable {
    // @unchecked: used from the test's (main) thread only.
    struct PageReadFailed: Error, CustomStringConvertible {
        var description: String { "the entries could not be read: database is locked" }
    }

    let inner: any EntryRepository
    private(set) var pageRequests: [PageRequest] = []
    var failPages = false

    init(_ inner: any EntryRepository) {
        self.inner = inner
    }

    func count(filter: EntryFilter) throws -> Int { try inner.count(filter: filter) }

    func page(_ request: PageRequest) throws -> [EntrySummary] {
        pageRequests.append(request)
        if failPages { throw PageReadFailed() }
        return try inner.page(request)
    }

    func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        try inner.index(of: entry, order: order, filter: filter)
    }

    func entry(id: Int64) throws -> Entry? { try inner.entry(id: id) }
    func search(_ query: String, limit: Int) throws -> [EntrySummary] { try inner.search(query, limit: limit) }
    func tags() throws -> [TagCount] { try inner.tags() }
    func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        try inner.dayCounts(in: days, timeZone: timeZone)
    }
    func insert(_ draft: EntryDraft) throws -> Entry { try inner.insert(draft) }

    func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        try inner.insert(contentsOf: drafts, progress: progress)
    }

    func update(_ entry: Entry) throws -> Entry { try inner.update(entry) }
    func delete(id: Int64) throws { try inner.delete(id: id) }
    func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult { try inner.apply(changes) }
    func renameTag(_ tag: String, to newTag: String) throws -> Int { try inner.renameTag(tag, to: newTag) }
    func trashedEntries() throws -> [TrashedEntry] { try inner.trashedEntries() }
    func restore(id: Int64) throws -> Entry { try inner.restore(id: id) }
    func emptyTrash(deletedBefore date: Date?) throws -> Int { try inner.emptyTrash(deletedBefore: date) }
}
