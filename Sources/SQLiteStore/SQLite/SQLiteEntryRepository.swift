import EntryModel
import GRDB

/// The entries of an SQLite database: an ``EntryRepository`` on GRDB.
///
/// Get one from ``EntryDatabase/entries``. Reads run on GRDB's reader connections (in WAL mode they
/// never wait for writers); writes run one at a time on the writer connection. Every error is an
/// ``EntryStoreError``.
///
/// ```swift
/// let database = try EntryDatabase(path: "/tmp/notes.sqlite")
/// let first = try database.entries.page(PageRequest(order: .newest, limit: 50))
/// let next = try database.entries.page(PageRequest(order: .newest, anchor: .after(first[49])))
/// ```
public final class SQLiteEntryRepository: EntryRepository {
    let writer: any DatabaseWriter
    let path: String
    let isReadOnly: Bool
    /// See ``EntryDatabase/Configuration/searchRankingWindow``.
    let searchRankingWindow: Int
    /// Tags with fewer entries than this are filtered with ``TagStrategy/collect``, others with
    /// ``TagStrategy/probe``.
    let tagCollectLimit: Int
    /// See ``EntryDatabase/Configuration/queryTimeLimit``.
    let timeLimit: QueryTimeLimit
    /// False only for a database an older version wrote, opened read-only before its title keys were
    /// made (`EntrySchema+TitleKey.swift`): its titles sort as that version sorted them.
    let hasTitleKey: Bool
    /// False only for a database an older version wrote, opened read-only before its word counts were
    /// made (`EntrySchema+WordCount.swift`): its summaries count the words of the bodies they read.
    let hasWordCount: Bool
    /// The key of an encrypted journal, kept while the repository is: the pool opens reading
    /// connections later, through the key's handle. nil for a plain journal.
    let encryptionKey: JournalKey?
    /// True for an encrypted journal: nothing of it may be written outside its own files (no
    /// scratch file for an import's full-text index).
    var isEncrypted: Bool { encryptionKey != nil }
    /// What the last streamed insert's stages took (``lastStreamedInsertTimings``).
    let streamedInsertTimings = StreamedInsertTimingsRecord()

    /// Where the time of this repository's last streamed insert went (nil before the first). For
    /// benchmarks.
    public var lastStreamedInsertTimings: StreamedInsertTimings? { streamedInsertTimings.last }

    init(
        writer: any DatabaseWriter, path: String, isReadOnly: Bool, searchRankingWindow: Int,
        tagCollectLimit: Int = TagStrategy.collectLimit, timeLimit: QueryTimeLimit = QueryTimeLimit(),
        hasTitleKey: Bool = true, hasWordCount: Bool = true,
        encryptionKey: JournalKey? = nil
    ) {
        self.encryptionKey = encryptionKey
        self.writer = writer
        self.hasTitleKey = hasTitleKey
        self.hasWordCount = hasWordCount
        self.timeLimit = timeLimit
        self.path = path
        self.isReadOnly = isReadOnly
        self.searchRankingWindow = searchRankingWindow
        self.tagCollectLimit = tagCollectLimit
    }

    /// Reads the count the triggers keep (one row) when nothing is filtered, counts the tag's rows of
    /// `entryTag` for a single tag, and the matching rows of `entry` otherwise.
    public func count(filter: EntryFilter) throws -> Int {
        let filter = filter.tagKeyed
        return try read { db in
            if filter.created != nil || filter.starred || filter.tags.count > 1 {
                let conditions = FilterConditions(filter, tagStrategy: .collect, firstParameter: 1)
                let statement = try RawStatement(db, sql: "SELECT count(*) FROM entry\(conditions.whereClause)")
                defer { statement.reset() }
                for (offset, argument) in conditions.arguments.enumerated() {
                    try argument.bind(to: statement, at: Int32(offset + 1))
                }
                return try statement.step() ? Int(statement.int64(at: 0)) : 0
            }
            if let tag = filter.tag {
                return try Self.count(db, sql: "SELECT count(*) FROM entryTag WHERE tag = ?", tag)
            }
            // Kept by triggers (see EntrySchema.v2SQL): one row, whatever the size of the table. The
            // row is only missing if someone deleted it by hand; counting is then right, if slower.
            return try Self.count(db, sql: EntrySchema.selectCount)
                ?? Self.count(db, sql: "SELECT count(*) FROM entry") ?? 0
        } ?? 0
    }

