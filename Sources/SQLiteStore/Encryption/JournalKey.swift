import Foundation
import SQLiteCipher

/// The unlocked key of one encrypted journal, as this process holds it: a handle to the data key
/// inside the SQLiteCipher target (guarded memory there, wiped when this is released). Give it to
/// ``EntryDatabase/Configuration/encryptionKey`` to open the journal.
///
/// ```swift
/// let key = try JournalKey.unlock(path: path, passphrase: passphrase)
/// var configuration = EntryDatabase.Configuration()
/// configuration.encryptionKey = key
/// let database = try EntryDatabase(path: path, configuration: configuration)
/// ```
///
/// ENCRYPTION.md (beside this file) describes the construction.
public final class JournalKey: @unchecked Sendable, Equatable {
    // @unchecked: `handle` is immutable; the registry behind it has its own lock; `cacheKibibytes` is
    // read and written under `cacheLock`.
    /// The random name of the key in the cipher's registry (not the key).
    let handle: String

    private init(handle: String) {
        self.handle = handle
    }

    deinit {
        entries_cipher_forget(handle)
    }

    /// Whether both are the same key object: two unlocks of one journal give two different keys.
    public static func == (lhs: JournalKey, rhs: JournalKey) -> Bool { lhs === rhs }

    /// How costly the passphrase's key derivation (Argon2id) is made for new journals and passphrases.
    public struct Cost: Sendable, Equatable {
        /// Argon2id's passes over memory.
        public var operations: UInt64
        /// Argon2id's memory, in bytes.
        public var memoryBytes: Int

        /// A cost of `operations` passes over `memoryBytes` of memory.
        public init(operations: UInt64, memoryBytes: Int) {
            self.operations = operations
            self.memoryBytes = memoryBytes
        }

        /// About half a second on the machine it was measured on (ENCRYPTION.md, "Cost").
        public static var standard: Cost {
            let cost = entries_cipher_default_cost()
            return Cost(operations: cost.opslimit, memoryBytes: cost.memlimit)
        }

        /// The least libsodium allows: for tests, never for a person's journal.
        public static let fastest = Cost(operations: 1, memoryBytes: 8192)

        var c: entries_cipher_kdf_cost { entries_cipher_kdf_cost(opslimit: operations, memlimit: memoryBytes) }
    }

    /// Whether the file at `path` is an encrypted journal (starts with its header); false when it
    /// is missing, unreadable, or anything else.
    public static func isEncrypted(path: String) -> Bool {
        entries_cipher_file_is_encrypted(path) == 1
    }

    /// Writes a new journal's header into the empty file at `path` and returns its key and its
    /// recovery key.
    static func create(path: String, passphrase: Passphrase, cost: Cost) throws -> (JournalKey, RecoveryKey) {
        var recovery = [UInt8](repeating: 0, count: Int(ENTRIES_CIPHER_RECOVERY_KEY_SIZE))
        var handle = [CChar](repeating: 0, count: Int(ENTRIES_CIPHER_HANDLE_SIZE))
        let result = passphrase.withBytes { bytes, count in
            entries_cipher_create(path, bytes, count, cost.c, &recovery, &handle)
        }
        try check(result, path: path, wrongKey: .wrongPassphrase(path: path))
        return (JournalKey(handle: String(cString: handle)), RecoveryKey(bytes: recovery))
    }

    /// Unlocks the journal at `path` with its passphrase (which takes the key derivation's time).
    public static func unlock(path: String, passphrase: Passphrase) throws -> JournalKey {
        var handle = [CChar](repeating: 0, count: Int(ENTRIES_CIPHER_HANDLE_SIZE))
        let result = passphrase.withBytes { bytes, count in entries_cipher_unlock(path, bytes, count, &handle) }
        try check(result, path: path, wrongKey: .wrongPassphrase(path: path))
        return JournalKey(handle: String(cString: handle))
    }

    /// Unlocks the journal at `path` with its recovery key.
    public static func unlock(path: String, recoveryKey: RecoveryKey) throws -> JournalKey {
        var handle = [CChar](repeating: 0, count: Int(ENTRIES_CIPHER_HANDLE_SIZE))
        let result = entries_cipher_unlock_with_recovery_key(path, recoveryKey.bytes, &handle)
        try check(result, path: path, wrongKey: .wrongRecoveryKey(path: path))
        return JournalKey(handle: String(cString: handle))
    }

