import EntryModel
import SQLiteStore

/// The back-end half of the factory (the original post's "backend factory"): opens the database once
/// and hands out its repositories and the preferences.
public final class StoreFactory: Sendable {
    public let database: EntryDatabase

    /// Opens (or creates) the database; a new database gets the sample entries when the configuration
    /// says so.
    public convenience init(configuration: AppConfiguration) throws {
        try self.init(database: EntryDatabase(path: configuration.databasePath))
        if database.wasCreated && configuration.seedsSampleEntries {
            try database.seedSampleEntries()
        }
    }

    /// Uses a database opened elsewhere (tests use `EntryDatabase.inMemory()`).
    public init(database: EntryDatabase) {
        self.database = database
    }

    public var entries: any EntryRepository { database.entries }
    public var preferences: PreferencesStore { PreferencesStore(settings: database.settings) }
}
