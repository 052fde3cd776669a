import EntryModel
import PostgresNIO

/// The query language on PostgreSQL (``SearchQueryTSQuery``): words, `OR` groups and exclusions in
/// the `tsquery` under the GIN index; `tag:` (the GIN index on tags) and `date:` (`"createdAt"`) in
/// the same statement, before the ranking window, so a rare tag among common words is not lost past
/// it. Ranked as plain words are: `ts_rank` over the newest `searchRankingWindow` matches.
extension PostgreSQLEntryRepository {
    func search(_ query: SearchQuery, limit: Int) throws -> [EntrySummary] {
        let tsquery = SearchQueryTSQuery(query)
        guard !tsquery.matchesNothing else { return [] }
        let spellings = try tagSpellings(query.namedTags)
        if tsquery.needsTextCheck { return try searchCheckingText(query, tsquery, spellings: spellings, limit: limit) }
        var sql = QueryBuilder()
        if let match = tsquery.match {
            let window = Int64(max(searchRankingWindow, limit))
            let matchPlaceholder = sql.bind(match)
            sql.append(
                """
                SELECT \(EntryRows.summaryColumns) FROM (
                    SELECT id, title, tags, "createdAt", "updatedAt", starred, words,
                           ts_rank('\(SearchVector.rankWeights)', search, \(matchPlaceholder)::tsquery, 1) AS score
                    FROM entry WHERE search @@ \(matchPlaceholder)::tsquery
                """)
            appendQualifiers(query, spellings: spellings, to: &sql)
            sql.append(
                " ORDER BY id DESC LIMIT \(sql.bind(window))) AS hit ORDER BY score DESC, id DESC LIMIT \(sql.bind(Int64(limit)))"
            )
        } else {
            // Nothing to look for but qualifiers (and what to leave out): the newest entries that fit.
            sql.append("SELECT \(EntryRows.summaryColumns) FROM entry WHERE true")
            appendQualifiers(query, spellings: spellings, to: &sql)
            if let excluded = tsquery.excludedWords {
                sql.append(" AND NOT (search @@ \(sql.bind(excluded))::tsquery)")
            }
            sql.append(#" ORDER BY "createdAt" DESC, id DESC LIMIT \#(sql.bind(Int64(limit)))"#)
        }
        return try session.run { connection in try session.rows(connection, sql.query).map(EntryRows.summary) }
    }

    /// ` AND` the tags (each in any of its spellings, ``TagSpellings``) and the date span of the query.
    func appendQualifiers(_ query: SearchQuery, spellings: TagSpellings, to sql: inout QueryBuilder) {
        for tag in query.tags {
            sql.append(" AND " + spellings.condition(tag, in: &sql))
        }
        for group in query.tagAlternatives {
            sql.append(" AND " + spellings.conditionForAny(group, in: &sql))
        }
        if !query.excludedTags.isEmpty {
            sql.append(" AND NOT (" + spellings.conditionForAny(query.excludedTags, in: &sql) + ")")
        }
        if let created = query.created {
            let start = StoredDate.milliseconds(created.start)
            let end = StoredDate.milliseconds(created.end)
            sql.append(#" AND "createdAt" >= \#(sql.bind(start)) AND "createdAt" < \#(sql.bind(end))"#)
        }
    }

    /// A query with a phrase: the entries the index finds (holding the phrase's words), read page by
    /// page in the order the ranking window takes them, are checked against the text by
    /// ``PhraseCheck`` (order of words, excluded phrases) until the window is full.
    private func searchCheckingText(
        _ query: SearchQuery, _ tsquery: SearchQueryTSQuery, spellings: TagSpellings, limit: Int
    ) throws -> [EntrySummary] {
        let check = PhraseCheck(query)
        // With words to match, the window of the newest matches is ranked; without, the newest
        // `limit` that fit are the answer.
        let wanted = tsquery.match == nil ? limit : max(searchRankingWindow, limit)
        let batch = Int64(max(200, min(wanted, 1_000)))
        var found: [(summary: EntrySummary, score: Double)] = []
        var after: EntrySummary?
        while found.count < wanted {
            var sql = QueryBuilder()
            let rank =
                tsquery.match.map { "ts_rank('\(SearchVector.rankWeights)', search, \(sql.bind($0))::tsquery, 1)" }
                ?? "0::real"
            sql.append("SELECT \(EntryRows.entryColumns), \(rank) FROM entry WHERE ")
            if let match = tsquery.match {
                sql.append("search @@ \(sql.bind(match))::tsquery")
                if let after { sql.append(" AND id < \(sql.bind(after.id))") }
            } else {
                sql.append("true")
                if let excluded = tsquery.excludedWords {
                    sql.append(" AND NOT (search @@ \(sql.bind(excluded))::tsquery)")
                }
                if let after {
                    sql.append(" AND ")
                    PostgreSQLKeyset(order: .newest).comparison(after, after: true, into: &sql)
                }
            }
            appendQualifiers(query, spellings: spellings, to: &sql)
            let order = tsquery.match == nil ? #""createdAt" DESC, id DESC"# : "id DESC"
            sql.append(" ORDER BY \(order) LIMIT \(sql.bind(batch))")
            let rows = try session.run { connection in
                try session.rows(connection, sql.query).map(EntryRows.scoredEntry)
            }
            for row in rows where found.count < wanted && check.admits(row.entry) {
                found.append((row.entry.summary, Double(row.score)))
            }
            guard Int64(rows.count) == batch, let last = rows.last else { break }
            after = last.entry.summary
        }
        if tsquery.match == nil { return Array(found.prefix(limit).map(\.summary)) }
        return Array(
            found.sorted { $0.score != $1.score ? $0.score > $1.score : $0.summary.id > $1.summary.id }
                .prefix(limit).map(\.summary))
    }
}
