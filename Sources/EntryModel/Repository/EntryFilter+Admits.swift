import Foundation

extension EntryFilter {
    /// Whether the filter lets this entry through: what every store's pages and counts agree with
    /// (the in-memory store filters with it; the app checks a saved entry with it).
    public func admits(_ entry: Entry) -> Bool {
        if let created = createdMilliseconds, !created.contains(StoredDate.milliseconds(entry.createdAt)) {
            return false
        }
        return admitsMarks(tags: entry.tags, starred: entry.starred)
    }

    /// Whether the filter's tags and star let this row through (its created range is not checked):
    /// what narrows search matches to the list's filter.
    public func admitsMarks(of summary: EntrySummary) -> Bool {
        admitsMarks(tags: summary.tags, starred: summary.starred)
    }

    private func admitsMarks(tags entryTags: [String], starred entryStarred: Bool) -> Bool {
        if starred && !entryStarred { return false }
        if tags.isEmpty { return true }
        // Tags match whatever their case (``TagKey``).
        let carried = Set(entryTags.map(TagKey.key))
        switch tagMatch {
        case .all: return tags.allSatisfy { carried.contains(TagKey.key($0)) }
        case .any: return tags.contains { carried.contains(TagKey.key($0)) }
        }
    }
}
