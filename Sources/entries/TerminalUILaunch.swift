import AppFactory
import AppShell
import EntryModel
import Foundation

/// What `entries` without a subcommand does: choose the journal from the arguments, the environment and
/// the config file, ask an encrypted journal's passphrase, and hand over to AppFactory's
/// `TerminalLaunch`, the start-up every host shares. Everything that can fail (no terminal, the config
/// file, the database, a storyboard given with `--storyboards`) fails before the terminal is touched.
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
        // Checked first, so that `entries | cat` neither hangs nor creates a database for nothing. The
        // person's storyboards and layouts are checked even so (they need no database): their
        // problems, each at its file:line:col, come before "needs a terminal", as with a terminal.
        for descriptor in [STDIN_FILENO, STDOUT_FILENO] where isatty(descriptor) != 1 {
            try checkStoryboardsAndLayouts(environment: environment)
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
                var launch = TerminalLaunch(
                    store: access.browsingRequest(key: key), userConfiguration: access.configuration,
                    environment: environment)
                launch.storyboardDirectory = StoryboardOptions.storyboardDirectory(
                    storyboards: storyboards, environment: environment)
                launch.layoutsDirectory = UserConfigurationFile.layoutsDirectory(environment: environment)
                launch.keysFile = UserConfigurationFile.keysPath(environment: environment)
                // With several journals the header says which one is open (one journal needs no name).
                if !access.configuration.journals.isEmpty { launch.journalName = access.journalName }
                // A journal switched to in the app gets its passphrase as the first one did: from the
                // person's program when set, else (the app's dialog) typed.
                if let command = environment[PassphraseReader.commandVariable],
                    !command.trimmingCharacters(in: .whitespaces).isEmpty
                {
                    launch.readPassphrase = {
                        var program = PassphraseProgram(commandLine: command, environment: environment)
                        program.mayUseTerminal = false  // the app owns the terminal
                        return try program.run()
                    }
                }
                launch.trace = trace
                try launch.run()
            }
        } catch TerminalError.terminated(let signal) {
            // The terminal is restored; end the way the signal would have, so the parent shell sees it.
            ProcessTermination.exit(bySignal: signal)
        }
    }

    /// Throws the problems of the storyboards and layouts a start would use (`--storyboards DIR`, the
    /// layouts folder, the config's `list-row:`), as a start refused for them throws them. A config
    /// file that does not load is left to the start that reads it.
    private func checkStoryboardsAndLayouts(environment: [String: String]) throws {
        guard let userConfiguration = try? UserConfigurationFile.load(environment: environment) else { return }
        let storyboardDirectory = StoryboardOptions.storyboardDirectory(
            storyboards: storyboards, environment: environment)
        var configuration = AppConfiguration(
            databasePath: "", storyboardDirectory: storyboardDirectory, environment: environment,
            userConfiguration: userConfiguration, keysFile: UserConfigurationFile.keysPath(environment: environment))
        configuration.layoutDirectories = [
            storyboardDirectory, UserConfigurationFile.layoutsDirectory(environment: environment),
        ].compactMap { $0 }
        try MainActor.assumeIsolated { _ = try AppFactory.checkStoryboards(of: configuration) }
    }
}
