import EntryModel
import Foundation
import PostgreSQLAddress
import SQLiteStore

#if PostgreSQL
import PostgreSQLStore
#endif

/// Which store to open and how: the one description the app and the command line open a journal by
/// (``StoreFactory/init(_:)``), so both choose between an SQLite file and a PostgreSQL database, create,
/// seed, upgrade and refuse in the same way.
public struct StoreRequest: Sendable {
    /// What the store is opened for.
    public enum Access: Sendable {
        /// Reading only: an SQLite file is opened read-only, so a file that cannot be written works. A
        /// missing file is refused (``StoreRequestError/noDatabase(path:)``) unless it is the first-run
        /// journal (``StoreRequest/seedsSampleEntries``), which is created as for writing. A file an
        /// older version wrote, which reading cannot use as it is, is upgraded first when it can be
        /// written (`EntryStoreError/needsUpgrade(path:)` when it cannot).
        case reading
        /// Writing: a missing SQLite file is created; a file that cannot be written is refused
        /// (`EntryStoreError/readOnly(path:)`) before any work is done.
        case writing
        /// Browsing (the terminal UI): writable when the file allows it, else read-only, so browsing
        /// still works and a change says why it cannot be saved; a missing file is created.
        case browsing
    }

    /// The journal's location: an SQLite file's path or a `postgresql://` URL.
    public var location: String
    /// What the store is opened for.
    public var access: Access
    /// The process environment (a PostgreSQL password from `PGPASSWORD` or the password file).
    public var environment: [String: String]
    /// How an SQLite file is opened: the time limit of each read and write, an encrypted journal's key
    /// (unlocked beforehand). Its `readOnly` is set by ``access``.
    public var databaseConfiguration: EntryDatabase.Configuration
    /// Whether a new SQLite file gets the sample entries (the first-run journal at the default
    /// location); for ``Access/reading``, also whether a missing file is created at all.
    public var seedsSampleEntries: Bool
    /// Whether a PostgreSQL store listens to its change feed (the app, which shows other processes'
    /// changes); a command that runs once has no use for it.
    public var watchesChanges: Bool

    /// A request for the store at `location`, opened for `access`.
    public init(
        location: String, access: Access, environment: [String: String],
        databaseConfiguration: EntryDatabase.Configuration = EntryDatabase.Configuration(),
        seedsSampleEntries: Bool = false, watchesChanges: Bool = true
    ) {
        self.location = location
        self.access = access
        self.environment = environment
        self.databaseConfiguration = databaseConfiguration
        self.seedsSampleEntries = seedsSampleEntries
        self.watchesChanges = watchesChanges
    }

    /// Whether ``location`` names a PostgreSQL database rather than an SQLite file.
    public var isPostgreSQL: Bool { PostgreSQLLocation.isPostgreSQL(location) }
}

/// A store that could not be opened as asked.
public enum StoreRequestError: Error, Equatable, CustomStringConvertible {
    /// Reading asked for an SQLite file that does not exist (and is not the first-run journal).
    case noDatabase(path: String)

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .noDatabase(let path): return "no database at \(path)"
        }
    }
}

extension StoreFactory {
    /// Opens the store `request` describes: a PostgreSQL database for a `postgresql://` location, else
    /// the SQLite file, as ``StoreRequest/Access`` says.
    ///
    /// - Throws: ``StoreRequestError``, `EntryStoreError` (a file that cannot be written or upgraded,
    ///   not a journal, a wrong key), a malformed PostgreSQL location or a server's error; in a build
    ///   without the PostgreSQL client, `NoPostgreSQLClientError` for a well-formed `postgresql://` location.
    public convenience init(_ request: StoreRequest) throws {
        if request.isPostgreSQL {
            let location = try PostgreSQLLocation(parsing: request.location, environment: request.environment)
            #if PostgreSQL
            let database = try PostgreSQLDatabase(location: location, environment: request.environment)
            self.init(postgreSQL: database, watchesChanges: request.watchesChanges)
            return
            #else
            throw NoPostgreSQLClientError(location: location)
            #endif
        }
        self.init(database: try Self.openSQLite(request))
    }

    private static func openSQLite(_ request: StoreRequest) throws -> EntryDatabase {
        let path = request.location
        switch request.access {
        case .reading:
            if !FileManager.default.fileExists(atPath: path) {
                guard request.seedsSampleEntries else { throw StoreRequestError.noDatabase(path: path) }
                var writing = request
                writing.access = .writing
                return try openSQLite(writing)
            }
            var configuration = request.databaseConfiguration
            configuration.readOnly = true
            do {
                return try EntryDatabase(path: path, configuration: configuration)
            } catch EntryStoreError.needsUpgrade {
                // Reading cannot use the file as it is: upgraded by a writable open, as the app and any
                // writing command would do, then opened read-only again.
                var writable = request.databaseConfiguration
                writable.readOnly = false
                let upgraded = try EntryDatabase(path: path, configuration: writable)
                let couldWrite = !upgraded.isReadOnly
                try? upgraded.close()
                guard couldWrite else { throw EntryStoreError.needsUpgrade(path: path) }
                return try EntryDatabase(path: path, configuration: configuration)
            }
        case .writing, .browsing:
            var configuration = request.databaseConfiguration
            configuration.readOnly = false
            let database = try EntryDatabase(path: path, configuration: configuration)
            if request.access == .writing && database.isReadOnly { throw EntryStoreError.readOnly(path: path) }
            if database.wasCreated && request.seedsSampleEntries { try database.seedSampleEntries() }
            return database
        }
    }
}
