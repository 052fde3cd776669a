import AppFactory
import AppShell
import EntryModel
import Foundation

/// What `entries` without a subcommand does: build the App Factory and ask the App Controller to
/// launch in the terminal. Everything that can fail (no terminal, the config file, the database, a
/// storyboard given with `--storyboards`) fails before the terminal is touched.
struct TerminalUILaunch {
    let options: GlobalOptions
    let storyboards: StoryboardOptions

    init(options: GlobalOptions, storyboards: StoryboardOptions) {
        self.options = options
        self.storyboards = storyboards
    }

    /// The launch of `arguments` when they only open the terminal UI (see ``TerminalUILaunchArguments``).
    init(_ arguments: TerminalUILaunchArguments) {
        options = GlobalOptions(database: arguments.database)
        storyboards = StoryboardOptions(storyboards: arguments.storyboards)
    }

    func run() throws {
        let trace = StartupTrace(environment: ProcessInfo.processInfo.environment)
        defer { trace?.write() }
        // Checked first, so that `entries | cat` neither hangs nor creates a database for nothing.
        for descriptor in [STDIN_FILENO, STDOUT_FILENO] where isatty(descriptor) != 1 {
            throw TerminalError.notATerminal(fileDescriptor: descriptor)
        }
        do {
            try MainActor.assumeIsolated {
                let access = try options.databaseAccess()
                trace?.mark("config file and database location")
                var runLoop = TerminalRunLoop.Configuration()
                runLoop.reportsMouse = access.configuration.mouse?.value ?? true  // on unless the config says no
                if let trace { runLoop.frameWritten = { @Sendable in trace.frameWritten() } }
                let terminal = TerminalRunLoop(configuration: runLoop)
                trace?.mark("terminal run loop made")
                var configuration = AppConfiguration(
                    databasePath: access.path,
                    storyboardDirectory: storyboards.storyboardDirectory(),
                    colorAllowed: terminal.colorSupport != .none,
                    environment: ProcessInfo.processInfo.environment,
                    userConfiguration: access.configuration,
                    keysFile: storyboards.keysFile())
                configuration.readsInBackground = true  // the interface never waits on the store
                let store: StoreFactory
                switch try access.openForBrowsing().kind {
                case .sqlite(let database): store = StoreFactory(database: database)
                case .postgreSQL(let database): store = StoreFactory(postgreSQL: database)
                }
                trace?.mark("database opened, schema checked")
                let factory = try AppFactory(configuration: configuration, store: store, terminal: terminal)
                trace?.mark("storyboards loaded and checked, contexts and window made")
                try factory.appController.launch(in: terminal)
            }
        } catch TerminalError.terminated(let signal) {
            // The terminal is restored; end the way the signal would have, so the parent shell sees it.
            ProcessTermination.exit(bySignal: signal)
        }
    }
}
