import EntryModel
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
    /// `INSERT INTO entry …` failed with "no such table: entry". Seen with SQLite 3.40 whenever the
    /// full-text insert trigger came after the count trigger in the schema, as in every database the
    /// bulk import of an earlier version had written to (compiling the insert triggers makes FTS5 run
    /// statements of its own, which find the schema changed and discard it in the middle of the
    /// compilation). The same steps from Python's sqlite3 fail the same way, and they succeed once a
    /// statement that reads the schema table has run first in the transaction: running it checks the
    /// cookie and reloads the schema if it changed. (GRDB already does the equivalent at the start of
    /// every read of a database pool; reads call this too, for the read-only queue.)
    ///
    /// Costs one cached statement run (microseconds); called at the start of every transaction of
    /// the store (see `translatedWrite` and `SQLiteEntryRepository.read`).
    func revalidateSchema() throws {
        try cachedStatement(sql: "SELECT 1 FROM sqlite_master LIMIT 0").execute()
    }
}
