import EntryModel
import GRDB

/// Search pages (``SearchRequest``): every match, a ranking window at a time (``SearchWindowPaging``,
/// windows of ``EntryDatabase/Configuration/searchRankingWindow`` matches), narrowed by the list's
/// filter in the same statement as the query's own `tag:` and `date:`.
extension SQLiteEntryRepository {
    /// Ranks one window of matches at a time in SQL, the request's filter in the same statement;
    /// stopped by the time limit, it throws ``EntryStoreError/searchTooSlow(seconds:)``.
    public func search(_ request: SearchRequest) throws -> SearchPage {
        try searching { try searchWithinTimeLimit(request) }
    }

    private func searchWithinTimeLimit(_ request: SearchRequest) throws -> SearchPage {
        guard request.limit > 0, let parsed = SearchQueryParser.lenientQuery(request.query) else { return .empty }
        let paging = SearchWindowPaging(windowSize: searchRankingWindow)
        let summaries: ([Int64]) throws -> [EntrySummary] = { ids in
            try self.read { db in try self.summaries(db, ids: ids) }
        }
        let query = parsed.narrowed(by: request.filter).tagKeyed
        do {
            let words = parsed.plainWords.joined(separator: " ")
            if parsed.isPlainWords, let fullText = FullTextQuery(words) {
                if query.isPlainWords {
                    let match = try plainMatch(fullText, words: words, window: paging.windowSize)
                    return try paging.page(
                        request,
                        rankWindow: { below, size in
                            try self.rankWindow(SearchWindowSQL(plainMatch: match, below: below, size: size))
                        }, summaries: summaries)
                }
            } else if parsed == SearchQuery() {
                // No word at all: symbols, searched in the text.
                guard let symbols = SearchTokens.symbolText(in: request.query) else { return .empty }
                return try paging.page(
                    request,
                    rankWindow: { below, size in
                        try self.rankWindow(
                            SearchWindowSQL(symbols: symbols, filter: request.filter.tagKeyed, below: below, size: size)
                        )
                    }, summaries: summaries)
            }
            let rareTag = query.tags.isEmpty ? nil : try read { db in try RareTagPlan.tag(of: query, in: db) }
            return try paging.page(
                request,
                rankWindow: { below, size in
                    try self.rankWindow(SearchWindowSQL(query, below: below, size: size, rareTag: rareTag))
                }, summaries: summaries)
        } catch EntryStoreError.other(let message) where message.contains("fts5") {
            return .empty  // as in search(_:limit:): a word the tokenizer splits in two matches nothing
        }
    }

    /// The FTS5 expression to page through for plain words: the last word as a prefix, unless the
    /// word taken whole already fills a window (then, as ``search(_:limit:)`` does, the whole word:
    /// merging every word it starts is the slow part, and changes little among so many matches).
    /// The prefix is spelled out as its completions (``PrefixCompletions``) when it can be, once for
    /// every page of the search: a term that an edit brings in between two pages (new entries come
    /// above the pages already read) is not among them, as a row edited meanwhile keeps its place.
    private func plainMatch(_ fullText: FullTextQuery, words: String, window: Int?) throws -> PrefixCompletions {
        guard fullText.prefix != nil else { return .plain(fullText.exact) }
        return try read { db in
            if let window {
                let count = try RawStatement(
                    db, sql: "SELECT count(*) FROM (SELECT 1 FROM entryFTS WHERE entryFTS MATCH ? LIMIT ?)")
                defer { count.reset() }
                try count.bind(fullText.exact, at: 1)
                try count.bind(Int64(window), at: 2)
                if try count.step() && count.int64(at: 0) >= window { return .plain(fullText.exact) }
            }
            return try PrefixCompletions.match(fullText, text: words, in: db)
        }
    }

    private func rankWindow(_ window: SearchWindowSQL) throws -> [SearchWindowPaging.Scored] {
        try read { db in
            let statement = try RawStatement(db, sql: window.sql)
            try window.bind(to: statement)
            return try EntryColumns.all(statement) { .init(id: $0.int64(at: 0), score: $0.double(at: 1)) }
        }
    }

    /// The summaries of `ids` (any order); a page holds at most a few hundred.
    func summaries(_ db: Database, ids: [Int64]) throws -> [EntrySummary] {
        guard !ids.isEmpty else { return [] }
        // Integers formatted by Swift: nothing from the user reaches the SQL text.
        let list = ids.map(String.init).joined(separator: ",")
        let statement = try summaryStatement(db, sql: "SELECT \(EntryColumns.summary) FROM entry WHERE id IN (\(list))")
        return try EntryColumns.all(statement, EntryColumns.summary(from:))
    }
}
