import EntryModel
import Foundation

/// Finds the entries of an import that are already present: same creation time (to the millisecond,
/// as stored), title, body and more details (tags and the star do not count: they are marks put on
/// an entry, not its text, so re-importing an old export after starring or tagging an entry still
/// skips it rather than doubling it), in the store or earlier in the same import. Re-importing an
/// export skips everything instead of doubling the journal.
///
/// Works a batch at a time (``Filter``), so that an import of any size is checked in flat memory:
/// each batch's creation times are compared with the store's in the batch's span (one range read of
/// the index on creation time), and only entries whose creation time matches one in the store are read
/// and compared by content. What the import has kept is remembered as a 64-bit hash of its creation
/// time and texts' bytes, in a flat table of about 11 bytes an entry (``FingerprintTable``), not as
/// the entry: two different entries with the same hash would be taken for one, a chance of 2⁻⁶⁴ per
/// pair. The store's entries are compared with one batch at a time and not remembered (a later
/// batch reads those at its own times): a re-import of a whole journal remembers nothing.
public enum DuplicateEntries {
    /// The drafts to import (in their order) and how many were skipped as already present.
    public static func withoutDuplicates(
        _ drafts: [EntryDraft], in repository: any EntryRepository
    ) throws -> (drafts: [EntryDraft], skipped: Int) {
        var filter = Filter(repository: repository)
        let kept = try filter.kept(drafts)
        return (kept, filter.skipped)
    }

    /// The duplicate check of one import, batch after batch: a batch's entries are compared with the
    /// store and with every batch before it.
    public struct Filter {
        private let repository: any EntryRepository
        /// Every entry kept so far (``Fingerprint/hash``).
        private var kept = FingerprintTable()
        /// How many entries were skipped so far.
        public private(set) var skipped = 0
        /// True when the store held no entry at the first batch: then only the import's own entries
        /// are compared, and the store is never read again — a PostgreSQL import into an empty
        /// journal locks its table to build the indexes once (`PostgreSQLEntryRepository+StreamedInsert`),
        /// and a read from another connection would wait for the import.
        private var storeWasEmpty: Bool?

        /// `storeIsEmpty`, when known, saves the first batch its read of the store's count: a streamed
        /// import asks before its transaction begins, since an SQLite import into an empty journal
        /// then holds the file alone and no other connection reads it (`ExclusiveImportJournal`).
        public init(repository: any EntryRepository, storeIsEmpty: Bool? = nil) {
            self.repository = repository
            storeWasEmpty = storeIsEmpty
        }

        /// The drafts of `batch` to import, in their order; the others are counted in ``skipped``.
        public mutating func kept(_ batch: [EntryDraft]) throws -> [EntryDraft] {
            let created = batch.map { $0.createdAt.map(StoredDate.milliseconds) }
            var batchTimes = Set<Int64>(minimumCapacity: batch.count)
            for time in created { if let time { batchTimes.insert(time) } }
            guard !batchTimes.isEmpty else { return batch }
            // Entries of the store created at the same instant as one of the batch's.
            if storeWasEmpty == nil { storeWasEmpty = try repository.count(filter: .all) == 0 }
            let candidates = storeWasEmpty == true ? [] : try repository.creationTimes(at: batchTimes)
            var inStore = Set<Fingerprint>()
            for start in stride(from: 0, to: candidates.count, by: 500) {
                let ids = candidates[start..<min(candidates.count, start + 500)].map(\.id)
                for entry in try repository.entries(ids: ids) {
                    inStore.insert(
                        Fingerprint(
                            StoredDate.milliseconds(entry.createdAt), entry.title, entry.body, entry.moreDetails))
                }
            }
            var keptDrafts: [EntryDraft] = []
            keptDrafts.reserveCapacity(batch.count)
            for (index, draft) in batch.enumerated() {
                guard let time = created[index] else {
                    keptDrafts.append(draft)  // an entry without a date is never a duplicate
                    continue
                }
                let fingerprint = Fingerprint(time, draft.title, draft.body, draft.moreDetails)
                if !inStore.contains(fingerprint) && kept.insert(fingerprint.hash) {
                    keptDrafts.append(draft)
                } else {
                    skipped += 1
                }
            }
            return keptDrafts
        }
    }

    /// What makes two entries the same for an import: the creation time, and a hash of it and of the
    /// bytes of the title, body and more details (the store keeps texts' bytes as they came).
    private struct Fingerprint: Hashable {
        var createdAt: Int64
        var hash: UInt64

        init(_ createdAt: Int64, _ title: String, _ body: String, _ moreDetails: String) {
            self.createdAt = createdAt
            var hasher = Hasher()
            hasher.combine(createdAt)
            Self.combine(title, into: &hasher)
            Self.combine(body, into: &hasher)
            Self.combine(moreDetails, into: &hasher)
            hash = UInt64(bitPattern: Int64(hasher.finalize()))
        }

        /// The text's length, then its bytes: "ab" + "c" and "a" + "bc" differ.
        private static func combine(_ text: String, into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
        }
    }
}
