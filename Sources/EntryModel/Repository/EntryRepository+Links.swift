import Foundation

extension EntryRepository {
    /// Reads every entry, a page at a time, and keeps those whose links lead to `id`: right for any
    /// store, and what the in-memory one uses; the SQLite and PostgreSQL stores seek in their table
    /// of links instead.
    public func backlinks(to id: Int64) throws -> [EntrySummary] {
        try backlinksByReadingEveryEntry(to: id)
    }

    /// Every backlink (``backlinks(to:)``), then the page of them after `after`.
    public func backlinks(to id: Int64, after: EntrySummary?, limit: Int) throws -> [EntrySummary] {
        BacklinkPage.of(try backlinks(to: id), after: after, limit: limit)
    }

    /// ``backlinks(to:)`` by reading every entry: for a store whose table of links is not there (a
    /// journal an older version wrote, opened read-only).
    public func backlinksByReadingEveryEntry(to id: Int64) throws -> [EntrySummary] {
        guard let target = try entry(id: id) else { return [] }
        let key = TitleSortKey.key(target.title)
        var holdsTheTitle = true
        var byID: [EntrySummary] = []
        var byTitle: [EntrySummary] = []
        try forEachEntry { entry in
            if entry.id < id && TitleSortKey.key(entry.title) == key { holdsTheTitle = false }
            guard entry.id != id else { return }
            let targets = EntryLinkTargets(entry)
            if targets.ids.contains(id) {
                byID.append(entry.summary)
            } else if targets.titleKeys.contains(key) {
                byTitle.append(entry.summary)
            }
        }
        // Title links lead to `id` only when it is the first entry of its title; id links always.
        let sources = holdsTheTitle ? byID + byTitle : byID
        return sources.sorted(by: EntrySortOrder.newest.displaysBefore)
    }

    /// Looks ids up one by one and titles by reading every entry (see the requirement).
    public func linkedEntries(_ targets: [EntryLinkTarget]) throws -> [EntryLinkTarget: EntrySummary] {
        var found: [EntryLinkTarget: EntrySummary] = [:]
        var titles: [[UInt8]: [EntryLinkTarget]] = [:]
        for target in targets {
            switch target {
            case .id(let id):
                if let entry = try entry(id: id) { found[target] = entry.summary }
            case .title(let title):
                titles[TitleSortKey.key(title), default: []].append(target)
            }
        }
        guard !titles.isEmpty else { return found }
        var first: [[UInt8]: EntrySummary] = [:]
        try forEachEntry { entry in
            let key = TitleSortKey.key(entry.title)
            guard titles[key] != nil else { return }
            if let held = first[key], held.id < entry.id { return }
            first[key] = entry.summary
        }
        for (key, targets) in titles {
            guard let summary = first[key] else { continue }
            for target in targets { found[target] = summary }
        }
        return found
    }

    /// Every entry, a page of 500 at a time, oldest first.
    private func forEachEntry(_ body: (Entry) throws -> Void) throws {
        var anchor = PageAnchor.start
        while true {
            let page = try page(PageRequest(order: .oldest, filter: .all, anchor: anchor, limit: 500))
            for entry in try entries(ids: page.map(\.id)) { try body(entry) }
            guard let last = page.last, page.count == 500 else { return }
            anchor = .after(last)
        }
    }
}
