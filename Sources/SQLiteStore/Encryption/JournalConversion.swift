import EntryModel
import Foundation
import GRDB
import GRDBSQLite
import SQLiteCipher

/// Encrypting a plain journal and decrypting an encrypted one, all or nothing: the whole journal is
/// copied (`VACUUM INTO`) into a new file beside it, which is checked, and renamed over the old one
/// only when complete. A process killed meanwhile leaves the old file as it was (and a partial new
/// file, removed by the next run). See <https://www.sqlite.org/lang_vacuum.html#vacuuminto>.
///
/// The copy holds the journal alone (`locking_mode = EXCLUSIVE`): a journal another process has
/// open is refused with ``EntryStoreError/locked(path:)``, since that process would go on writing
/// into the old file.
public enum JournalConversion {
    /// Encrypts the plain journal at `path` with a new data key wrapped by `passphrase`; returns
    /// the recovery key (shown once).
    public static func encrypt(
        path: String, passphrase: Passphrase, cost: JournalKey.Cost = .standard
    ) throws -> RecoveryKey {
        switch try DatabaseFile.inspect(path) {
        case .encrypted: throw JournalEncryptionError.alreadyEncrypted(path: path)
        case .missing, .empty: throw EntryStoreError.cannotOpen(path: path, reason: "no journal there")
        case .sqlite: break
        }
        // Opened once as usual: an interrupted import undone, the schema checked and brought up to date.
        try EntryDatabase(path: path).close()
        let target = path + ".encrypting"
        try prepareTarget(target, for: path)
        do {
            let (key, recoveryKey) = try JournalKey.create(path: target, passphrase: passphrase, cost: cost)
            try copy(from: path, sourceLocation: path, sourceKey: nil, into: key.databaseURI(path: target))
            try finish(target: target, path: path, key: key)
            return recoveryKey
        } catch {
            removeFiles(of: target)
            throw error
        }
    }

    /// Decrypts the encrypted journal at `path` (unlocked with `key`) into a plain journal.
    public static func decrypt(path: String, key: JournalKey) throws {
        switch try DatabaseFile.inspect(path) {
        case .sqlite: throw JournalEncryptionError.notEncrypted(path: path)
        case .missing, .empty: throw EntryStoreError.cannotOpen(path: path, reason: "no journal there")
        case .encrypted: break
        }
        var configuration = EntryDatabase.Configuration()
        configuration.encryptionKey = key
        try EntryDatabase(path: path, configuration: configuration).close()
        let target = path + ".decrypting"
        try prepareTarget(target, for: path)
        do {
            let plainURI =
                (target.hasPrefix("/") ? "file://" : "file:") + DatabaseFile.escapedForURI(target) + "?vfs=unix"
            try copy(from: path, sourceLocation: key.databaseURI(path: path), sourceKey: key, into: plainURI)
            try finish(target: target, path: path, key: nil)
        } catch {
            removeFiles(of: target)
            throw error
        }
    }

    /// Removes what a killed conversion left at `target`, and makes it an empty file only the owner reads.
    private static func prepareTarget(_ target: String, for path: String) throws {
        removeFiles(of: target)
        guard try DatabaseFile.createPrivateFile(at: target) else {
            throw EntryStoreError.cannotCreate(path: target, reason: "another program created it meanwhile")
        }
    }

    private static func removeFiles(of path: String) {
        for suffix in ["-wal", "-shm", "-journal", ""] { unlink(path + suffix) }
    }

    /// `VACUUM INTO` from the journal, held alone, into `targetLocation`.
    private static func copy(
        from path: String, sourceLocation: String, sourceKey: JournalKey?, into targetLocation: String
    ) throws {
        var grdb = GRDB.Configuration()
        grdb.label = "entries-conversion"
        grdb.busyMode = .immediateError
        grdb.prepareDatabase { db in
            // Held alone until closed; a reader elsewhere makes the first read fail (SQLITE_BUSY).
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // The copy takes the page size asked for next and this connection's reserve: room for
            // the nonce and tag of an encrypted copy.
            try db.execute(sql: "PRAGMA page_size = \(ENTRIES_CIPHER_PAGE_SIZE)")
            var reserved = Int32(ENTRIES_CIPHER_RESERVED_BYTES)
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserved)
        }
        try translatingErrors(path: path) {
            let source = try DatabaseQueue(path: sourceLocation, configuration: grdb)
            defer { try? source.close() }
            try source.writeWithoutTransaction { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                try db.execute(sql: "VACUUM INTO ?", arguments: [targetLocation])
            }
            withExtendedLifetime(sourceKey) {}
        }
    }

    /// Opens the copy as a journal (checked whole, since it is not in WAL mode yet, then switched to
    /// WAL mode), sizes its full-text index's rows for its pages (an encrypted copy's index is written
    /// again: `EncryptedFullTextPages`), closes it, and renames it over the journal.
    private static func finish(target: String, path: String, key: JournalKey?) throws {
        var configuration = EntryDatabase.Configuration()
        configuration.encryptionKey = key
        configuration.createIfMissing = false
        let copy = try EntryDatabase(path: target, configuration: configuration)
        do {
            // The index's rows sized for the copy's pages: FTS5's default fills a plain page, which an
            // encrypted one (40 bytes smaller) could only hold with an overflow page each.
            try copy.entries.writer.write { db in
                if key == nil {
                    try EncryptedFullTextPages.remove(db)
                    // The copied index as it was: an encrypted journal imported before its import
                    // raised the segment left it on a low level, where writes would merge it.
                    try FullTextWholeBuild.raiseOldestSegment(db)
                } else {
                    try EncryptedFullTextPages.configureAndRebuild(db)
                }
            }
        } catch {
            try? copy.close()
            throw error
        }
        try copy.close()
        guard rename(target, path) == 0 else {
            throw EntryStoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        let folder = DatabaseFile.folder(of: path)
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }
}
