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

    init(writer: any DatabaseWriter, path: String, isReadOnly: Bool, searchRankingWindow: Int) {
        self.writer = writer
        self.path = path
        self.isReadOnly = isReadOnly
        self.searchRankingWindow = searchRankingWindow
    }

    public func count(filter: EntryFilter) throws -> Int {
        try read { db in
            let statement: RawStatement
            if let tag = filter.tag {
                statement = try RawStatement(db, sql: "SELECT count(*) FROM entryTag WHERE tag = ?")
                try statement.bind(tag, at: 1)
            } else {
                statement = try RawStatement(db, sql: "SELECT count(*) FROM entry")
            }
            defer { statement.reset() }
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    public func page(_ request: PageRequest) throws -> [EntrySummary] {
        guard request.limit > 0 else { return [] }
        let query = KeysetQuery.page(request)
        let rows = try read { db in
            try EntryColumns.all(try prepare(db, query), EntryColumns.summary(from:))
        }
        return query.isReversed ? rows.reversed() : rows
    }

    public func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        let query = KeysetQuery.index(of: entry, order: order, filter: filter)
        return try read { db in
            let statement = try prepare(db, query)
            defer { statement.reset() }
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    public func entry(id: Int64) throws -> Entry? {
        try read { db in try Self.fetchEntry(db, id: id) }
    }

    public func search(_ query: String, limit: Int) throws -> [EntrySummary] {
        guard limit > 0, let match = FullTextQuery.matchExpression(for: query) else { return [] }
        return try read { db in
            // bm25 has to score every match before the best ones are known: bound that work to the
            // newest `searchRankingWindow` matches, found cheaply by walking the index in rowid order.
            var lowestRowid: Int64?
            if searchRankingWindow > 0 {
                let window = try RawStatement(db, sql: """
                    SELECT rowid FROM entryFTS WHERE entryFTS MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?
                    """)
                try window.bind(match, at: 1)
                try window.bind(Int64(searchRankingWindow - 1), at: 2)
                if try window.step() { lowestRowid = window.int64(at: 0) }
                window.reset()
            }
            let statement = try RawStatement(db, sql: """
                SELECT \(EntryColumns.summary) FROM entryFTS JOIN entry ON entry.id = entryFTS.rowid
                WHERE entryFTS MATCH ? AND entryFTS.rowid >= ? ORDER BY entryFTS.rank, entry.id DESC LIMIT ?
                """)
            try statement.bind(match, at: 1)
            try statement.bind(lowestRowid ?? Int64.min, at: 2)
            try statement.bind(Int64(limit), at: 3)
            return try EntryColumns.all(statement, EntryColumns.summary(from:))
        }
    }

    public func tags() throws -> [TagCount] {
        try read { db in
            let statement = try RawStatement(db, sql: """
                SELECT tag, count(*) FROM entryTag GROUP BY tag ORDER BY tag COLLATE NOCASE, tag
                """)
            return try EntryColumns.all(statement) { TagCount(tag: $0.text(at: 0), count: Int($0.int64(at: 1))) }
        }
    }

    // MARK: - Helpers shared with the writing side

    /// Runs a read, translating errors.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors(path: path) { try writer.read(body) }
    }

    static func fetchEntry(_ db: Database, id: Int64) throws -> Entry? {
        let statement = try RawStatement(db, sql: "SELECT \(EntryColumns.entry) FROM entry WHERE id = ?")
        try statement.bind(id, at: 1)
        defer { statement.reset() }
        return try statement.step() ? EntryColumns.entry(from: statement) : nil
    }

    private func prepare(_ db: Database, _ query: KeysetQuery) throws -> RawStatement {
        let statement = try RawStatement(db, sql: query.sql)
        for (offset, argument) in query.arguments.enumerated() {
            try argument.bind(to: statement, at: Int32(offset + 1))
        }
        return statement
    }
}
