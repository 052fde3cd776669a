import GRDB
import GRDBSQLite
import SQLiteCipher

/// What every connection to an encrypted journal sets before its first statement.
enum CipherConnection {
    /// Leaves room at the end of every page for its nonce and tag (a new database takes the
    /// reserve from its first write; an existing one keeps its own, and the cipher refuses to write
    /// a first page without it), and keeps temporary tables and indexes in memory (the cipher's VFS
    /// keeps any other temporary file in memory too). See
    /// <https://www.sqlite.org/c3ref/c_fcntl_begin_atomic_write.html#sqlitefcntlreservebytes> and
    /// <https://www.sqlite.org/pragma.html#pragma_temp_store>.
    ///
    /// Pages are cached as for a plain journal: SQLite's own cache per connection at its default
    /// size, and below it, where a plain journal has the system's file cache, the cipher's cache of
    /// opened pages (Sources/SQLiteCipher/CipherPageCache.c), one per journal key shared by every
    /// connection, so that a page read again is copied rather than authenticated and decrypted again.
    static func prepare(_ db: Database) throws {
        var reserved = Int32(ENTRIES_CIPHER_RESERVED_BYTES)
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved)
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
    }
}
