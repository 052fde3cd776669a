import AppShell
import EntryModel
import Foundation
import SQLiteStore

/// Notes the phases of a start as they end (the `entries` executable writes them to the file
/// `ENTRIES_STARTUP_TRACE` names). Called from the main thread and from the store's opening thread.
public protocol LaunchTrace: AnyObject, Sendable {
    /// Notes that `phase` ended now.
    func mark(_ phase: String)
    /// Notes that a frame was written to the terminal.
    func frameWritten()
}

/// The start of the app in a terminal, one sequence for every host: the store starts opening on a
/// thread of its own (`StoreOpening`) while the run loop is made and the storyboards are loaded and
/// checked, then the App Factory builds the contexts and the App Controller takes over the terminal.
///
/// What the host decides beforehand, on the main thread and before the terminal is touched: which
/// store (``store``, an encrypted journal's key already unlocked in its configuration), the person's
/// configuration, and where storyboards, layouts and keys come from. Everything that can fail (the
/// database, a storyboard) fails before the full screen appears; the store's error comes first.
public struct TerminalLaunch {
    /// The store to open for browsing.
    public var store: StoreRequest
    /// The person's config file.
    public var userConfiguration: UserConfiguration
    /// The process environment.
    public var environment: [String: String]
    /// A folder of storyboard files that replace the built-in ones.
    public var storyboardDirectory: URL?
    /// The folder of the person's layout files (after ``storyboardDirectory``'s).
    public var layoutsDirectory: URL?
    /// The person's keys.yaml.
    public var keysFile: String?
    /// The journal's name, shown in the header (nil when there is only one journal).
    public var journalName: String?
    /// How a journal switched to in the app gets its passphrase when set (else the app asks for it).
    public var readPassphrase: (@Sendable () throws -> Passphrase)?
    /// Notes the phases of the start, when set.
    public var trace: (any LaunchTrace)?

    /// A launch of the app on `store` (its ``StoreRequest/access`` is made ``StoreRequest/Access/browsing``).
    public init(store: StoreRequest, userConfiguration: UserConfiguration, environment: [String: String]) {
        var store = store
        store.access = .browsing
        self.store = store
        self.userConfiguration = userConfiguration
        self.environment = environment
    }

    /// Runs the app until it quits. Throws what kept it from starting (the store, a storyboard) before
    /// the terminal is taken over, and `TerminalError.terminated` when a signal ended it.
    @MainActor
    public func run() throws {
        // The store opens on its own thread first thing: the first screen waits for it, and the rest
        // of the start (the run loop, the time zone, the storyboards) is done meanwhile. Its error, if
        // any, comes first, as when it opened before the storyboards were checked.
        let store = self.store
        let opening = StoreOpening(trace: trace) { try StoreFactory(store) }
        var runLoop = TerminalRunLoop.Configuration()
        runLoop.reportsMouse = userConfiguration.mouse?.value ?? true  // on unless the config says no
        if let trace { runLoop.frameWritten = { @Sendable in trace.frameWritten() } }
        let terminal = TerminalRunLoop(configuration: runLoop)
        trace?.mark("terminal run loop made (the database opening meanwhile)")
        let configuration = appConfiguration(colorAllowed: terminal.colorSupport != .none)
        let storyboardCheck = Result { try AppFactory.checkStoryboards(of: configuration) }
        trace?.mark("time zone found, storyboards loaded and checked (the database opening meanwhile)")
        let opened = try opening.wait()
        trace?.mark("store ready")
        let storyboards = try storyboardCheck.get()
        let factory = try AppFactory(
            configuration: configuration, store: opened, terminal: terminal, storyboards: storyboards)
        trace?.mark("contexts and window made")
        try factory.appController.launch(in: terminal)
    }

    /// The App Factory's configuration for this launch.
    func appConfiguration(colorAllowed: Bool) -> AppConfiguration {
        var configuration = AppConfiguration(
            databasePath: store.location, storyboardDirectory: storyboardDirectory, colorAllowed: colorAllowed,
            environment: environment, userConfiguration: userConfiguration, keysFile: keysFile)
        configuration.layoutDirectories = [storyboardDirectory, layoutsDirectory].compactMap { $0 }
        configuration.readsInBackground = true  // the interface never waits on the store
        configuration.journalName = journalName
        if store.databaseConfiguration.encryptionKey != nil {
            // An encrypted journal's text never lands on disk in the clear: the editor's file goes to
            // memory when the system has a folder there.
            configuration.editorTemporaryDirectory = PrivateTemporaryFolder.inMemory(environment: environment)
        }
        configuration.readPassphrase = readPassphrase
        return configuration
    }
}