    /// The integer the query returns, nil when it returns no row.
    private static func count(_ db: Database, sql: String, _ tag: String? = nil) throws -> Int? {
        let statement = try RawStatement(db, sql: sql)
        defer { statement.reset() }
        if let tag { try statement.bind(tag, at: 1) }
        return try statement.step() ? Int(statement.int64(at: 0)) : nil
    }

    /// Reads the page with one keyset query (`KeysetQuery`); with tags, the rarest tag's count picks
    /// whether the query collects the tagged ids first or probes each row (`TagStrategy`).
    public func page(_ request: PageRequest) throws -> [EntrySummary] {
        guard request.limit > 0 else { return [] }
        return try read { db in
            var request = request
            request.filter = request.filter.tagKeyed
            var strategy = TagStrategy.probe
            if !request.filter.tags.isEmpty {
                // The kept counts (v4, one lookup a tag); without them (a database older than v4,
                // read as it is), counting stops at the limit: a short index range per tag.
                var counts =
                    try KeptTagCounts.of(request.filter.tags, cappedAt: tagCollectLimit, in: db)?.mapValues(Int64.init)
                    ?? [:]
                if counts.isEmpty {
                    let count = try RawStatement(
                        db, sql: "SELECT count(*) FROM (SELECT 1 FROM entryTag WHERE tag = ? LIMIT ?)")
                    for tag in request.filter.tags {
                        try count.bind(tag, at: 1)
                        try count.bind(Int64(tagCollectLimit), at: 2)
                        counts[tag] = try count.step() ? count.int64(at: 0) : 0
                        count.reset()
                    }
                }
                let limit = Int64(tagCollectLimit)
                switch request.filter.tagMatch {
                case .all:
                    // The rarest tag first: the one collected, and the first probed.
                    request.filter.tags.sort { counts[$0, default: 0] < counts[$1, default: 0] }
                    if counts[request.filter.tags[0], default: 0] < limit { strategy = .collect }
                case .any:
                    if counts.values.reduce(0, +) < limit { strategy = .collect }
                }
            }
            let query = KeysetQuery.page(request, tagStrategy: strategy, hasTitleKey: hasTitleKey)
            let rows = try EntryColumns.all(try prepare(db, query), EntryColumns.summary(from:))
            return query.isReversed ? rows.reversed() : rows
        }
    }

    /// Counts the rows before `entry` with one keyset query on the order's index.
    public func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        let query = KeysetQuery.index(of: entry, order: order, filter: filter.tagKeyed, hasTitleKey: hasTitleKey)
        return try read { db in
            let statement = try prepare(db, query)
            defer { statement.reset() }
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    /// Reads the row by id, one statement.
    public func entry(id: Int64) throws -> Entry? {
        try read { db in try Self.fetchEntry(db, id: id) }
    }

    /// Reads the rows one id at a time, all in one read transaction.
    public func entries(ids: [Int64]) throws -> [Entry] {
        try read { db in try ids.compactMap { try Self.fetchEntry(db, id: $0) } }
    }

    /// Ranks matches of the FTS5 index within the newest `searchRankingWindow` of them; a query of
    /// symbols only scans the table for the text. Stopped by the time limit, it throws
    /// ``EntryStoreError/searchTooSlow(seconds:)``.
    public func search(_ query: String, limit: Int) throws -> [EntrySummary] {
        try searching { try searchWithinTimeLimit(query, limit: limit) }
    }

    /// Runs a search: one stopped by the time limit asked too much (common words, a long phrase),
    /// and says so, rather than "the file may be damaged" of any other read stopped that way.
    func searching<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch EntryStoreError.tooSlow(_, let seconds) {
            throw EntryStoreError.searchTooSlow(seconds: seconds)
        }
    }

