import Foundation
import SQLiteStore

/// What the app is started with: decided by `main` from the command line and the environment, then
/// handed to the ``AppFactory``. Nothing else in the app reads arguments or environment variables.
public struct AppConfiguration: Sendable {
    /// The database file to open (created when missing).
    public var databasePath: String
    /// The name of the journal open, when the config names journals (`journals:`): the header shows
    /// it before the titles, so that a person with several journals sees which one they are in.
    public var journalName: String?
    /// Whether a newly created database is filled with the sample entries. `main` sets it for the
    /// default location, so an explicitly named new database starts empty.
    public var seedsSampleEntries: Bool
    /// `--storyboards DIR` (else the person's `storyboards/` folder): storyboards that replace the
    /// built-in ones of the contexts they name.
    public var storyboardDirectory: URL?
    /// Folders whose `<Kind>.layout` files replace the built-in layouts, the first that has one winning
    /// (`--storyboards DIR`, then the person's `layouts/` folder); see ``LayoutCatalog``.
    public var layoutDirectories: [URL] = []
    /// The person's keys.yaml: single bindings changed over the storyboards (nil: none).
    public var keysFile: String?
    /// False when `NO_COLOR` is set or the terminal cannot show colour: then the colour preference
    /// cannot turn colour on.
    public var colorAllowed: Bool
    /// The environment the app runs in (`VISUAL`/`EDITOR` for editing entries).
    public var environment: [String: String]
    /// Whether the lists read the store off the main thread (the app in a terminal sets it). Off, reads
    /// happen at once, so a headless screen is complete after every key (tests, embedding).
    public var readsInBackground = false
    /// Where the editor's file of an entry is made: nil for the system's temporary folder; for an
    /// encrypted journal, a folder in memory (`PrivateTemporaryFolder`), so no entry reaches a disk
    /// in the clear.
    public var editorTemporaryDirectory: URL?
    /// How the passphrase of an encrypted journal the app switches to is read: the program of
    /// `$ENTRIES_PASSPHRASE_COMMAND` when the person set one (the executable sets this, as it reads the
    /// first journal's); nil to ask for it in the app (`PassphrasePromptScene`).
    public var readPassphrase: (@Sendable () throws -> Passphrase)?
    /// The person's config file: the editor, and preferences put over the journal's.
    public var userConfiguration: UserConfiguration
    /// The time zone dates are shown and entered in, for every context. Decided with the rest of the
    /// configuration: finding the system's zone the first time reads and parses /etc/localtime (0.3 ms),
    /// which the launch does while the store opens rather than when the contexts are made.
    public var timeZone: TimeZone

    /// Creates a configuration for the database at `databasePath`; every other argument has the default an
    /// embedding app or a test wants (no sample entries, built-in storyboards, an empty config).
    public init(
        databasePath: String, seedsSampleEntries: Bool = false, storyboardDirectory: URL? = nil,
        colorAllowed: Bool = true,
        environment: [String: String] = [:], userConfiguration: UserConfiguration = UserConfiguration(path: ""),
        keysFile: String? = nil, timeZone: TimeZone = .current
    ) {
        self.timeZone = timeZone
        self.keysFile = keysFile
        self.userConfiguration = userConfiguration
        self.databasePath = databasePath
        self.environment = environment
        self.seedsSampleEntries = seedsSampleEntries
        self.storyboardDirectory = storyboardDirectory
        self.colorAllowed = colorAllowed
    }
}
