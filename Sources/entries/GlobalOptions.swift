import AppFactory
import AppShell
import ArgumentParser
import EntryModel
import Foundation

/// The option every command accepts (`entries --database x.sqlite list` and
/// `entries list --database x.sqlite` mean the same: ArgumentParser hands a subcommand the value its
/// parent decoded for the same option group type).
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file, or a PostgreSQL database as postgresql://user@host:port/dbname?sslmode=... "
                + "(password from PGPASSWORD or ~/.pgpass) (default: $ENTRIES_DATABASE, else ~/.local/share/entries/entries.sqlite).",
            valueName: "path"))
    var database: String?

    @Option(
        name: [.customShort("j"), .long],
        help: ArgumentHelp(
            "A journal named in the config file's journals: (default: $ENTRIES_JOURNAL, else default-journal:). "
                + "`entries journals` lists them.",
            valueName: "name"),
        completion: .custom(CompletionCandidates.journals))
    var journal: String?

    init() {}

    /// The options as the command line `--database PATH` or `--journal NAME` (or neither) gives them.
    init(database: String?, journal: String? = nil) {
        self.database = database
        self.journal = journal
    }

    /// Where the database is, and how to open it, for this run (the config file may name it).
    ///
    /// - Throws: ``UserConfigurationError`` when the config file is invalid: nothing is opened then.
    func databaseAccess(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DatabaseAccess {
        try Self.databaseAccess(database: database, journal: journal, environment: environment)
    }

    /// ``databaseAccess(environment:)`` for the value of `--database`, without the option's wrapper
    /// (the terminal UI's launch makes none: see ``TerminalUILaunchArguments``).
    ///
    /// - Throws: ``JournalChoiceError`` for a journal name the config does not have, or both options.
    static func databaseAccess(
        database: String?, journal: String? = nil, environment: [String: String]
    ) throws -> DatabaseAccess {
        let configuration = try UserConfigurationFile.load(environment: environment)
        let chosen = try EffectiveSettings.journal(
            databaseFlag: database, journalFlag: journal, environment: environment,
            configuration: configuration)
        return DatabaseAccess(
            explicitPath: database, environment: environment, configuration: configuration, chosenJournal: chosen)
    }
}

/// `--storyboards DIR`: shown by `entries` itself (the terminal UI) and `entries storyboard lint|graph`,
/// the commands it changes. The root command declares it, so it may stand before any subcommand. The
/// same commands use the person's `storyboards/` folder and keys.yaml next to the config file.
struct StoryboardOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of storyboard files that replace the built-in ones (used by the terminal UI).",
            valueName: "dir"))
    var storyboards: String?

    init() {}

    /// The options as the command line `--storyboards DIR` (or no `--storyboards`) gives them.
    init(storyboards: String?) {
        self.storyboards = storyboards
    }

    /// The folder whose storyboards replace the built-in ones: `--storyboards DIR`, else the person's
    /// `$XDG_CONFIG_HOME/entries/storyboards/` when it exists.
    func storyboardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        Self.storyboardDirectory(storyboards: storyboards, environment: environment)
    }

    /// ``storyboardDirectory(environment:)`` for the value of `--storyboards`, without the option's wrapper.
    static func storyboardDirectory(storyboards: String?, environment: [String: String]) -> URL? {
        storyboards.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? UserConfigurationFile.storyboardsDirectory(environment: environment)
    }

    /// The person's keys.yaml (used when it exists).
    func keysFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        UserConfigurationFile.keysPath(environment: environment)
    }

    /// The storyboards the app runs: the built-in ones or their replacements, with the person's keys.
    @MainActor
    func catalog(environment: [String: String] = ProcessInfo.processInfo.environment) -> StoryboardCatalog {
        StoryboardCatalog(
            overrides: StoryboardOverrides(directory: storyboardDirectory(environment: environment)),
            keysFile: keysFile(environment: environment))
    }
}