    private func searchWithinTimeLimit(_ query: String, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        // Read leniently: the app searches at every key, half-written queries included.
        guard let parsed = SearchQueryParser.lenientQuery(query)?.tagKeyed else { return [] }
        if !parsed.isPlainWords {
            let window = searchRankingWindow > 0 ? Int64(max(searchRankingWindow, limit)) : nil
            do {
                return try read { db in
                    let statementSQL = SearchQuerySQL(
                        parsed, window: window, limit: limit, rareTag: try RareTagPlan.tag(of: parsed, in: db))
                    let statement = try summaryStatement(db, sql: statementSQL.sql)
                    try statementSQL.bind(to: statement)
                    return try EntryColumns.all(statement, EntryColumns.summary(from:))
                }
            } catch EntryStoreError.other(let message) where message.contains("fts5") {
                return []  // as below: a word the tokenizer splits in two matches nothing
            }
        }
        // The words as read (a skipped OR or lone - is not a word to find).
        let words = parsed.plainWords.joined(separator: " ")
        guard let fullText = FullTextQuery(words) else {
            guard let symbols = SearchTokens.symbolText(in: query) else { return [] }
            return try read { db in try searchText(db, symbols, limit: limit) }
        }
        do {
            return try read { db in try search(db, fullText, words: words, limit: limit) }
        } catch EntryStoreError.other(let message) where message.contains("fts5") {
            // A word that SQLite's tokenizer splits in two (a letter newer than its Unicode tables)
            // makes a phrase, which detail=column cannot search: such a word matches nothing.
            return []
        }
    }

    /// Ranks the newest `searchRankingWindow` matches (all of them when 0), or the newest `limit`
    /// when more are asked for, and returns the best.
    ///
    /// Two costs grow with the size of the index and not with the LIMIT: ranking every match, and
    /// merging the index entries of every word that starts with a prefix. The window bounds the first.
    /// The second is skipped when the last word, taken whole, already fills the window (the words it
    /// is a prefix of could not change much among so many matches); otherwise the merge happens once,
    /// in the pass that ranks the window, over the prefix's completions (``PrefixCompletions``).
    private func search(_ db: Database, _ fullText: FullTextQuery, words: String, limit: Int) throws -> [EntrySummary] {
        let window = searchRankingWindow > 0 ? Int64(max(searchRankingWindow, limit)) : -1
        guard fullText.prefix != nil else {
            return try rankMatches(
                db, fullText.exact, from: window > 0 ? windowBound(db, match: fullText.exact, window: window) : nil,
                limit: limit)
        }
        if window > 0, let bound = try windowBound(db, match: fullText.exact, window: window) {
            return try rankMatches(db, fullText.exact, from: bound, limit: limit)
        }
        let match = try PrefixCompletions.match(fullText, text: words, in: db)
        // FTS5 returns matches newest first without sorting: rank the first `window` of them.
        let statement = try summaryStatement(
            db,
            sql: """
                SELECT \(EntryColumns.summary) FROM (
                    SELECT entryFTS.rowid AS id, \(EntryRankFunction.call(groupedFrom: "?")) AS score
                    FROM entryFTS \(EntryRankFunction.docsizeJoin)
                    WHERE entryFTS MATCH ? ORDER BY entryFTS.rowid DESC LIMIT ?
                ) AS hit JOIN entry ON entry.id = hit.id
                ORDER BY hit.score, entry.id DESC LIMIT ?
                """)
        try statement.bind(match.groupedFrom, at: 1)
        try statement.bind(match.expression, at: 2)
        try statement.bind(window, at: 3)
        try statement.bind(Int64(limit), at: 4)
        return try EntryColumns.all(statement, EntryColumns.summary(from:))
    }

    /// The newest `limit` entries whose title, body, more details or tags contain `text`, byte for
    /// byte: a scan of the table, newest first, that stops at the limit (the full-text index cannot
    /// find symbols; see ``SearchTokens/symbolText(in:)``).
    private func searchText(_ db: Database, _ text: String, limit: Int) throws -> [EntrySummary] {
        let statement = try summaryStatement(
            db,
            sql: """
                SELECT \(EntryColumns.summary) FROM entry
                WHERE instr(title, ?1) > 0 OR instr(body, ?1) > 0 OR instr(moreDetails, ?1) > 0 OR instr(tags, ?1) > 0
                ORDER BY id DESC LIMIT ?2
                """)
        try statement.bind(text, at: 1)
        try statement.bind(Int64(limit), at: 2)
        return try EntryColumns.all(statement, EntryColumns.summary(from:))
    }

