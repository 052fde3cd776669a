import EntryModel
import GRDB
import SQLiteDefensive

/// What every connection to an entries database turns on before it reads anything: a journal is a
/// file from anyone, and nothing in it may run code or change the file behind SQLite's back.
///
/// - `PRAGMA trusted_schema = OFF` on every connection that only reads (the readers, the read-only
///   opens, the probe that checks a file before it is written): the schema's views, triggers,
///   indexes and CHECK constraints may only call functions and virtual tables marked harmless.
///   The writer needs it on: FTS5 is not marked harmless (SQLite 3.40 refuses the full-text
///   triggers with "unsafe use of virtual table"), and the writer is only opened once the schema
///   has been found equal to this build's own (``SchemaDrift``), so the only schema code it can run
///   is the app's. The app's `entries_rank` is only ever called by the app's own statements.
///   See <https://www.sqlite.org/pragma.html#pragma_trusted_schema>.
/// - `SQLITE_DBCONFIG_DEFENSIVE`: no statement can write the schema table or pages directly
///   (`PRAGMA writable_schema`, `sqlite_dbpage`), which is how a crafted file would be made.
///   See <https://www.sqlite.org/c3ref/c_dbconfig_defensive.html>.
/// - `PRAGMA cell_size_check = ON`: damaged b-tree pages are noticed when read, as an error, rather
///   than trusted. See <https://www.sqlite.org/pragma.html#pragma_cell_size_check>.
///
/// The schema itself is compared with this build's own before any use (``SchemaDrift``): these
/// settings are the second wall, for whatever that comparison cannot see.
enum ConnectionHardening {
    /// Applies the settings to `db`; throws when SQLite refuses one of them.
    static func apply(to db: Database) throws {
        let trusted = db.configuration.readonly ? "OFF" : "ON"
        try db.execute(sql: "PRAGMA trusted_schema = \(trusted); PRAGMA cell_size_check = ON")
        try setDefensive(true, db)
    }

    /// Runs `body` with the defensive flag off: only for the bulk insert's copy of the full-text
    /// index it built itself into the shadow tables of the index it has just created from this
    /// build's definition (defensive mode makes shadow tables read-only to ordinary statements).
    static func withoutDefensiveMode<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try setDefensive(false, db)
        defer { try? setDefensive(true, db) }
        return try body()
    }

    private static func setDefensive(_ on: Bool, _ db: Database) throws {
        guard entries_sqlite3_set_defensive(db.sqliteConnection, on ? 1 : 0) == (on ? 1 : 0) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "cannot set SQLite's defensive mode")
        }
    }

    /// Whether `db` has every setting as ``apply(to:)`` sets it (for tests).
    static func isApplied(to db: Database) throws -> Bool {
        let trusted = try Bool.fetchOne(db, sql: "PRAGMA trusted_schema") ?? true
        let cellSizeCheck = try Bool.fetchOne(db, sql: "PRAGMA cell_size_check") ?? false
        return trusted == !db.configuration.readonly && cellSizeCheck
            && entries_sqlite3_defensive(db.sqliteConnection) == 1
    }
}
