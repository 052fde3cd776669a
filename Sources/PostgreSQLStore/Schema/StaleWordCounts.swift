import EntryModel
import NIOCore
import PostgresNIO

/// Counts the words of the rows the word count's migration left stale (a negative `words`, see
/// `PostgreSQLSchema+WordCount.swift`), in `entry` and in the trash, a thousand rows per statement.
/// Runs at every open; once none is stale, it costs one probe of an empty partial index per table.
/// Two clients doing it at once write the same counts.
enum StaleWordCounts {
    static let batchSize = 1_000

    static func count(_ session: PostgreSQLSession) throws {
        for table in ["entry", #""trashedEntry""#] {
            while try countBatch(in: table, session) == batchSize {}
        }
    }

    /// Counts the words of up to ``batchSize`` stale rows of `table`; returns how many.
    private static func countBatch(in table: String, _ session: PostgreSQLSession) throws -> Int {
        try session.transaction { connection in
            let rows = try session.rows(
                connection,
                """
                SELECT id, body FROM \(unescaped: table) WHERE words < 0 ORDER BY id LIMIT \(batchSize) FOR UPDATE
                """
            ).map { try $0.decode((Int64, ByteBuffer).self) }
            guard !rows.isEmpty else { return 0 }
            let ids = rows.map(\.0)
            let counts = rows.map { Int32(clamping: WordCount.of(String(buffer: $0.1))) }
            _ = try session.rows(
                connection,
                """
                UPDATE \(unescaped: table) AS stale SET words = fresh.words
                FROM unnest(\(ids)::bigint[], \(counts)::integer[]) AS fresh(id, words)
                WHERE stale.id = fresh.id
                """)
            return rows.count
        }
    }
}
