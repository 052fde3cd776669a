import AppFactory
import EntryModel
import SQLiteStore
import Foundation

/// Opens the database for one command: read-only for commands that only read, read-write for the
/// others, and the first-run sample entries only at the default location.
struct DatabaseAccess {
    /// `--database`, when given.
    let explicitPath: String?
    let environment: [String: String]
    /// The person's config file (its `database:`).
    var configuration = UserConfiguration(path: "")

    /// How commands open the database: a time limit of a minute per read or write instead of the
    /// app's few seconds. A command has no screen to keep answering (Ctrl-C works, scripts can use
    /// `timeout`), and a legitimate scan of a very large journal (a symbol search, the tag list) may
    /// take seconds; a minute still ends whatever a hostile file could make run forever.
    static var commandConfiguration: EntryDatabase.Configuration {
        var configuration = EntryDatabase.Configuration()
        configuration.queryTimeLimit = 60
        return configuration
    }

    /// The file this run uses, and what chose it.
    var effective: EffectiveSetting {
        EffectiveSettings.database(flag: explicitPath, environment: environment, configuration: configuration)
    }

    /// The file this run uses.
    var path: String { effective.value }

    /// True when neither `--database`, `$ENTRIES_DATABASE` nor the config file chose the file.
    var isDefaultLocation: Bool { effective.source == .builtIn }

    /// Opens without ever writing, so a read-only file works. The default database is created (and
    /// seeded) on first use instead, so that `entries list` works on a fresh machine.
    func openForReading() throws -> EntryDatabase {
        let path = self.path
        if !FileManager.default.fileExists(atPath: path) {
            guard isDefaultLocation else { throw CommandError.noDatabase(path: path) }
            return try openForWriting()
        }
        var configuration = Self.commandConfiguration
        configuration.readOnly = true
        return try EntryDatabase(path: path, configuration: configuration)
    }

    /// Opens for writing, creating the file when missing; refuses a database that cannot be written
    /// before any work is done (an edit is not typed in vain).
    func openForWriting() throws -> EntryDatabase {
        let database = try EntryDatabase(path: path, configuration: Self.commandConfiguration)
        if database.isReadOnly { throw EntryStoreError.readOnly(path: path) }
        if database.wasCreated && isDefaultLocation { try database.seedSampleEntries() }
        return database
    }

    /// Opens for the terminal UI: for writing when possible, else read-only (browsing works, and a
    /// change says why it cannot be saved). Every read and write has the default time limit (a few
    /// seconds): past it the screen shows a message instead of freezing.
    func openForBrowsing() throws -> EntryDatabase {
        let database = try EntryDatabase(path: path)
        if database.wasCreated && isDefaultLocation { try database.seedSampleEntries() }
        return database
    }
}
