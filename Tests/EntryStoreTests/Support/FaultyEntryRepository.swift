import EntryModel
import Foundation

/// A repository that passes every call to a real store, and fails where a test says: a transfer's
/// failure in the middle, on the store's own transactions (the rollbacks are the store's).
final class FaultyEntryRepository: EntryRepository, EntryRemoval, @unchecked Sendable {
    // @unchecked: used from the test's thread only.
    struct InjectedFailure: Error, CustomStringConvertible {
        var description: String
    }

    let inner: any EntryRepository
    let innerRemoval: any EntryRemoval
    /// Throws after the real `write` of this many batches, inside the store's transaction.
    var failAfterBatches: Int?
    /// Throws once `produce` has run, inside the store's transaction, before its commit: as a
    /// commit that fails would.
    var failBeforeCommit = false
    /// Makes every `insert(contentsOf:)` fail.
    var failPlainInserts = false
    /// Runs just before the real removal (another process deleting one of the entries meanwhile).
    var beforeRemoval: (() throws -> Void)?

    init(_ inner: any EntryRepository & EntryRemoval) {
        self.inner = inner
        self.innerRemoval = inner
    }

    func count(filter: EntryFilter) throws -> Int { try inner.count(filter: filter) }
    func page(_ request: PageRequest) throws -> [EntrySummary] { try inner.page(request) }
    func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        try inner.index(of: entry, order: order, filter: filter)
    }
    func entry(id: Int64) throws -> Entry? { try inner.entry(id: id) }
    func entries(ids: [Int64]) throws -> [Entry] { try inner.entries(ids: ids) }
    func search(_ query: String, limit: Int) throws -> [EntrySummary] { try inner.search(query, limit: limit) }
    func tags() throws -> [TagCount] { try inner.tags() }
    func insert(_ draft: EntryDraft) throws -> Entry { try inner.insert(draft) }
    func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult { try inner.apply(changes) }

    func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        if failPlainInserts { throw InjectedFailure(description: "injected: the disk is full") }
        return try inner.insert(contentsOf: drafts, progress: progress)
    }

    func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        let failAfterBatches = self.failAfterBatches
        let failBeforeCommit = self.failBeforeCommit
        return try withoutActuallyEscaping(produce) { produce in
            try inner.insert(
                batchesFrom: { write in
                    try withoutActuallyEscaping(write) { write in
                        var batches = 0
                        try produce { batch in
                            try write(batch)
                            batches += 1
                            if let limit = failAfterBatches, batches >= limit {
                                throw InjectedFailure(
                                    description: "injected: the write failed after \(batches) batch(es)")
                            }
                        }
                    }
                    if failBeforeCommit { throw InjectedFailure(description: "injected: the commit failed") }
                }, progress: progress)
        }
    }

    func update(_ entry: Entry) throws -> Entry { try inner.update(entry) }
    func delete(id: Int64) throws { try inner.delete(id: id) }
    func renameTag(_ tag: String, to newTag: String) throws -> Int { try inner.renameTag(tag, to: newTag) }
    func trashedEntries() throws -> [TrashedEntry] { try inner.trashedEntries() }
    func restore(id: Int64) throws -> Entry { try inner.restore(id: id) }
    func emptyTrash(deletedBefore date: Date?) throws -> Int { try inner.emptyTrash(deletedBefore: date) }

    func remove(ids: [Int64]) throws {
        try beforeRemoval?()
        try innerRemoval.remove(ids: ids)
    }
}
