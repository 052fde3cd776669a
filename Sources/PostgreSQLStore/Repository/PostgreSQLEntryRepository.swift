import EntryModel
import NIOCore
import PostgreSQLAddress
import PostgresNIO

/// The entries of a PostgreSQL database: an ``EntryRepository`` on postgres-nio, shared by everyone
/// who opens the same database.
///
/// Get one from ``PostgreSQLDatabase/entries``. Calls block the calling thread until the server has
/// answered (see ``PostgreSQLSession``), so a UI calls them off its main thread. Every error is an
/// ``EntryStoreError``.
///
/// ```swift
/// let database = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: "postgresql://me@db/journal"))
/// let first = try database.entries.page(PageRequest(order: .newest, limit: 50))
/// ```
public final class PostgreSQLEntryRepository: EntryRepository {
    let session: PostgreSQLSession
    /// Search ranks the newest this many matches (or `limit`, when larger): ranking every match of a
    /// word found in half a million entries would take seconds. As in the SQLite store.
    let searchRankingWindow: Int
    /// What the last bulk insert's stages took (``lastImportTimings``).
    let importTimings = ImportTimingsRecord()

    /// Where the time of this repository's last bulk insert went (nil before the first): the `COPY`,
    /// the client's share of it, each index built after the rows, the commit. For benchmarks.
    public var lastImportTimings: PostgreSQLImportTimings? { importTimings.last }

    init(session: PostgreSQLSession, searchRankingWindow: Int = 5_000) {
        self.session = session
        self.searchRankingWindow = searchRankingWindow
    }

    /// The whole journal's count is the kept count (`PostgreSQLSchema+EntryCount.swift`): a sum of a
    /// few rows instead of a scan; one tag's is its kept tag count. Another filtered count reads the
    /// indexes of its filter.
    public func count(filter: EntryFilter) throws -> Int {
        let spellings = try tagSpellings(filter.tags)
        var query = QueryBuilder()
        query.append("SELECT count(*) FROM entry")
        appendFilter(filter, spellings: spellings, to: &query, joining: " WHERE ")
        if query.sql == "SELECT count(*) FROM entry" {
            query = QueryBuilder()
            query.append(PostgreSQLSchema.keptCount)
        } else if filter.tags.count == 1, !filter.starred, filter.created == nil {
            // One tag alone: its kept count (`PostgreSQLSchema+TagCount.swift`).
            query = QueryBuilder()
            query.append(#"SELECT coalesce(sum(delta), 0)::bigint FROM "entryTagCount" WHERE tag = ANY("#)
            query.append(query.bind(spellings.of(filter.tags[0])) + ")")
        }
        return try session.run { connection in
            try session.rows(connection, query.query).first.map { try $0.decode(Int.self) } ?? 0
        }
    }

    /// Reads the page with one keyset statement; a rare tag's entries are gathered first through the GIN
    /// index on tags and then sorted, instead of walking the order's index.
    public func page(_ request: PageRequest) throws -> [EntrySummary] {
        guard request.limit > 0 else { return [] }
        return try session.run { connection in
            let spellings = try TagSpellings.read(request.filter.tags, session: session, connection: connection)
            let plan = try TagFilterPlan.choose(
                for: request.filter, spellings: spellings, limit: request.limit, session: session,
                connection: connection)
            let (query, reversed) = pageQuery(request, spellings: spellings, plan: plan)
            let rows = try session.rows(connection, query).map(EntryRows.summary)
            return reversed ? rows.reversed() : rows
        }
    }

    /// The page's statement, and whether it reads the order backwards (the rows then come reversed).
    private func pageQuery(
        _ request: PageRequest, spellings: TagSpellings, plan: TagFilterPlan
    ) -> (PostgresQuery, reversed: Bool) {
        let keyset = PostgreSQLKeyset(order: request.order)
        var query = QueryBuilder()
        // A rare tag: every entry of it through the GIN index on tags, then sorted (`MATERIALIZED`
        // keeps the server from walking the order's index instead; see ``TagFilterPlan``).
        if plan.readsEveryTaggedEntry {
            query.append(
                #"WITH tagged AS MATERIALIZED (SELECT id, title, tags, "createdAt", "updatedAt", starred, words, "titleKey" FROM entry WHERE true"#
            )
        } else {
            query.append("SELECT \(EntryRows.summaryColumns) FROM entry WHERE true")
        }
        appendFilter(request.filter, spellings: spellings, to: &query, joining: " AND ")
        let reversed: Bool
        switch request.anchor {
        case .start:
            reversed = false
        case .end:
            reversed = true
        case .after(let anchor):
            query.append(" AND ")
            keyset.comparison(anchor, after: true, into: &query)
            reversed = false
        case .before(let anchor):
            query.append(" AND ")
            keyset.comparison(anchor, after: false, into: &query)
            reversed = true
        }
        if plan.readsEveryTaggedEntry { query.append(") SELECT \(EntryRows.summaryColumns) FROM tagged") }
        query.append(" ORDER BY \(keyset.orderBy(reversed: reversed)) LIMIT \(query.bind(Int64(request.limit)))")
        return (query.query, reversed)
    }

    /// Counts the rows before `entry` in the order, with the filter, one statement.
    public func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        let spellings = try tagSpellings(filter.tags)
        var query = QueryBuilder()
        query.append("SELECT count(*) FROM entry WHERE ")
        PostgreSQLKeyset(order: order).comparison(entry, after: false, into: &query)
        appendFilter(filter, spellings: spellings, to: &query, joining: " AND ")
        return try session.run { connection in
            try session.rows(connection, query.query).first.map { try $0.decode(Int.self) } ?? 0
        }
    }

