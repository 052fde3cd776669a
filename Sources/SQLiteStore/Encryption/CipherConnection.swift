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
    /// A page read from SQLite's own cache is plaintext already; one read past it is opened again
    /// (about 3 µs), where a plain journal's costs a copy from the system's file cache. So an encrypted
    /// journal's connections keep a larger page cache: up to ``cacheKibibytes`` of pages, filled only
    /// as pages are read (the first screen reads a few dozen).
    static func prepare(_ db: Database) throws {
        var reserved = Int32(ENTRIES_CIPHER_RESERVED_BYTES)
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved)
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)")
    }

    /// The page cache of each connection to an encrypted journal, in KiB (SQLite's default is 2,000).
    static let cacheKibibytes = 32_768
}