    /// Wraps this key with `passphrase` in the header of the journal at `path` (one sector written;
    /// the journal's pages are untouched, so it takes the key derivation's time at any size). The
    /// old passphrase no longer opens it; the recovery key still does.
    public func changePassphrase(path: String, to passphrase: Passphrase, cost: Cost = .standard) throws {
        let result = passphrase.withBytes { bytes, count in entries_cipher_rewrap(path, handle, bytes, count, cost.c) }
        try Self.check(result, path: path, wrongKey: .notEncrypted(path: path))
    }

    /// The most memory the process may keep this journal's opened pages in, in bytes, shared by every
    /// connection using the key: none (`ENTRIES_CIPHER_PAGE_CACHE_BYTES`) unless changed. A page read
    /// past SQLite's own cache that is kept there is copied rather than checked and decrypted again
    /// (about 0.5 µs a page in format 2), at the price of a copy into the cache and its bookkeeping
    /// for every page that is not (see ``readerCacheKibibytes`` for where the memory goes instead).
    /// Setting it empties the cache; 0 keeps no page.
    public func limitPageCache(toBytes bytes: Int) {
        _ = entries_cipher_set_page_cache_limit(handle, max(0, bytes))
    }

    /// SQLite's page cache of each reading connection to this journal, in KiB (`PRAGMA cache_size`):
    /// SQLite's default 2,000 and the 4 MiB an encrypted journal may cost more than a plain one,
    /// whose pages read past SQLite's cache come from the system's file cache (not the process's
    /// memory) where an encrypted journal's are read and opened again. A page SQLite keeps costs no
    /// copy and no AEAD when found. Set it before opening; the writing connection keeps the default.
    public var readerCacheKibibytes: Int {
        get { cacheLock.withLock { cacheKibibytes } }
        set { cacheLock.withLock { cacheKibibytes = max(0, newValue) } }
    }
    private let cacheLock = NSLock()
    private var cacheKibibytes = JournalKey.defaultReaderCacheKibibytes

    /// ``readerCacheKibibytes`` unless changed.
    public static let defaultReaderCacheKibibytes = 2_000 + 4_096

    /// The memory this journal's cache of opened pages holds now, in bytes (see ``limitPageCache(toBytes:)``).
    public var pageCacheBytes: Int { entries_cipher_page_cache_bytes(handle) }

    /// Refuses the WAL beside the journal at `path` when it is another journal's (SQLite would
    /// otherwise replay it, and the cipher end the log at its first frame: ignored in silence).
    /// Reads only; call it before SQLite opens the journal.
    func checkWAL(path: String) throws {
        switch entries_cipher_check_wal(path, handle) {
        case ENTRIES_CIPHER_OK: return
        case ENTRIES_CIPHER_FOREIGN_WAL: throw JournalEncryptionError.foreignWAL(path: path)
        default: throw JournalEncryptionError.cannotAccess(path: path + "-wal")
        }
    }

    /// The name GRDB opens the journal by: a URI naming the cipher's VFS and this key's handle.
    /// See <https://www.sqlite.org/uri.html>.
    func databaseURI(path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file://" + DatabaseFile.escapedForURI(absolute)
            + "?vfs=\(ENTRIES_CIPHER_VFS_NAME)&\(ENTRIES_CIPHER_KEY_PARAMETER)=\(handle)"
    }

    private static func check(_ result: entries_cipher_result, path: String, wrongKey: JournalEncryptionError) throws {
        switch result {
        case ENTRIES_CIPHER_OK: return
        case ENTRIES_CIPHER_WRONG_KEY: throw wrongKey
        case ENTRIES_CIPHER_NOT_ENCRYPTED: throw JournalEncryptionError.notEncrypted(path: path)
        case ENTRIES_CIPHER_DAMAGED_HEADER: throw JournalEncryptionError.damagedHeader(path: path)
        case ENTRIES_CIPHER_NO_MEMORY: throw JournalEncryptionError.outOfMemory(path: path)
        default: throw JournalEncryptionError.cannotAccess(path: path)
        }
    }
}
