import EntryModel
import Foundation
import SQLiteStore

#if PostgreSQL
import PostgreSQLStore
#endif

/// The back-end half of the factory (the original post's "backend factory"): opens the store once —
/// an SQLite file, or a PostgreSQL database for a `postgresql://` location — and hands out its
/// repositories, the preferences, and a way to notice other writers' changes.
public final class StoreFactory: Sendable {
    /// The store that was opened.
    public enum Store: Sendable {
        case sqlite(EntryDatabase)
        #if PostgreSQL
        case postgreSQL(PostgreSQLDatabase)
        #endif
    }

    /// The open store: an SQLite file or a PostgreSQL database.
    public let store: Store
    /// Counts the changes the PostgreSQL change feed announced (nil for SQLite, which has `data_version`).
    private let feedCounter: ChangeCounter?

    /// Opens (or creates) the store named by `configuration.databasePath` for browsing (see
    /// ``StoreRequest/Access/browsing``); a new SQLite database gets the sample entries when the
    /// configuration says so. A build without the PostgreSQL client refuses a `postgresql://` location
    /// with `NoPostgreSQLClientError`.
    public convenience init(configuration: AppConfiguration) throws {
        try self.init(
            StoreRequest(
                location: configuration.databasePath, access: .browsing, environment: configuration.environment,
                seedsSampleEntries: configuration.seedsSampleEntries))
    }

    /// Uses a database opened elsewhere (tests use `EntryDatabase.inMemory()`).
    public init(database: EntryDatabase) {
        store = .sqlite(database)
        feedCounter = nil
    }

    #if PostgreSQL
    /// Uses a PostgreSQL database opened elsewhere, and listens to its change feed unless
    /// `watchesChanges` is false (when the feed cannot be had, the app still works, without live
    /// updates).
    public init(postgreSQL database: PostgreSQLDatabase, watchesChanges: Bool = true) {
        store = .postgreSQL(database)
        guard watchesChanges else {
            feedCounter = nil
            return
        }
        let counter = ChangeCounter()
        counter.subscription = try? database.changes.subscribe { _ in counter.increment() }
        feedCounter = counter
    }
    #endif

    /// The SQLite database, when that is the store.
    public var database: EntryDatabase? {
        if case .sqlite(let database) = store { return database }
        return nil
    }

    /// The entries of the open store, whichever kind it is.
    public var entries: any EntryRepository {
        switch store {
        case .sqlite(let database): return database.entries
        #if PostgreSQL
        case .postgreSQL(let database): return database.entries
        #endif
        }
    }

    /// The journal's settings table of the open store, where the preferences are kept.
    public var settings: any SettingsRepository {
        switch store {
        case .sqlite(let database): return database.settings
        #if PostgreSQL
        case .postgreSQL(let database): return database.settings
        #endif
        }
    }

    /// How the open store takes entries out for good (moving entries to another journal).
    public var removal: any EntryRemoval {
        switch store {
        case .sqlite(let database): return database.entries
        #if PostgreSQL
        case .postgreSQL(let database): return database.entries
        #endif
        }
    }

    /// True for an encrypted SQLite journal.
    public var isEncrypted: Bool { database?.isEncrypted ?? false }

    /// Changes to the store as they are committed, where the store offers them (PostgreSQL).
    public var changeFeed: (any EntryChangeFeed)? {
        #if PostgreSQL
        if case .postgreSQL(let database) = store { return database.changes }
        #endif
        return nil
    }

    /// The journal's preferences, read from and written to ``settings``.
    public var preferences: PreferencesStore { PreferencesStore(settings: settings) }

    /// Frees what the store keeps in memory (an SQLite journal's caches) without closing it.
    public func releaseMemory() {
        database?.releaseMemory()
    }

    /// Closes the store: an SQLite journal's connections (its files are released), a PostgreSQL
    /// journal's change feed (its connection goes with the store). Nothing is read after.
    public func close() {
        feedCounter?.subscription?.cancel()
        feedCounter?.subscription = nil
        if case .sqlite(let database) = store { try? database.close() }
    }

    /// A number that changes when anyone changes the store: SQLite's `data_version`, or the count of
    /// the PostgreSQL feed's notifications. Cheap: the app asks on every idle tick.
    public func dataVersion() throws -> Int {
        switch store {
        case .sqlite(let database): return try database.dataVersion()
        #if PostgreSQL
        case .postgreSQL: return feedCounter?.value ?? 0
        #endif
        }
    }
}

/// A thread-safe counter the change feed's handler bumps.
private final class ChangeCounter: @unchecked Sendable {
    // @unchecked: `count` and `subscription` are only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    private var retained: (any EntryChangeSubscription)?

    var subscription: (any EntryChangeSubscription)? {
        get { lock.withLock { retained } }
        set { lock.withLock { retained = newValue } }
    }

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
