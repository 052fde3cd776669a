import EntryModel
import PostgresNIO

/// Brings a database to ``PostgreSQLSchema/version``, or refuses it: a database of another application
/// (tables, none of them ours) and a newer schema are left exactly as they were.
enum PostgreSQLMigrator {
    /// Returns true when the database was empty and now holds a new journal.
    @discardableResult
    static func migrate(_ session: PostgreSQLSession) throws -> Bool {
        try session.transaction { connection in
            // Two clients opening a new database at once: the second waits, then finds it migrated.
            _ = try session.rows(connection, "SELECT pg_advisory_xact_lock(7308457720318119985)")
            let current = try currentVersion(session, connection)
            if current > PostgreSQLSchema.version {
                throw EntryStoreError.newerSchema(path: session.location.description)
            }
            for version in stride(from: current + 1, through: PostgreSQLSchema.version, by: 1) {
                if version == 1 {
                    try PostgreSQLSession.execute(
                        connection,
                        """
                        CREATE TABLE entries_schema (version integer PRIMARY KEY, "appliedAt" timestamptz NOT NULL DEFAULT now())
                        """, logger: session.logger)
                }
                for statement in PostgreSQLSchema.migrations[version - 1] {
                    try PostgreSQLSession.execute(connection, statement, logger: session.logger)
                }
                _ = try session.rows(connection, "INSERT INTO entries_schema (version) VALUES (\(version))")
            }
            return current == 0
        }
    }

    /// 0 for an empty database; throws for a database of another application.
    private static func currentVersion(_ session: PostgreSQLSession, _ connection: PostgresConnection) throws -> Int {
        let tables = try session.rows(
            connection,
            """
            SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()
            """
        ).map { try $0.decode(String.self) }
        guard tables.contains("entries_schema") else {
            if tables.isEmpty { return 0 }
            throw EntryStoreError.foreignServerDatabase(server: session.location.description)
        }
        let rows = try session.rows(connection, "SELECT coalesce(max(version), 0) FROM entries_schema")
        return try rows.first.map { try $0.decode(Int.self) } ?? 0
    }
}