    /// The best `limit` matches of `match` among those from rowid `lowestRowid` on (all when nil).
    /// For a query without a prefix, whose matches FTS5 reads lazily, in rowid order.
    private func rankMatches(
        _ db: Database, _ match: String, from lowestRowid: Int64?, limit: Int
    ) throws -> [EntrySummary] {
        let statement = try summaryStatement(
            db,
            sql: """
                SELECT \(EntryColumns.summary) FROM entryFTS JOIN entry ON entry.id = entryFTS.rowid \(EntryRankFunction.docsizeJoin)
                WHERE entryFTS MATCH ? AND entryFTS.rowid >= ?
                ORDER BY \(EntryRankFunction.call()), entry.id DESC LIMIT ?
                """)
        try statement.bind(match, at: 1)
        try statement.bind(lowestRowid ?? Int64.min, at: 2)
        try statement.bind(Int64(limit), at: 3)
        return try EntryColumns.all(statement, EntryColumns.summary(from:))
    }

    /// The rowid of the `window`-th newest match, or nil when there are fewer matches.
    /// Walking the index of a whole word in rowid order costs no ranking, and stops there.
    private func windowBound(_ db: Database, match: String, window: Int64) throws -> Int64? {
        let statement = try RawStatement(
            db,
            sql: """
                SELECT rowid FROM entryFTS WHERE entryFTS MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?
                """)
        try statement.bind(match, at: 1)
        try statement.bind(window - 1, at: 2)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Reads the kept count of each tag key (v4), spelled as the newest entry carrying it: one row per
    /// tag, whatever the number of entries.
    public func tags() throws -> [TagCount] {
        try read { db in
            // The kept counts (v4): a row per tag, whatever the number of entries. A database opened
            // read-only before that migration counts its tag rows.
            let source =
                try db.hasSchemaObject(named: "entryTagCount")
                ? "SELECT tag, count FROM entryTagCount"
                : "SELECT tag, count(*) FROM entryTag GROUP BY tag"
            let statement = try RawStatement(db, sql: source)
            let keys = try EntryColumns.all(statement) { TagCount(tag: $0.text(at: 0), count: Int($0.int64(at: 1))) }
            // The rows hold keys (v8); each is shown as the newest entry carrying it spells it
            // (``TagCount``): one seek for the entry, one for its row.
            let newest = try RawStatement(
                db, sql: "SELECT tags FROM entry WHERE id = (SELECT max(entryId) FROM entryTag WHERE tag = ?)")
            let spelled = try keys.map { counted -> TagCount in
                try newest.bind(counted.tag, at: 1)
                defer { newest.reset() }
                guard try newest.step() else { return counted }
                let spelling = TagList.decode(newest.text(at: 0)).first { TagKey.key($0) == counted.tag }
                return TagCount(tag: spelling ?? counted.tag, count: counted.count)
            }
            return TagCount.sortedForDisplay(spelled)
        }
    }

    // MARK: - Helpers shared with the writing side

    /// Runs a read within the time limit, translating errors. The read starts by taking in any
    /// schema change made by another connection (``GRDB/Database/revalidateSchema()``).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors(path: path) {
            try writer.read { db in
                try timeLimit.run(on: db, path: path) {
                    try db.revalidateSchema()
                    return try body(db)
                }
            }
        }
    }

    static func fetchEntry(_ db: Database, id: Int64) throws -> Entry? {
        let statement = try RawStatement(db, sql: "SELECT \(EntryColumns.entry) FROM entry WHERE id = ?")
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? EntryColumns.entry(from: statement) : nil
    }

    /// The statement of `sql`, a query of ``EntryColumns/summary``: on a database without the word
    /// count, the summaries read the body in its place, and ``EntryColumns/summary(from:)`` counts it.
    func summaryStatement(_ db: Database, sql: String) throws -> RawStatement {
        guard !hasWordCount else { return try RawStatement(db, sql: sql) }
        return try RawStatement(
            db, sql: sql.replacingOccurrences(of: EntryColumns.summary, with: EntryColumns.summaryCountingWords))
    }

    private func prepare(_ db: Database, _ query: KeysetQuery) throws -> RawStatement {
        let statement = try summaryStatement(db, sql: query.sql)
        for (offset, argument) in query.arguments.enumerated() {
            try argument.bind(to: statement, at: Int32(offset + 1))
        }
        return statement
    }
}
