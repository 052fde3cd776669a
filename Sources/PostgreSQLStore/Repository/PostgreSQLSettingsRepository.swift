import EntryModel
import NIOCore
import PostgresNIO

/// The preferences of a PostgreSQL journal (the `setting` table), shared by everyone who opens it.
public final class PostgreSQLSettingsRepository: SettingsRepository {
    let session: PostgreSQLSession

    init(session: PostgreSQLSession) {
        self.session = session
    }

    /// Reads the row of `key` from the `setting` table, one statement.
    public func value(forKey key: String) throws -> String? {
        try session.run { connection in
            try session.rows(connection, "SELECT value FROM setting WHERE key = \(EntryRows.bytes(key))")
                .first.map { String(buffer: try $0.decode(ByteBuffer.self)) }
        }
    }

    /// Upserts the row of `key`, or deletes it when `value` is nil, one statement.
    public func setValue(_ value: String?, forKey key: String) throws {
        try session.run { connection in
            if let value {
                _ = try session.rows(
                    connection,
                    """
                    INSERT INTO setting (key, value) VALUES (\(EntryRows.bytes(key)), \(EntryRows.bytes(value)))
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """)
            } else {
                _ = try session.rows(connection, "DELETE FROM setting WHERE key = \(EntryRows.bytes(key))")
            }
        }
    }
}
