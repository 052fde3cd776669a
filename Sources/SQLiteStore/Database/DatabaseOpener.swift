import EntryModel
import Foundation
import GRDB
import GRDBSQLite

/// The steps of opening a database file safely: look at the file before SQLite touches it, inspect
/// the schema through a read-only connection, and only then open for writing and migrate.
///
/// Nothing is written to a file before the user's first write, which is one transaction: a damaged
/// file found damaged by that write is rolled back and stays byte for byte as it was. Two things
/// would write earlier, and are kept from doing so: GRDB's own set-up write (see ``WALPlaceholder``),
/// and, for a file that is not in WAL mode yet (one made elsewhere) or whose schema needs an upgrade,
/// the switch to WAL and the migrations: those run only after a full ``DamageCheck``, once per file
/// (files entries made are in WAL mode, and up to date after their first write by this version), so
/// that an ordinary open never reads the whole file. An open that refuses the file removes the
/// `-wal` and `-shm` files it made (``SidecarFiles``).
enum DatabaseOpener {
    struct Opened {
        var writer: any DatabaseWriter
        var wasCreated: Bool
        var isReadOnly: Bool
        /// The connection that looked at the file first, closed; kept by its ``EntryDatabase`` so that it
        /// is released with the database rather than on the open's path: GRDB's teardown of a queue
        /// unregisters it from Foundation's `NotificationCenter`, whose first call on Linux costs a
        /// start 0.25 ms of runtime type lookups (paid at exit instead, once for both).
        var closedProbe: DatabaseQueue?
        /// For a read-only open: the `-wal` and `-shm` files it may make, to take away when it closes.
        var leftovers: ReadOnlyLeftovers?
    }

    static func open(path: String, configuration: EntryDatabase.Configuration) throws -> Opened {
        let state = try DatabaseFile.inspect(path)
        let sidecars = SidecarFiles(databasePath: path)
        var createdFile = false
        do {
            return try open(path: path, state: state, configuration: configuration, createdFile: &createdFile)
        } catch {
            // Every connection made above is closed by now (they were local to the call).
            if createdFile {
                for suffix in ["-wal", "-shm", ""] { unlink(path + suffix) }
            } else {
                sidecars.removeCreated()
            }
            throw error
        }
    }

    private static func open(
        path: String, state: DatabaseFile.State, configuration: EntryDatabase.Configuration, createdFile: inout Bool
    ) throws -> Opened {
        try checkEncryption(path: path, state: state, key: configuration.encryptionKey)
        if state == .encrypted { try configuration.encryptionKey?.checkWAL(path: path) }
        // An import of ours killed while it held the file in rollback mode: undone first, also
        // before a read-only open (which could not read past the import's hot journal).
        if state == .sqlite || state == .encrypted {
            try ExclusiveImportJournal.recoverIfInterrupted(path: path, location: location(path, configuration))
        }
        if configuration.readOnly {
            return try openReadOnly(path: path, state: state, configuration: configuration)
        }
        var schema = SchemaStatus.empty
        var closedProbe: DatabaseQueue?
        switch state {
        case .missing:
            guard configuration.createIfMissing else {
                throw EntryStoreError.cannotOpen(path: path, reason: "no such file")
            }
            try DatabaseFile.createFolder(for: path)
            try checkFolderIsWritable(path)
            createdFile = try DatabaseFile.createPrivateFile(at: path)
        case .empty:
            try checkFolderIsWritable(path)
        case .sqlite, .encrypted:
            // A WAL database is written through a -wal file beside it: in a folder that cannot be
            // written (read-only media), the database is read-only even when the file itself is not.
            if !DatabaseFile.isWritable(path) || !folderIsWritable(path) {
                return try openReadOnly(path: path, state: state, configuration: configuration)
            }
            // Look before writing: another app's database, a newer schema, a schema changed outside
            // entries or a damaged file is refused before the read-write open below.
            let probe = try openQueue(path: path, readOnly: true, configuration: configuration)
            let inspection = try inspect(probe, path: path, configuration: configuration)
            // An encrypted file's header is read through the cipher (its raw bytes are sealed).
            let probedWALMode =
                state == .encrypted
                ? try translatingErrors(path: path) {
                    try probe.read { db in DatabaseFileHeader(db)?.isInWALMode ?? false }
                }
                : nil
            try translatingErrors(path: path) { try probe.close() }
            closedProbe = probe
            try inspection.check(path: path, forWriting: true)
            schema = inspection.status
            let isInWALMode = probedWALMode ?? DatabaseFile.isInWALMode(path)
            if !isInWALMode || schema != .current {
                try checkForDamage(path: path, configuration: configuration)
            }
            // Only in WAL mode: beside a file in rollback mode, SQLite takes a non-empty -wal for a
            // WAL it should use, and would never switch the file itself to WAL mode. That switch
            // (a write, after the check above) is this file's first open by entries only.
            if isInWALMode { WALPlaceholder.prepare(forDatabaseAt: path) }
        }
        do {
            let pool = try translatingErrors(path: path) {
                try DatabasePool(
                    path: location(path, configuration),
                    configuration: grdbConfiguration(configuration, readOnly: false))
            }
            if schema != .current {
                try translatingErrors(path: path) {
                    try EntrySchema.migrator.migrate(pool)
                    try tidyAfterMigrating(pool)
                }
            }
            return Opened(writer: pool, wasCreated: schema == .empty, isReadOnly: false, closedProbe: closedProbe)
        } catch EntryStoreError.cannotOpen(_, let reason) where state != .sqlite && state != .encrypted {
            throw EntryStoreError.cannotCreate(path: path, reason: reason)
        }
    }

