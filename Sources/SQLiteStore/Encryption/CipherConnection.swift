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
    /// A reading connection's page cache holds `readerCacheKibibytes` (`JournalKey.readerCacheKibibytes`):
    /// where a plain journal's pages read past SQLite's cache come from the system's file cache, an
    /// encrypted journal's are read and opened again (its AEAD, about 0.5 µs a page), so the memory an
    /// encrypted journal may cost more goes to SQLite's cache, where a page found costs nothing more.
    /// The cipher keeps no opened page of its own by default (Sources/SQLiteCipher/CipherPageCache.c):
    /// copying every page into such a cache and out of it cost more than opening it again.
    static func prepare(_ db: Database, readerCacheKibibytes: Int) throws {
        var reserved = Int32(ENTRIES_CIPHER_RESERVED_BYTES)
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved)
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
        if db.configuration.readonly {
            try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKibibytes)")
        }
    }
}
