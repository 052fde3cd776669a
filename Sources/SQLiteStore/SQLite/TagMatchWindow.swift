import EntryModel
import GRDB

/// A ranking window of a search with tags to check (`meeting tag:work`, or words searched in a list
/// filtered by a tag) found by walking two indexes side by side instead of checking each match's tags.
///
/// Checking a tag per full-text match (`EXISTS` on `entryTag`) costs a B-tree descent for every match
/// walked, and a window of 5,000 among a tag on a third of the entries walks 15,000 of them. Here the
/// matches (the full-text index, by rowid, newest first) and the tag's entries (`entryTag`'s primary
/// key, by entry id, newest first) are read in step, and an id is kept when both have it: a leapfrog
/// join, where the side that lags far behind seeks to the other instead of stepping (so a rare tag
/// among common words, or a rare word in a common tag, costs as little as its few rows). Then only the
/// kept ids are ranked, in one statement.
///
/// Used when nothing else is to be checked (no date span, no phrase): those need the entry's row.
struct TagMatchWindow {
    /// Steps on one side without meeting the other before it seeks instead.
    static let stepsBeforeSeeking = 32

    let match: String
    let tags: [String]

    init?(_ query: SearchQuery) {
        guard !query.tags.isEmpty, !SearchQuerySQL.readsEntryRow(query), let match = SearchQuerySQL.match(query) else { return nil }
        self.match = match
        self.tags = query.tags
    }

    /// The newest `size` matches (all when nil) below `below` that carry every tag, scored.
    func scored(_ db: Database, below: Int64?, size: Int?) throws -> [SearchWindowPaging.Scored] {
        if let rare = try rareTagIDs(db, below: below ?? Int64.max) {
            // Few entries carry the tag: each is looked up among the matches (one seek each), and the
            // newest `size` that match are the window.
            let found = try rank(db, ids: rare, dense: false).sorted { $0.id > $1.id }
            return size.map { Array(found.prefix($0)) } ?? found
        }
        let (ids, matchesWalked) = try ids(db, below: below ?? Int64.max, size: size ?? Int.max)
        let isDense = matchesWalked.map { $0 <= 40 * ids.count } ?? false
        return try rank(db, ids: ids, dense: isDense)
    }

    /// Tags with fewer entries than this (below the window's top) are looked up entry by entry.
    static let rareTagLimit = 2_000

    /// The ids (newest first, below `below`) carrying every tag, when one of the tags has fewer than
    /// ``rareTagLimit`` entries there; nil when all are common.
    private func rareTagIDs(_ db: Database, below: Int64) throws -> [Int64]? {
        var rarest: [Int64]?
        for tag in tags {
            let statement = try RawStatement(db, sql: "SELECT entryId FROM entryTag WHERE tag = ? AND entryId < ? ORDER BY entryId DESC LIMIT ?")
            try statement.bind(tag, at: 1)
            try statement.bind(below, at: 2)
            try statement.bind(Int64(Self.rareTagLimit), at: 3)
            let ids = try EntryColumns.all(statement) { $0.int64(at: 0) }
            if ids.count < Self.rareTagLimit, ids.count < rarest?.count ?? Int.max { rarest = ids }
        }
        guard var ids = rarest else { return nil }
        for tag in tags where !ids.isEmpty {
            // Every other tag too (a B-tree lookup per id).
            let statement = try RawStatement(db, sql: "SELECT value FROM json_each(?) WHERE EXISTS (SELECT 1 FROM entryTag WHERE tag = ? AND entryId = value)")
            try statement.bind(Self.jsonList(ids), at: 1)
            try statement.bind(tag, at: 2)
            let kept = Set(try EntryColumns.all(statement) { $0.int64(at: 0) })
            ids = ids.filter(kept.contains)
        }
        return ids
    }

