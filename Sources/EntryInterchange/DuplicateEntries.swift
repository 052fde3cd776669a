import EntryModel
import Foundation

/// Finds the entries of an import that are already present: same creation time (to the millisecond,
/// as stored), title, body and more details (tags and the star do not count: they are marks put on
/// an entry, not its text, so re-importing an old export after starring or tagging an entry still
/// skips it rather than doubling it), in the store or earlier in the same import. Re-importing an
/// export skips everything instead of doubling the journal.
///
/// Linear in the import: creation times are compared first (a dictionary of integers), and only
/// entries whose creation time matches one in the store or in the import are compared by content
/// (a hash of their texts; the store's matching entries are read, a page at a time, only then).
public enum DuplicateEntries {
    /// The drafts to import (in their order) and how many were skipped as already present.
    public static func withoutDuplicates(
        _ drafts: [EntryDraft], in repository: any EntryRepository
    ) throws -> (drafts: [EntryDraft], skipped: Int) {
        let created = drafts.map { $0.createdAt.map(StoredDate.milliseconds) }
        guard let low = created.lazy.compactMap({ $0 }).min(), let high = created.lazy.compactMap({ $0 }).max() else {
            return (drafts, 0)
        }
        var importTimes = Set<Int64>(minimumCapacity: drafts.count)
        for time in created { if let time { importTimes.insert(time) } }
        // Entries of the store created at the same instant as one of the import's.
        let candidates = try repository.creationTimes(in: low...high).filter { importTimes.contains($0.createdAt) }
        var present = Set<Fingerprint>(minimumCapacity: candidates.count)
        var presentTimes = Set<Int64>(minimumCapacity: candidates.count)
        for start in stride(from: 0, to: candidates.count, by: 500) {
            let ids = candidates[start..<min(candidates.count, start + 500)].map(\.id)
            for entry in try repository.entries(ids: ids) {
                let fingerprint = Fingerprint(createdAt: StoredDate.milliseconds(entry.createdAt),
                                              title: entry.title, body: entry.body, moreDetails: entry.moreDetails)
                present.insert(fingerprint)
                presentTimes.insert(fingerprint.createdAt)
            }
        }
        /// The first draft of the import at each creation time, fingerprinted only if another comes.
        var firstAt: [Int64: Int] = [:]
        firstAt.reserveCapacity(drafts.count)
        var kept: [EntryDraft] = []
        kept.reserveCapacity(drafts.count)
        var skipped = 0
        for (index, draft) in drafts.enumerated() {
            guard let time = created[index] else {
                kept.append(draft)
                continue
            }
            let isFirst = firstAt[time] == nil
            if isFirst && !presentTimes.contains(time) {
                firstAt[time] = index
                kept.append(draft)
                continue
            }
            if let first = firstAt[time], first >= 0 {
                // A second draft at this instant: the first one's fingerprint is needed now.
                present.insert(Fingerprint(time, drafts[first]))
                presentTimes.insert(time)
                firstAt[time] = -1
            } else if isFirst {
                firstAt[time] = -1
            }
            if present.insert(Fingerprint(time, draft)).inserted {
                kept.append(draft)
            } else {
                skipped += 1
            }
        }
        return (kept, skipped)
    }

    /// What makes two entries the same for an import.
    private struct Fingerprint: Hashable {
        var createdAt: Int64
        var title: String
        var body: String
        var moreDetails: String

        init(createdAt: Int64, title: String, body: String, moreDetails: String) {
            self.createdAt = createdAt
            self.title = title
            self.body = body
            self.moreDetails = moreDetails
        }

        init(_ createdAt: Int64, _ draft: EntryDraft) {
            self.init(createdAt: createdAt, title: draft.title, body: draft.body, moreDetails: draft.moreDetails)
        }
    }
}
