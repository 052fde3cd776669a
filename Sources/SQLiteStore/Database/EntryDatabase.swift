import EntryModel
import Foundation
import GRDB

/// An entries database: one SQLite file (WAL mode, foreign keys on) with its repositories.
///
/// Opening creates the folder, the file and the schema when missing (unless read-only), upgrades an
/// older schema, and refuses — without modifying a byte — a file that is not SQLite, an SQLite
/// database of another application, a damaged file, or one written by a newer version.
///
/// ```swift
/// let path = DatabaseLocation.resolve(explicitPath: nil, environment: ProcessInfo.processInfo.environment)
/// let database = try EntryDatabase(path: path)
/// if database.wasCreated { try database.seedSampleEntries() }
/// let newest = try database.entries.page(PageRequest(order: .newest))
/// ```
public final class EntryDatabase: Sendable {
    /// The database file's path (":memory:" for ``inMemory()``).
    public let path: String
    /// True when this open created the database (the file did not exist, was empty, or had no
    /// tables): the caller then seeds the sample entries.
    public let wasCreated: Bool
    /// True when writes are refused: opened with ``Configuration/readOnly`` or the file is not writable.
    public let isReadOnly: Bool
    /// True for an encrypted journal (opened with ``Configuration/encryptionKey``).
    public let isEncrypted: Bool
    /// The entries.
    public let entries: SQLiteEntryRepository
    /// The key/value settings.
    public let settings: SQLiteSettingsRepository

    private let writer: any DatabaseWriter
    /// Released with the database, not when the open ends (see ``DatabaseOpener/Opened/closedProbe``).
    private let closedProbe: DatabaseQueue?
    /// A read-only open's `-wal` and `-shm` files, taken away when it closes (``ReadOnlyLeftovers``).
    private let leftovers: ReadOnlyLeftovers?

    /// Opens (or creates) the database at `path`. Every failure is an ``EntryStoreError``.
    ///
    /// A symbolic link at `path` is followed (a journal kept in a synced folder, linked from where
    /// entries looks): the database and its `-wal`, `-shm` and `-journal` files live at the link's
    /// target, which ``path`` then names, and a link that leads to nothing yet creates the journal
    /// there, privately (0600), as any new journal. Links that go round in a loop are refused.
    public convenience init(path given: String, configuration: Configuration = .init()) throws {
        let path = try DatabaseFile.resolvingLinks(given)
        let opened = try DatabaseOpener.open(path: path, configuration: configuration)
        self.init(
            writer: opened.writer, path: path, wasCreated: opened.wasCreated, isReadOnly: opened.isReadOnly,
            configuration: configuration, closedProbe: opened.closedProbe, leftovers: opened.leftovers)
    }

    /// A new, empty database that lives in memory only (for tests and previews).
    public static func inMemory() throws -> EntryDatabase {
        let configuration = Configuration()
        let path = ":memory:"
        let queue = try translatingErrors(path: path) {
            let queue = try DatabaseQueue(
                configuration: DatabaseOpener.grdbConfiguration(configuration, readOnly: false))
            try EntrySchema.migrator.migrate(queue)
            return queue
        }
        return EntryDatabase(
            writer: queue, path: path, wasCreated: true, isReadOnly: false, configuration: configuration)
    }

    private init(
        writer: any DatabaseWriter, path: String, wasCreated: Bool, isReadOnly: Bool, configuration: Configuration,
        closedProbe: DatabaseQueue? = nil, leftovers: ReadOnlyLeftovers? = nil
    ) {
        self.writer = writer
        self.closedProbe = closedProbe
        self.leftovers = leftovers
        self.path = path
        self.wasCreated = wasCreated
        self.isReadOnly = isReadOnly
        self.isEncrypted = configuration.encryptionKey != nil
        entries = SQLiteEntryRepository(
            writer: writer, path: path, isReadOnly: isReadOnly,
            searchRankingWindow: configuration.searchRankingWindow,
            timeLimit: QueryTimeLimit(seconds: configuration.queryTimeLimit),
            hasTitleKey: !isReadOnly || Self.hasColumn("titleKey", writer),
            hasWordCount: !isReadOnly || Self.hasColumn("words", writer), encryptionKey: configuration.encryptionKey)
        settings = SQLiteSettingsRepository(
            writer: writer, path: path, isReadOnly: isReadOnly,
            timeLimit: QueryTimeLimit(seconds: configuration.queryTimeLimit),
            encryptionKey: configuration.encryptionKey)
    }

    /// Whether the `entry` table has `column` (the title key, v7; the word count, v10): a writable
    /// open always migrates, but a read-only one may read a database an older version wrote as it is.
    private static func hasColumn(_ column: String, _ reader: any DatabaseReader) -> Bool {
        (try? reader.read { db in try db.columns(in: "entry").contains { $0.name == column } }) ?? true
    }

    /// Opens a reading connection now, if none is open, so that the next read does not open one (and
    /// read the schema) first: the app's launch calls it on the thread that opened the database while
    /// the main thread builds the contexts. A failure is left to the reads that follow.
    public func openReadingConnection() {
        _ = try? writer.read { _ in }
    }

    /// Inserts ``SampleEntries/all`` (a guide to the app and its architecture), in one transaction.
    public func seedSampleEntries() throws {
        try entries.insert(contentsOf: SampleEntries.all, progress: nil)
    }

    /// A number that changes whenever another connection (another process, or another
    /// `EntryDatabase` on the same file) commits a change; this database's own writes do not change it.
    /// Poll it to notice outside changes and reload.
    ///
    /// See <https://www.sqlite.org/pragma.html#pragma_data_version>.
    public func dataVersion() throws -> Int {
        try translatingErrors(path: path) {
            // data_version is per connection: always ask the same one, the writer.
            try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        }
    }

    /// Frees the memory the connections hold (their page and statement caches, idle readers) while
    /// keeping the database open: the next read fills the caches again. The app calls it on the
    /// journal it is leaving before the next one is read, so that the two are not both in memory.
    public func releaseMemory() {
        (writer as? DatabasePool)?.releaseMemory()
    }

    /// Closes the database connections now instead of when the database is released. Any later call
    /// throws.
    public func close() throws {
        // Readers first: the last connection to close checkpoints the WAL and deletes the -wal and
        // -shm files, which only the writer can do (GRDB's close() closes the writer first).
        (writer as? DatabasePool)?.releaseMemory()
        try translatingErrors(path: path) { try writer.close() }
        leftovers?.remove()
    }

    deinit {
        // As in close(): let the writer be the last connection, so that no -wal file stays behind and
        // the file alone holds every commit (a read-only open in a read-only folder reads the file
        // without its WAL). Synchronously: done "eventually", a command's process exits first.
        // An EntryDatabase is owned by the app or a command, never released on one of its own queues.
        (writer as? DatabasePool)?.releaseMemory()
        // A read-only open's -wal and -shm go when its connection closes with the last reference
        // to it (a repository may outlive this object): see ReadOnlyLeftovers.
    }
}
