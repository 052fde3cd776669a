import EntryModel
import PostgresNIO

/// Search pages (``SearchRequest``) on PostgreSQL: every match, a ranking window of
/// `searchRankingWindow` matches at a time (``SearchWindowPaging``), each window the newest matches
/// below an id (the index on id walked backwards), ranked by `ts_rank` as ``search(_:limit:)`` ranks;
/// the list's filter joins the query's `tag:` and `date:` in the same statement.
extension PostgreSQLEntryRepository {
    /// Ranks one window of matches at a time in one statement, the request's filter in it too.
    public func search(_ request: SearchRequest) throws -> SearchPage {
        guard request.limit > 0, let parsed = SearchQueryParser.lenientQuery(request.query) else { return .empty }
        let paging = SearchWindowPaging(windowSize: searchRankingWindow)
        let summaries: ([Int64]) throws -> [EntrySummary] = { ids in
            guard !ids.isEmpty else { return [] }
            var sql = QueryBuilder()
            sql.append("SELECT \(EntryRows.summaryColumns) FROM entry WHERE id = ANY(\(sql.bind(ids)))")
            return try self.session.run { connection in
                try self.session.rows(connection, sql.query).map(EntryRows.summary)
            }
        }
        let query = parsed.narrowed(by: request.filter)
        let spellings = try tagSpellings(query.namedTags + request.filter.tags)
        if parsed == SearchQuery()
            || (query.isPlainWords && SearchVector.query(query.plainWords.joined(separator: " ")) == nil)
        {
            // No word the index holds: symbols, searched in the text.
            guard SearchTokens.words(in: query.plainWords.joined(separator: " ")).isEmpty,
                let symbols = SearchTokens.symbolText(in: request.query)
            else { return .empty }
            return try paging.page(
                request,
                rankWindow: { below, size in
                    try self.symbolsWindow(
                        symbols, filter: request.filter, spellings: spellings, below: below, size: size)
                }, summaries: summaries)
        }
        let tsquery = SearchQueryTSQuery(query)
        guard !tsquery.matchesNothing else { return .empty }
        return try paging.page(
            request,
            rankWindow: { below, size in
                if tsquery.needsTextCheck {
                    return try self.checkedWindow(query, tsquery, spellings: spellings, below: below, size: size)
                }
                var sql = QueryBuilder()
                let match =
                    query.isPlainWords ? SearchVector.query(query.plainWords.joined(separator: " ")) : tsquery.match
                if let match {
                    let placeholder = sql.bind(match)
                    sql.append(
                        """
                        SELECT id, ts_rank('\(SearchVector.rankWeights)', search, \(placeholder)::tsquery, 1)::float8
                        FROM entry WHERE search @@ \(placeholder)::tsquery
                        """)
                } else {
                    sql.append(#"SELECT id, "createdAt"::float8 FROM entry WHERE true"#)
                    if let excluded = tsquery.excludedWords {
                        sql.append(" AND NOT (search @@ \(sql.bind(excluded))::tsquery)")
                    }
                }
                self.appendQualifiers(query, spellings: spellings, to: &sql)
                try self.appendWindow(below: below, size: size, to: &sql)
                return try self.scored(sql)
            }, summaries: summaries)
    }

    /// ` AND id < below ORDER BY id DESC LIMIT size`: the newest of the window.
    private func appendWindow(below: Int64?, size: Int?, to sql: inout QueryBuilder) throws {
        if let below { sql.append(" AND id < \(sql.bind(below))") }
        sql.append(" ORDER BY id DESC")
        if let size { sql.append(" LIMIT \(sql.bind(Int64(size)))") }
    }

    private func scored(_ sql: QueryBuilder) throws -> [SearchWindowPaging.Scored] {
        try session.run { connection in
            try session.rows(connection, sql.query).map { row in
                let (id, score) = try row.decode((Int64, Double).self)
                return SearchWindowPaging.Scored(id: id, score: score)
            }
        }
    }

    /// The newest `size` entries below `below` holding `text` byte for byte in any field.
    private func symbolsWindow(
        _ text: String, filter: EntryFilter, spellings: TagSpellings, below: Int64?, size: Int?
    ) throws -> [SearchWindowPaging.Scored] {
        var sql = QueryBuilder()
        let needle = sql.bind(EntryRows.bytes(text))
        sql.append(
            """
            SELECT id, 0::float8 FROM entry
            WHERE (position(\(needle) IN title) > 0 OR position(\(needle) IN body) > 0
               OR position(\(needle) IN "moreDetails") > 0
               OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE position(\(needle) IN tag) > 0))
            """)
        appendFilter(filter, spellings: spellings, to: &sql, joining: " AND ")
        try appendWindow(below: below, size: size, to: &sql)
        return try scored(sql)
    }

    /// A window of a query with a phrase: the entries the index finds, newest first in batches, kept
    /// when ``PhraseCheck`` finds the phrase in their text, until the window is full.
    private func checkedWindow(
        _ query: SearchQuery, _ tsquery: SearchQueryTSQuery, spellings: TagSpellings, below: Int64?, size: Int?
    ) throws -> [SearchWindowPaging.Scored] {
        let check = PhraseCheck(query)
        let batch = Int64(max(200, min(size ?? 1_000, 1_000)))
        var found: [SearchWindowPaging.Scored] = []
        var cursor = below
        while size.map({ found.count < $0 }) ?? true {
            var sql = QueryBuilder()
            let rank =
                tsquery.match.map { "ts_rank('\(SearchVector.rankWeights)', search, \(sql.bind($0))::tsquery, 1)" }
                ?? #""createdAt"::real"#
            sql.append("SELECT \(EntryRows.entryColumns), \(rank) FROM entry WHERE ")
            if let match = tsquery.match {
                sql.append("search @@ \(sql.bind(match))::tsquery")
            } else {
                sql.append("true")
                if let excluded = tsquery.excludedWords {
                    sql.append(" AND NOT (search @@ \(sql.bind(excluded))::tsquery)")
                }
            }
            appendQualifiers(query, spellings: spellings, to: &sql)
            try appendWindow(below: cursor, size: Int(batch), to: &sql)
            let rows = try session.run { connection in
                try session.rows(connection, sql.query).map(EntryRows.scoredEntry)
            }
            for row in rows where (size.map { found.count < $0 } ?? true) && check.admits(row.entry) {
                let score =
                    tsquery.match == nil ? Double(StoredDate.milliseconds(row.entry.createdAt)) : Double(row.score)
                found.append(.init(id: row.entry.id, score: score))
            }
            guard Int64(rows.count) == batch, let last = rows.last else { break }
            cursor = last.entry.id
        }
        return found
    }
}
