import AppFactory
import AppShell
import EntryModel
import PostgreSQLAddress
import SQLiteStore
import Foundation

/// Opens the store for one command: an SQLite file — read-only for commands that only read,
/// read-write for the others, and the first-run sample entries only at the default location — or a
/// PostgreSQL database when the location is a `postgresql://` URL (`--database` or
/// `$ENTRIES_DATABASE`).
struct DatabaseAccess {
    /// `--database`, when given.
    let explicitPath: String?
    let environment: [String: String]
    /// The person's config file (its `database:`).
    var configuration = UserConfiguration(path: "")
    /// The journal `--journal`, `$ENTRIES_JOURNAL` or the config chose, with its name; nil to choose
    /// by path alone (`--database`, `$ENTRIES_DATABASE`, `database:`).
    var chosenJournal: ChosenJournal?

    /// How commands open the database: a time limit of a minute per read or write instead of the
    /// app's few seconds. A command has no screen to keep answering (Ctrl-C works, scripts can use
    /// `timeout`), and a legitimate scan of a very large journal (a symbol search, the tag list) may
    /// take seconds; a minute still ends whatever a hostile file could make run forever.
    static var commandConfiguration: EntryDatabase.Configuration {
        var configuration = EntryDatabase.Configuration()
        configuration.queryTimeLimit = 60
        return configuration
    }

    /// The file (or `postgresql://` location) this run uses, and what chose it.
    var effective: EffectiveSetting {
        chosenJournal?.location
            ?? EffectiveSettings.database(flag: explicitPath, environment: environment, configuration: configuration)
    }

    /// The journal's name, when it has one (`work`, or `default` for the unnamed default).
    var journalName: String? { chosenJournal?.name }

    /// The file (or `postgresql://` location) this run uses.
    var path: String { effective.value }

    /// True when neither `--database`, `$ENTRIES_DATABASE` nor the config file chose the file: the
    /// built-in file, also when asked for by its name (`-j default` without a `default` journal or
    /// `database:` in the config).
    var isDefaultLocation: Bool {
        if effective.source == .builtIn { return true }
        return journalName == NamedJournal.defaultName && configuration.journal(named: NamedJournal.defaultName) == nil
            && configuration.database == nil
    }

    /// The PostgreSQL location, when the store is on a server (a malformed one throws).
    var postgreSQLLocation: PostgreSQLLocation? {
        get throws {
            let path = self.path
            guard PostgreSQLLocation.isPostgreSQL(path) else { return nil }
            return try PostgreSQLLocation(parsing: path, environment: environment)
        }
    }

    /// The key of the journal when it is an encrypted SQLite file (its passphrase asked on the
    /// terminal or taken from `$ENTRIES_PASSPHRASE_COMMAND`: ``PassphraseReader``); nil otherwise.
    /// A wrong passphrase throws, and nothing is opened.
    func encryptionKey() throws -> JournalKey? {
        let path = self.path
        guard !PostgreSQLLocation.isPostgreSQL(path), JournalKey.isEncrypted(path: path) else { return nil }
        let passphrase = try PassphraseReader(environment: environment).passphrase(for: path)
        return try JournalKey.unlock(path: path, passphrase: passphrase)
    }

    /// Where text that could not be saved is kept (``RecoveryFile``): an encrypted journal's in its
    /// private folder in memory, as the editor's file (a diary entry never lands on disk in the
    /// clear); any other's in the data folder, where it outlives a restart.
    var recoveryDirectory: URL {
        let path = self.path
        if !PostgreSQLLocation.isPostgreSQL(path), JournalKey.isEncrypted(path: path) {
            return editorTemporaryDirectory
        }
        return RecoveryFile.dataFolder(environment: environment)
    }

    /// Where the editor's file goes: for an encrypted journal a folder in memory when the system has
    /// one (``PrivateTemporaryFolder``), else the temporary folder.
    var editorTemporaryDirectory: URL {
        let path = self.path
        if !PostgreSQLLocation.isPostgreSQL(path), JournalKey.isEncrypted(path: path),
            let folder = PrivateTemporaryFolder.inMemory(environment: environment)
        {
            return folder
        }
        return FileManager.default.temporaryDirectory
    }

    /// Opens without writing, so a read-only file works. The default database is created (and seeded)
    /// when it is missing, so that `entries list` works on a fresh machine. A database an older
    /// version wrote is upgraded first when it can be (see `StoreRequest.Access.reading`).
    ///
    /// The command closes it when done (`defer { database.close() }`): the process exits as soon as
    /// the command returns, before a database merely released would close, and only a close removes
    /// the empty `-wal` and `-shm` files SQLite makes beside a journal for any reader.
    func openForReading() throws -> StoreFactory {
        do {
            return try StoreFactory(try request(.reading))
        } catch StoreRequestError.noDatabase(let path) {
            throw CommandError.noDatabase(path: path)
        }
    }

    /// Opens for writing, creating the file when missing; refuses a database that cannot be written
    /// before any work is done (an edit is not typed in vain).
    func openForWriting() throws -> StoreFactory {
        try StoreFactory(try request(.writing))
    }

    /// Opens for the terminal UI: for writing when possible, else read-only (browsing works, and a
    /// change says why it cannot be saved). Every read and write has the default time limit (a few
    /// seconds): past it the screen shows a message instead of freezing.
    ///
    /// `key`: an encrypted journal's key, unlocked beforehand (``encryptionKey()``) on the main
    /// thread, before the terminal is taken over.
    func openForBrowsing(key: JournalKey? = nil) throws -> StoreFactory {
        try StoreFactory(browsingRequest(key: key))
    }

    /// What the library is asked to open for the terminal UI (``openForBrowsing(key:)``).
    func browsingRequest(key: JournalKey? = nil) -> StoreRequest {
        var configuration = EntryDatabase.Configuration()
        configuration.encryptionKey = key
        return StoreRequest(
            location: path, access: .browsing, environment: environment, databaseConfiguration: configuration,
            seedsSampleEntries: isDefaultLocation)
    }

    /// What the library is asked to open for a command: this run's location, the command time limit
    /// and the journal's key (asked now, so a wrong passphrase opens nothing). A command does not
    /// listen to a server's change feed.
    ///
    /// The sample entries are a guide to the app: a command that only reads a default journal not yet
    /// made shows them, as the app does, but one that writes (`add`, `import`…) starts the person's
    /// journal empty, so an imported diary is not mixed with a guide dated among its entries.
    private func request(_ access: StoreRequest.Access) throws -> StoreRequest {
        var configuration = Self.commandConfiguration
        configuration.encryptionKey = try encryptionKey()
        return StoreRequest(
            location: path, access: access, environment: environment, databaseConfiguration: configuration,
            seedsSampleEntries: isDefaultLocation && access != .writing, watchesChanges: false)
    }
}