    /// A migration that replaces a table (v10 rebuilds `entryLink`) leaves its old pages on the free
    /// list. SQLite does not journal a free page it reuses, so an import into an empty journal that
    /// is refused and rolled back would leave new bytes in those pages: the journal the same to SQLite
    /// but no longer byte for byte as it was. A small journal (a new one, or an empty one just
    /// migrated) is rewritten without them; a large one keeps them (the rewrite would cost seconds).
    /// A large one's migration wrote its pages into the WAL (v11 rewrites every entry: 400 MB at
    /// 1,000,000 entries), where every later read would look for them until the app closed: they are
    /// copied into the file now.
    static let compactedPageLimit = 1_024

    private static func tidyAfterMigrating(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            if free > 0, pages <= compactedPageLimit {
                try db.execute(sql: "VACUUM")
            } else {
                // A reader of another process may hold frames back: then the WAL stays, as before.
                _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
    }

    /// Reads the schema and the applied migrations (``SchemaInspection``), within the time limit:
    /// a crafted migrations table of a billion rows ends with a message too.
    private static func inspect(
        _ queue: DatabaseQueue, path: String, configuration: EntryDatabase.Configuration
    ) throws -> SchemaInspection {
        try translatingErrors(path: path) {
            try queue.read { db in
                try QueryTimeLimit(seconds: configuration.queryTimeLimit).run(on: db, path: path) {
                    try SchemaInspection(db)
                }
            }
        }
    }

    /// Runs ``DamageCheck`` through a connection that writes nothing and leaves the journal mode as it is.
    private static func checkForDamage(path: String, configuration: EntryDatabase.Configuration) throws {
        let checker = try openQueue(path: path, readOnly: false, configuration: configuration)
        defer { try? checker.close() }
        try translatingErrors(path: path) {
            try checker.writeWithoutTransaction { try DamageCheck.run($0, path: path) }
        }
    }

    private static func openReadOnly(
        path: String, state: DatabaseFile.State, configuration: EntryDatabase.Configuration
    ) throws -> Opened {
        switch state {
        case .missing:
            throw EntryStoreError.cannotOpen(path: path, reason: "no such file")
        case .empty:
            throw EntryStoreError.needsUpgrade(path: path)
        case .sqlite, .encrypted:
            let leftovers = ReadOnlyLeftovers(path: path, location: location(path, configuration))
            let queue = try openQueue(path: path, readOnly: true, configuration: configuration, keeping: leftovers)
            do {
                let inspection = try inspect(queue, path: path, configuration: configuration)
                try inspection.check(path: path, forWriting: false)
                let schema = inspection.status
                if schema != .current && schema != .outdatedButReadable {
                    throw EntryStoreError.needsUpgrade(path: path)
                }
                return Opened(writer: queue, wasCreated: false, isReadOnly: true, leftovers: leftovers)
            } catch {
                // Refused: the connection closed and its files taken away here, on this thread, before
                // the error goes on, rather than whenever the last reference to the connection goes
                // (an error that keeps one would put that after a command has printed it and exited).
                try? queue.close()
                leftovers.remove()
                throw error
            }
        }
    }

    /// `leftovers`: kept alive by the queue's connection, so that they are taken away after it closes,
    /// whoever releases it last (the database, or a repository that outlived it).
    private static func openQueue(
        path: String, readOnly: Bool, configuration: EntryDatabase.Configuration,
        keeping leftovers: ReadOnlyLeftovers? = nil
    ) throws -> DatabaseQueue {
        var grdb = grdbConfiguration(configuration, readOnly: readOnly)
        if let leftovers { grdb.prepareDatabase { _ in withExtendedLifetime(leftovers) {} } }
        return try translatingErrors(path: path) {
            try DatabaseQueue(
                path: readOnly ? readOnlyLocation(path, configuration) : location(path, configuration),
                configuration: grdb)
        }
    }

    /// What SQLite opens for `path`: the path itself, or for an encrypted journal a URI naming the
    /// cipher's VFS and the key's handle (``JournalKey/databaseURI(path:)``).
    static func location(_ path: String, _ configuration: EntryDatabase.Configuration) -> String {
        configuration.encryptionKey?.databaseURI(path: path) ?? path
    }

    /// Refuses an encrypted journal without its key, and a key for a file that is not encrypted.
    private static func checkEncryption(path: String, state: DatabaseFile.State, key: JournalKey?) throws {
        switch (state, key) {
        case (.encrypted, nil): throw JournalEncryptionError.locked(path: path)
        case (.sqlite, .some), (.empty, .some): throw JournalEncryptionError.notEncrypted(path: path)
        case (.missing, .some): throw EntryStoreError.cannotOpen(path: path, reason: "no such file")
        default: break
        }
    }

    /// Where a read-only connection opens `path`. Readers of a WAL database share an index in a -shm
    /// file beside it; on read-only media (a folder that cannot be written) that file cannot be
    /// created and SQLite refuses to open. When no -wal or -shm file is there, nobody is writing
    /// (a writer would have made them), so the file is opened as immutable: read without that index
    /// and without locks. Not beside a `-journal`: immutable, SQLite would read past a hot journal (a
    /// killed import's, see ``ExclusiveImportJournal``) as if the unfinished write were the file's
    /// content. This needs URI file names (Debian and Ubuntu build SQLite with them);
    /// without them the plain path is used, and the open fails as before.
    /// See <https://www.sqlite.org/wal.html#readonly> and <https://www.sqlite.org/uri.html>.
    private static func readOnlyLocation(_ path: String, _ configuration: EntryDatabase.Configuration) -> String {
        // An encrypted journal is read through the cipher's VFS (on read-only media too).
        if configuration.encryptionKey != nil { return location(path, configuration) }
        let manager = FileManager.default
        guard !folderIsWritable(path), !manager.fileExists(atPath: path + "-wal"),
            !manager.fileExists(atPath: path + "-shm"),
            !manager.fileExists(atPath: path + "-journal"),
            sqlite3_compileoption_used("USE_URI") == 1
        else { return path }
        // An absolute path needs the empty authority ("file:///..."), a relative one must not have it.
        return (path.hasPrefix("/") ? "file://" : "file:") + DatabaseFile.escapedForURI(path) + "?immutable=1"
    }

    private static func folderIsWritable(_ path: String) -> Bool {
        let folder = DatabaseFile.folder(of: path)
        return DatabaseFile.isWritable(folder.isEmpty ? "." : folder)
    }

    private static func checkFolderIsWritable(_ path: String) throws {
        if !folderIsWritable(path) {
            let folder = DatabaseFile.folder(of: path)
            throw EntryStoreError.cannotCreate(
                path: path, reason: "the folder \(folder.isEmpty ? "." : folder) is not writable")
        }
    }

    /// The GRDB configuration for an entries database.
    static func grdbConfiguration(_ configuration: EntryDatabase.Configuration, readOnly: Bool) -> GRDB.Configuration {
        var grdb = GRDB.Configuration()
        grdb.label = "entries"
        grdb.readonly = readOnly
        grdb.foreignKeysEnabled = true
        grdb.busyMode = .timeout(max(0, configuration.busyTimeout))
        let readerCacheKibibytes = configuration.encryptionKey?.readerCacheKibibytes
        grdb.prepareDatabase { db in
            if let readerCacheKibibytes { try CipherConnection.prepare(db, readerCacheKibibytes: readerCacheKibibytes) }
            try ConnectionHardening.apply(to: db)
            try EntryRankFunction.register(db)
            PhraseFunction.register(db)
            if !readOnly {
                // In WAL mode, NORMAL never corrupts the database; it only skips an fsync per commit.
                // See <https://www.sqlite.org/pragma.html#pragma_synchronous>.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return grdb
    }
}

/// How a database's schema compares with this build's migrations.
enum SchemaStatus: Equatable {
    /// No tables at all: a new database.
    case empty
    /// Every migration of this build applied, and no other.
    case current
    /// Some migrations of this build are missing: an older version wrote it.
    case outdated
    /// Only migrations that reading does not depend on are missing (``EntrySchema/notNeededForReading``):
    /// a read-only open reads it as it is; a writable open migrates it.
    case outdatedButReadable
    /// It has migrations this build does not know: a newer version wrote it.
    case newer
    /// Tables, but none of ours: another application's database.
    case foreign

    init(_ db: Database) throws {
        let migrator = EntrySchema.migrator
        guard try db.tableExists("grdb_migrations") else {
            let tables =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        """) ?? 0
            self = tables == 0 ? .empty : .foreign
            return
        }
        let applied = try migrator.appliedIdentifiers(db)
        if !applied.isEmpty && applied.isDisjoint(with: migrator.migrations) {
            self = .foreign
        } else if try migrator.hasBeenSuperseded(db) {
            self = .newer
        } else if try migrator.hasCompletedMigrations(db) {
            self = .current
        } else if applied.isEmpty {
            self = .empty
        } else {
            let missing = Set(migrator.migrations).subtracting(applied)
            self = missing.isSubset(of: EntrySchema.notNeededForReading) ? .outdatedButReadable : .outdated
        }
    }

    /// Throws when the database must not be opened at all.
    func check(path: String) throws {
        switch self {
        case .newer: throw EntryStoreError.newerSchema(path: path)
        case .foreign: throw EntryStoreError.foreignDatabase(path: path)
        case .empty, .current, .outdated, .outdatedButReadable: break
        }
    }
}
