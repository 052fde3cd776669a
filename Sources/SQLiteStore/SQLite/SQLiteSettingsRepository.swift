import EntryModel
import GRDB

/// The `settings` table of an SQLite database: a ``SettingsRepository`` on GRDB.
///
/// Get one from ``EntryDatabase/settings``. Values are kept byte for byte.
public final class SQLiteSettingsRepository: SettingsRepository {
    private let writer: any DatabaseWriter
    private let path: String
    private let isReadOnly: Bool
    private let timeLimit: QueryTimeLimit
    /// An encrypted journal's key, kept while the repository is (see ``SQLiteEntryRepository/encryptionKey``).
    private let encryptionKey: JournalKey?

    init(
        writer: any DatabaseWriter, path: String, isReadOnly: Bool, timeLimit: QueryTimeLimit = QueryTimeLimit(),
        encryptionKey: JournalKey? = nil
    ) {
        self.encryptionKey = encryptionKey
        self.writer = writer
        self.timeLimit = timeLimit
        self.path = path
        self.isReadOnly = isReadOnly
    }

    /// Reads the row of `key` from the `settings` table, one statement.
    public func value(forKey key: String) throws -> String? {
        try translatingErrors(path: path) {
            try writer.read { db in
                try timeLimit.run(on: db, path: path) {
                    try db.revalidateSchema()
                    let statement = try RawStatement(db, sql: "SELECT value FROM settings WHERE key = ?")
                    try statement.bind(key, at: 1)
                    defer { statement.reset() }
                    return try statement.step() ? statement.text(at: 0) : nil
                }
            }
        }
    }

    /// Reads the rows of `keys` in one read, one prepared statement run once per key.
    public func values(forKeys keys: [String]) throws -> [String: String] {
        try translatingErrors(path: path) {
            try writer.read { db in
                try timeLimit.run(on: db, path: path) {
                    try db.revalidateSchema()
                    let statement = try RawStatement(db, sql: "SELECT value FROM settings WHERE key = ?")
                    var values: [String: String] = [:]
                    for key in keys {
                        try statement.bind(key, at: 1)
                        defer { statement.reset() }
                        if try statement.step() { values[key] = statement.text(at: 0) }
                    }
                    return values
                }
            }
        }
    }

    /// Upserts the row of `key` (deletes it when `value` is nil); a read-only database refuses with
    /// ``EntryStoreError/readOnly(path:)``.
    public func setValue(_ value: String?, forKey key: String) throws {
        if isReadOnly { throw EntryStoreError.readOnly(path: path) }
        try writer.translatedWrite(path: path, timeLimit: timeLimit) { db in
            if let value {
                let statement = try RawStatement(
                    db,
                    sql: """
                        INSERT INTO settings (key, value) VALUES (?, ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """)
                try statement.bind(key, at: 1)
                try statement.bind(value, at: 2)
                try statement.run()
            } else {
                let statement = try RawStatement(db, sql: "DELETE FROM settings WHERE key = ?")
                try statement.bind(key, at: 1)
                try statement.run()
            }
        }
    }
}
