import AppFactory
import AppShell
import EntryModel
import Foundation

/// What `entries` without a subcommand does: build the App Factory and ask the App Controller to
/// launch in the terminal. Everything that can fail (no terminal, the config file, the database, a
/// storyboard given with `--storyboards`) fails before the terminal is touched.
struct TerminalUILaunch {
    /// `--database`, when given.
    let database: String?
    /// `--journal`, when given.
    let journal: String?
    /// `--storyboards`, when given.
    let storyboards: String?

    init(options: GlobalOptions, storyboards: StoryboardOptions) {
        database = options.database
        journal = options.journal
        self.storyboards = storyboards.storyboards
    }

    /// The launch of `arguments` when they only open the terminal UI (see ``TerminalUILaunchArguments``).
    /// It makes no ArgumentParser option: the first use of an option's wrapper looks up protocol
    /// conformances, which cost a start about 0.2 ms.
    init(_ arguments: TerminalUILaunchArguments) {
        database = arguments.database
        journal = nil
        storyboards = arguments.storyboards
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let trace = StartupTrace(environment: environment)
        defer { trace?.write() }
        // Checked first, so that `entries | cat` neither hangs nor creates a database for nothing.
        for descriptor in [STDIN_FILENO, STDOUT_FILENO] where isatty(descriptor) != 1 {
            throw TerminalError.notATerminal(fileDescriptor: descriptor)
        }
        do {
            try MainActor.assumeIsolated {
                let access = try GlobalOptions.databaseAccess(
                    database: database, journal: journal, environment: environment)
                trace?.mark("config file and database location")
                // The app writes new entries from the template: its file must be readable (a command
                // that only reads does not ask).
                try access.configuration.checkTemplate()
                // An encrypted journal's passphrase is asked now, before the full screen.
                let key = try access.encryptionKey()
                if key != nil { trace?.mark("journal key derived") }
                var runLoop = TerminalRunLoop.Configuration()
                runLoop.reportsMouse = access.configuration.mouse?.value ?? true  // on unless the config says no
                if let trace { runLoop.frameWritten = { @Sendable in trace.frameWritten() } }
                let terminal = TerminalRunLoop(configuration: runLoop)
                trace?.mark("terminal run loop made")
                // The store opens on its own thread meanwhile; its error, if any, comes first, as
                // when it opened before the storyboards were checked.
                let opening = StoreOpening(trace: trace) { try access.openForBrowsing(key: key) }
                var configuration = AppConfiguration(
                    databasePath: access.path,
                    storyboardDirectory: StoryboardOptions.storyboardDirectory(
                        storyboards: storyboards, environment: environment),
                    colorAllowed: terminal.colorSupport != .none,
                    environment: environment,
                    userConfiguration: access.configuration,
                    keysFile: UserConfigurationFile.keysPath(environment: environment))
                configuration.layoutDirectories = [
                    configuration.storyboardDirectory, UserConfigurationFile.layoutsDirectory(environment: environment),
                ].compactMap { $0 }
                configuration.readsInBackground = true  // the interface never waits on the store
                // With several journals the header says which one is open (one journal needs no name).
                if !access.configuration.journals.isEmpty { configuration.journalName = access.journalName }
                if key != nil {
                    configuration.editorTemporaryDirectory = PrivateTemporaryFolder.inMemory(environment: environment)
                }
                // A journal switched to in the app gets its passphrase as the first one did: from the
                // person's program when set, else (the app's dialog) typed.
                if let command = environment[PassphraseReader.commandVariable],
                    !command.trimmingCharacters(in: .whitespaces).isEmpty
                {
                    configuration.readPassphrase = {
                        try PassphraseProgram(commandLine: command, environment: environment).run()
                    }
                }
                let storyboardCheck = Result { try AppFactory.checkStoryboards(of: configuration) }
                trace?.mark("time zone found, storyboards loaded and checked (the database opening meanwhile)")
                let store: StoreFactory
                switch try opening.wait().kind {
                case .sqlite(let database): store = StoreFactory(database: database)
                #if PostgreSQL
                case .postgreSQL(let database): store = StoreFactory(postgreSQL: database)
                #endif
                }
                trace?.mark("store ready")
                let storyboards = try storyboardCheck.get()
                let factory = try AppFactory(
                    configuration: configuration, store: store, terminal: terminal, storyboards: storyboards)
                trace?.mark("contexts and window made")
                try factory.appController.launch(in: terminal)
            }
        } catch TerminalError.terminated(let signal) {
            // The terminal is restored; end the way the signal would have, so the parent shell sees it.
            ProcessTermination.exit(bySignal: signal)
        }
    }
}