    /// Reads the row through ``entries(ids:)``.
    public func entry(id: Int64) throws -> Entry? {
        try entries(ids: [id]).first
    }

    /// Reads every row in one statement (`id = ANY(…)`), then puts them in the order of `ids`.
    public func entries(ids: [Int64]) throws -> [Entry] {
        guard !ids.isEmpty else { return [] }
        let found = try session.run { connection in
            try session.rows(
                connection, "SELECT \(unescaped: EntryRows.entryColumns) FROM entry WHERE id = ANY(\(ids))"
            )
            .map(EntryRows.entry)
        }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Ranks the newest `searchRankingWindow` matches of the `tsvector` index by `ts_rank`, one statement;
    /// a query of symbols only finds the newest entries holding that text byte for byte.
    public func search(_ text: String, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        // Read leniently: the app searches at every key, half-written queries included.
        guard let parsed = SearchQueryParser.lenientQuery(text) else { return [] }
        if !parsed.isPlainWords { return try search(parsed, limit: limit) }
        // The words as read (a skipped OR or lone - is not a word to find).
        let words = parsed.plainWords.joined(separator: " ")
        guard let tsquery = SearchVector.query(words) else {
            guard SearchTokens.words(in: words).isEmpty, let symbols = SearchTokens.symbolText(in: text) else {
                return []
            }
            return try searchText(symbols, limit: limit)
        }
        let window = Int64(max(searchRankingWindow, limit))
        // The newest `window` matches (an index walk newest first that stops there), then ranked.
        let query: PostgresQuery = """
            SELECT \(unescaped: EntryRows.summaryColumns) FROM (
                SELECT id, title, tags, "createdAt", "updatedAt", starred, words,
                       ts_rank(\(unescaped: "'\(SearchVector.rankWeights)'"), search, \(tsquery)::tsquery, 1) AS score
                FROM entry WHERE search @@ \(tsquery)::tsquery ORDER BY id DESC LIMIT \(window)
            ) AS hit ORDER BY score DESC, id DESC LIMIT \(Int64(limit))
            """
        return try session.run { connection in try session.rows(connection, query).map(EntryRows.summary) }
    }

    /// The newest `limit` entries holding `text` byte for byte in any field (symbols are not words).
    private func searchText(_ text: String, limit: Int) throws -> [EntrySummary] {
        let needle = EntryRows.bytes(text)
        let query: PostgresQuery = """
            SELECT \(unescaped: EntryRows.summaryColumns) FROM entry
            WHERE position(\(needle) IN title) > 0 OR position(\(needle) IN body) > 0
               OR position(\(needle) IN "moreDetails") > 0
               OR EXISTS (SELECT 1 FROM unnest(tags) AS tag WHERE position(\(needle) IN tag) > 0)
            ORDER BY id DESC LIMIT \(Int64(limit))
            """
        return try session.run { connection in try session.rows(connection, query).map(EntryRows.summary) }
    }

    /// Sums the kept counts of each spelling by ``TagKey``; a tag spelled more than one way is shown as
    /// the newest entry carrying it spells it (one more statement for each such tag).
    public func tags() throws -> [TagCount] {
        try session.run { connection in
            // The kept counts (`PostgreSQLSchema+TagCount.swift`): a row or so per spelling, whatever the entries.
            var spellings: [String: [TagCount]] = [:]
            for row in try session.rows(connection, PostgresQuery(unsafeSQL: PostgreSQLSchema.keptTagCounts)) {
                let (tag, count) = try row.decode((ByteBuffer, Int).self)
                let spelling = String(buffer: tag)
                spellings[TagKey.key(spelling), default: []].append(TagCount(tag: spelling, count: count))
            }
            // Spellings of one tag count as one (``TagKey``), spelled as the newest entry carrying it spells it.
            let counts = try spellings.map { key, counted -> TagCount in
                let total = counted.reduce(0) { $0 + $1.count }
                guard counted.count > 1 else { return TagCount(tag: counted[0].tag, count: total) }
                let newest =
                    try session.rows(
                        connection,
                        """
                        SELECT tags FROM entry WHERE tags && \(counted.map { EntryRows.bytes($0.tag) })::bytea[] ORDER BY id DESC LIMIT 1
                        """
                    ).first.map { try $0.decode([ByteBuffer].self).map { String(buffer: $0) } } ?? []
                return TagCount(tag: newest.first { TagKey.key($0) == key } ?? counted[0].tag, count: total)
            }
            return TagCount.sortedForDisplay(counts)
        }
    }

    /// The filter's conditions after `joining`: ` AND tags && ARRAY[…]` (overlap) with the spellings
    /// of each tag when it names tags, all of them, or one overlap with the spellings of every tag
    /// for any of them (the GIN index on tags answers both), `starred` (each
    /// order's partial index of starred rows answers it), and a range of `"createdAt"` when it has one
    /// (the index on (`"createdAt"`, id) answers it, and pages newest or oldest seek on it).
    func appendFilter(_ filter: EntryFilter, spellings: TagSpellings, to query: inout QueryBuilder, joining: String) {
        var conditions: [String] = []
        if !filter.tags.isEmpty {
            if filter.tagMatch == .any && filter.tags.count > 1 {
                conditions.append(spellings.conditionForAny(filter.tags, in: &query))
            } else {
                for tag in filter.tags { conditions.append(spellings.condition(tag, in: &query)) }
            }
        }
        if filter.starred { conditions.append("starred") }
        if let created = filter.createdMilliseconds {
            conditions.append(
                #""createdAt" >= \#(query.bind(created.lowerBound)) AND "createdAt" < \#(query.bind(created.upperBound))"#
            )
        }
        guard !conditions.isEmpty else { return }
        query.append(joining + conditions.joined(separator: " AND "))
    }
}
