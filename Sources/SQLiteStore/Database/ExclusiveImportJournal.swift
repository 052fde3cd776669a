import EntryModel
import Foundation
import GRDB

/// A large import into an empty journal (a streamed insert, or a bulk insert of an array), written
/// once instead of twice: for its duration the
/// writer connection holds the file alone (`locking_mode = EXCLUSIVE`) in rollback-journal mode
/// (`journal_mode = DELETE`), then puts WAL mode back.
///
/// Why: in WAL mode every page of the transaction goes to the `-wal` file, and the checkpoint after
/// the commit copies it into the database (gigabytes at ten million entries, about a fifth of the
/// import's time). In rollback mode SQLite journals only the pages that were in the file before the
/// transaction; the pages it appends go straight to the file. An empty journal's file is a few pages,
/// so the data is written once and the commit is one sync. All or nothing is kept: a kill leaves a
/// hot `-journal` that the next read-write open rolls back (``recoverIfInterrupted(path:)``), and the
/// file is as it was before the import.
///
/// The price: while the import runs, no other connection can read the file; another process's open
/// or read waits for its busy timeout, then reports the journal as locked, where in WAL mode it would
/// see the last commit. An import into an empty journal has no last commit worth reading, which is
/// why the path is taken only then. When another connection has the file open (the app in another
/// terminal), the switch fails at once and the import takes the WAL path as before.
///
/// See <https://www.sqlite.org/pragma.html#pragma_locking_mode>, <https://www.sqlite.org/lockingv3.html#hot_journals>
/// and <https://www.sqlite.org/wal.html#changing_journal_mode>.
struct ExclusiveImportJournal {
    private let databasePath: String
    /// The file's header before the switch, and right after it: when nothing was committed between
    /// the switch and ``end(_:)``, the change counters the two switches counted are put back
    /// (``DatabaseFileHeader``), so that a failed import leaves the file byte for byte as it was.
    private let headerBefore: DatabaseFileHeader?
    private let headerInRollbackMode: DatabaseFileHeader?

    /// Switches the writer of `pool` to rollback mode, holding the file alone, when the store holds no
    /// entry and no other connection has the file open; nil otherwise (the import uses WAL mode).
    /// Closes the pool's reading connections first: they would keep the switch from happening.
    static func begin(_ pool: DatabasePool, path: String) -> ExclusiveImportJournal? {
        // Asked on the writer: a reading connection would be one more to close.
        guard (try? pool.writeWithoutTransaction({ db in try Int.fetchOne(db, sql: EntrySchema.selectCount) })) == 0
        else {
            return nil
        }
        pool.releaseMemory()
        // A marker left here is another import's, still running, or one an open will recover from.
        let marker = ImportRollbackMarker(databasePath: path)
        guard marker.create() else { return nil }
        var headers: (before: DatabaseFileHeader?, inRollbackMode: DatabaseFileHeader?) = (nil, nil)
        let switched =
            (try? pool.writeWithoutTransaction { db -> Bool in
                headers.before = DatabaseFileHeader(db)
                // Another connection open on the file makes the switch fail: at once, not after a wait.
                let busyTimeout = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                defer { try? db.execute(sql: "PRAGMA busy_timeout = \(busyTimeout)") }
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                let mode = try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                guard mode?.lowercased() == "delete" else {
                    try? db.execute(sql: "PRAGMA locking_mode = NORMAL")
                    // The lock taken by the attempt goes at the next access.
                    _ = try? Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                    return false
                }
                // Rollback mode's safe setting: the small journal is synced before the file is written.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                headers.inRollbackMode = DatabaseFileHeader(db)
                return true
            }) ?? false
        guard switched else {
            marker.remove()
            return nil
        }
        return ExclusiveImportJournal(
            databasePath: path, headerBefore: headers.before, headerInRollbackMode: headers.inRollbackMode)
    }

    /// Puts WAL mode and normal locking back, after the import committed or rolled back; removes the
    /// marker once WAL mode is back (if not, the next open puts it back).
    func end(_ pool: DatabasePool) {
        let restored =
            (try? pool.writeWithoutTransaction { db -> Bool in
                // Read while the file is still held alone: the same header as after the switch means
                // nothing was committed (the import failed, and was rolled back).
                let committedNothing = headerInRollbackMode != nil && DatabaseFileHeader(db) == headerInRollbackMode
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // Normal locking first: entering WAL mode with exclusive locking would keep the WAL's
                // index in this process's memory, and other processes out, for as long as it is open.
                try db.execute(sql: "PRAGMA locking_mode = NORMAL")
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")?.lowercased() == "wal" else {
                    return false
                }
                // A read opens the WAL on this connection: without one, closing the writer (the last
                // connection) would not checkpoint and delete the -wal and -shm files a reader made.
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                if committedNothing, let headerBefore,
                    DatabaseFileHeader(db)?.differsOnlyInChangeCounters(from: headerBefore) == true
                {
                    _ = headerBefore.writeChangeCounters(db)
                }
                return true
            }) ?? false
        if restored { ImportRollbackMarker(databasePath: databasePath).remove() }
    }

    /// Before an open looks at the file: when an import of ours was interrupted in rollback mode (its
    /// marker is there and names this file: ``ImportRollbackMarker``), rolls its hot journal back and puts WAL mode back (when it can: not on a full disk), through a connection of
    /// its own. A read-only look at the file could do neither (SQLite refuses to read past a hot
    /// journal it cannot roll back). A file this process cannot write is left as it is (a folder it
    /// cannot write makes the rollback fail, with the file's path in the error).
    /// `location` is what SQLite opens (the path, or an encrypted journal's URI).
    static func recoverIfInterrupted(path: String, location: String) throws {
        let marker = ImportRollbackMarker(databasePath: path)
        guard marker.namesTheDatabase, DatabaseFile.isWritable(path) else { return }
        let backInWALMode = try translatingErrors(path: path) {
            var configuration = Configuration()
            configuration.label = "entries-import-recovery"
            configuration.prepareDatabase { db in try ConnectionHardening.apply(to: db) }
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            defer { try? queue.close() }
            return try queue.writeWithoutTransaction { db -> Bool in
                // The first read rolls a hot journal back.
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                // A file in rollback mode reads as well: when WAL mode cannot come back (a full disk),
                // the marker stays for an open that can, and this one goes on.
                return (try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL"))?.lowercased() == "wal"
            }
        }
        if backInWALMode { marker.remove() }
    }
}
