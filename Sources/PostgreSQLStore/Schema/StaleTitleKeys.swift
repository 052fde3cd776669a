import EntryModel
import NIOCore
import PostgresNIO

/// Makes again the title keys an older version made (marked by a negative `"titleLength"`, see
/// `PostgreSQLSchema+TitleKey.swift`), in `entry` and in the trash, a thousand rows per statement.
/// Runs at every open; once none is stale, it costs one probe of an empty partial index per table.
/// Two clients doing it at once write the same keys.
enum StaleTitleKeys {
    static let batchSize = 1_000

    static func remake(_ session: PostgreSQLSession) throws {
        for table in ["entry", #""trashedEntry""#] {
            while try remakeBatch(in: table, session) == batchSize {}
        }
    }

    /// Remakes the keys of up to ``batchSize`` stale rows of `table`; returns how many.
    private static func remakeBatch(in table: String, _ session: PostgreSQLSession) throws -> Int {
        try session.transaction { connection in
            let rows = try session.rows(
                connection,
                """
                SELECT id, title FROM \(unescaped: table) WHERE "titleLength" < 0 ORDER BY id LIMIT \(batchSize) FOR UPDATE
                """
            ).map { try $0.decode((Int64, ByteBuffer).self) }
            guard !rows.isEmpty else { return 0 }
            let keys = rows.map { StoredTitleKey(String(buffer: $0.1)) }
            let ids = rows.map(\.0)
            let bytes = keys.map { ByteBuffer(bytes: $0.key) }
            let lengths = keys.map(\.length)
            _ = try session.rows(
                connection,
                """
                UPDATE \(unescaped: table) AS stale SET "titleKey" = fresh.key, "titleLength" = fresh.length
                FROM unnest(\(ids)::bigint[], \(bytes)::bytea[], \(lengths)::integer[]) AS fresh(id, key, length)
                WHERE stale.id = fresh.id
                """)
            return rows.count
        }
    }
}
