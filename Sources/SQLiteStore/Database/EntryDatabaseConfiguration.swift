import EntryModel
import Foundation

extension EntryDatabase {
    /// How an ``EntryDatabase`` opens its file. Every property has a default; change only what you need.
    ///
    /// ```swift
    /// var configuration = EntryDatabase.Configuration()
    /// configuration.readOnly = true
    /// let database = try EntryDatabase(path: path, configuration: configuration)
    /// ```
    public struct Configuration: Sendable, Equatable {
        /// Opens the database without ever writing to it: reads work, writes throw
        /// ``EntryStoreError/readOnly(path:)``, the file's bytes are never changed, and a missing file
        /// is an error instead of being created. Default: false.
        ///
        /// A file the process cannot write (e.g. `chmod 444`) is opened read-only even when this is false.
        /// Note: SQLite reads a WAL-mode database through `-wal` and `-shm` files beside it and creates
        /// them when missing (<https://www.sqlite.org/wal.html#readonly>); they hold no data of their own.
        public var readOnly = false

        /// How long, in seconds, to wait for another program that is writing to the database before
        /// giving up with ``EntryStoreError/locked(path:)``. Default: 5.
        ///
        /// See <https://www.sqlite.org/c3ref/busy_timeout.html>.
        public var busyTimeout: TimeInterval = 5

        /// Creates the file (and its folder) with an empty schema when it does not exist. When false, a
        /// missing file is ``EntryStoreError/cannotOpen(path:reason:)``. Ignored when ``readOnly``.
        /// Default: true.
        public var createIfMissing = true

        /// Full-text search ranks (by bm25) at most this many matches, the newest ones, so that a search
        /// for a very common word stays fast on a large database; 0 ranks every match. Default: 5,000.
        ///
        /// Ranking needs a score for every match before the best 50 are known; with this window a word
        /// found in half of a million entries costs the same as one found in 5,000 of them. A search
        /// asking for more results than this ranks as many matches as it asks for.
        public var searchRankingWindow = 5_000

        /// The longest, in seconds, that one read or one write may run before it is stopped with
        /// ``EntryStoreError/tooSlow(path:seconds:)`` (a stopped write is rolled back whole); nil for
        /// no limit. Default: 5.
        ///
        /// Every read and write of the app takes milliseconds at a million entries, so the limit only
        /// ever stops a database that does what it should not (an endless view, a damaged index), and
        /// the app shows a message instead of freezing. Bulk inserts (imports), whose length follows
        /// the size of what is imported, are not limited. See ``QueryTimeLimit``.
        public var queryTimeLimit: TimeInterval? = 5

        /// The key of an encrypted journal (``JournalKey/unlock(path:passphrase:)``); nil for a plain
        /// one. Opening an encrypted journal without it throws ``JournalEncryptionError/locked(path:)``,
        /// a plain one with it ``JournalEncryptionError/notEncrypted(path:)``. Default: nil.
        public var encryptionKey: JournalKey?

        /// A configuration with every property at its default.
        public init() {}
    }
}
