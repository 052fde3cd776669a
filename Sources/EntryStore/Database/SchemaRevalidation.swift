import GRDB

extension Database {
    /// Makes this connection notice a schema change committed by another connection, before the
    /// transaction it has just begun compiles any statement.
    ///
    /// A connection keeps the schema it last read, and SQLite checks it against the database's schema
    /// cookie only when a statement runs; a statement compiled against an outdated schema is then
    /// compiled again. With this schema that is not enough: after another process committed a schema
    /// change (a bulk import drops and recreates the full-text trigger and the sort indexes), a
    /// connection that began `BEGIN IMMEDIATE` with the old schema in memory and then compiled
    /// `INSERT INTO entry …` failed with "no such table: entry" (SQLite 3.40; compiling the insert
    /// trigger makes FTS5 run statements of its own, which find the schema changed and discard it
    /// in the middle of the compilation). The same steps from Python's sqlite3 fail the same way,
    /// and they succeed once a statement that reads the schema table has run first in the
    /// transaction: running it checks the cookie and reloads the schema if it changed.
    ///
    /// Costs one cached statement run (microseconds); called at the start of every transaction of
    /// the store (see `translatedWrite` and `SQLiteEntryRepository.read`).
    func revalidateSchema() throws {
        try cachedStatement(sql: "SELECT 1 FROM sqlite_master LIMIT 0").execute()
    }
}
