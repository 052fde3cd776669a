import EntryModel
import GRDB

/// A full check of a database file: every b-tree page (`PRAGMA quick_check`) and the full-text index
/// against the entries (FTS5's `integrity-check`). It reads the whole file — seconds at a million
/// entries — so an open runs it only before the first write that would change the file for good
/// outside a transaction of the user's: switching a file made elsewhere to WAL mode, or upgrading
/// its schema. See ``DatabaseOpener``.
/// See <https://www.sqlite.org/pragma.html#pragma_quick_check> and <https://www.sqlite.org/fts5.html#the_integrity_check_command>.
enum DamageCheck {
    /// Throws ``EntryStoreError/corrupt(path:detail:)`` naming the first problem. `db` must be
    /// writable (FTS5's check is spelled as an INSERT); the check writes nothing, and runs in a
    /// transaction that is rolled back.
    static func run(_ db: Database, path: String) throws {
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(1)")
        if problems != ["ok"] {
            throw EntryStoreError.corrupt(path: path, detail: problems.first ?? "quick_check failed")
        }
        guard try db.tableExists(EntrySchema.ftsTable) else { return }
        do {
            try db.inTransaction(.deferred) {
                try db.execute(
                    sql:
                        "INSERT INTO \(EntrySchema.ftsTable)(\(EntrySchema.ftsTable), rank) VALUES ('integrity-check', 1)"
                )
                return .rollback
            }
        } catch let error as DatabaseError {
            throw EntryStoreError.corrupt(
                path: path, detail: "the full-text index: \(error.message ?? "\(error.resultCode)")")
        }
    }
}