    private static func jsonList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// The matches among `ids` (newest first), scored.
    private func rank(_ db: Database, ids: [Int64], dense isDense: Bool) throws -> [SearchWindowPaging.Scored] {
        guard let newest = ids.first, let oldest = ids.last else { return [] }
        // The ids as a JSON array: one bound text, however many (integers formatted by Swift). Many
        // ids among the matches of their range (a common tag): the range is walked once and each row
        // looked up in the list (`+rowid` keeps SQLite from seeking per id; 2.5 ms for 5,000 at a
        // million entries). Few ids far apart (a rare tag): one seek each (about 7 µs a seek).
        let list = Self.jsonList(ids)
        let statement = try RawStatement(db, sql: """
            SELECT rowid, -\(EntryRankFunction.name)(entryFTS) FROM entryFTS
            WHERE entryFTS MATCH ? AND rowid BETWEEN ? AND ? AND \(isDense ? "+" : "")rowid IN (SELECT value FROM json_each(?))
            """)
        try statement.bind(match, at: 1)
        try statement.bind(oldest, at: 2)
        try statement.bind(newest, at: 3)
        try statement.bind(list, at: 4)
        return try EntryColumns.all(statement) { .init(id: $0.int64(at: 0), score: $0.double(at: 1)) }
    }

    /// The ids, newest first, below `below`, in the full-text matches and under every tag; and how many
    /// matches were stepped through to find them (nil when the walk also sought past gaps).
    func ids(_ db: Database, below: Int64, size: Int) throws -> (ids: [Int64], matchesWalked: Int?) {
        var cursors = [try Cursor(db, sql: "SELECT rowid FROM entryFTS WHERE entryFTS MATCH ?1 AND rowid <= ?2 ORDER BY rowid DESC", key: match, canSeek: false)]
        for (index, tag) in tags.enumerated() {
            // A different text per tag: each cursor needs a statement of its own.
            cursors.append(try Cursor(db, sql: "SELECT entryId AS tag\(index) FROM entryTag WHERE tag = ?1 AND entryId <= ?2 ORDER BY entryId DESC", key: tag, canSeek: true))
        }
        defer { cursors.forEach { $0.close() } }
        var found: [Int64] = []
        var candidate = below - 1
        let matches = cursors[0]
        var walked: Int? { matches.seeks <= 1 ? matches.steps : nil }
        while found.count < size {
            var agreed = true
            for index in cursors.indices {
                guard let id = try cursors[index].first(atMost: candidate) else { return (found, walked) }
                if id < candidate {
                    candidate = id
                    agreed = false
                }
            }
            if agreed {
                found.append(candidate)
                candidate -= 1
            }
        }
        return (found, walked)
    }

    /// One side of the join: the newest id at most a bound, read by stepping or, when that takes long,
    /// by seeking (running the statement again from the bound).
    private final class Cursor {
        private let statement: RawStatement
        private let key: String
        private var current: Int64?
        private var isStarted = false
        private var isDone = false
        /// Rows read by stepping, and seeks (runs of the statement), so far.
        private(set) var steps = 0
        private(set) var seeks = 0

        /// False for the full-text side: FTS5 reads a word's whole list of entries to start a
        /// newest-first walk below a bound (about 50 ms for "meeting" at a million entries), so that
        /// side steps only, and only the tag side (a B-tree) seeks.
        private let canSeek: Bool

        init(_ db: Database, sql: String, key: String, canSeek: Bool) throws {
            statement = try RawStatement(db, sql: sql)
            self.key = key
            self.canSeek = canSeek
        }

        /// The newest id of this side at most `bound`, nil when there is none.
        func first(atMost bound: Int64) throws -> Int64? {
            if isStarted, let current, current <= bound { return current }
            if isStarted, isDone { return nil }
            if isStarted {
                for _ in 0..<(canSeek ? TagMatchWindow.stepsBeforeSeeking : Int.max) {
                    steps += 1
                    guard try statement.step() else {
                        isDone = true
                        current = nil
                        return nil
                    }
                    let id = statement.int64(at: 0)
                    current = id
                    if id <= bound { return id }
                }
            }
            // Far behind (or not started): seek.
            seeks += 1
            statement.reset()
            try statement.bind(key, at: 1)
            try statement.bind(bound, at: 2)
            isStarted = true
            guard try statement.step() else {
                isDone = true
                current = nil
                return nil
            }
            current = statement.int64(at: 0)
            return current
        }

        func close() {
            statement.reset()
        }
    }
}
