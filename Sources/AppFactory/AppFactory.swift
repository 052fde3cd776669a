import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import SettingsContext

/// Creates every long-lived object of the app exactly once and injects the ``AppController`` into
/// the contexts: the App Factory of the original sample.
///
/// Everything that can fail fails here, in the initializer, before the terminal is touched: the store
/// is open, every storyboard is loaded and checked against its context, the contexts, the window and
/// the App Controller exist. After that nothing the App Controller does can fail.
@MainActor
public final class AppFactory {
    /// What the app was started with, as `main` decided it.
    public let configuration: AppConfiguration
    /// The open journal's store (it changes when the user switches journals).
    public var store: StoreFactory { appController.scope.store }
    /// The terminal the window runs in, which also suspends the UI while an external editor has the screen.
    public let terminal: any AppTerminal
    /// The Entries context, running its storyboard: the window's content.
    public var entriesController: EntriesController { appController.scope.entries }
    /// The Settings context; each `makeScene()` gives a fresh scene to present.
    public var settingsController: SettingsController { appController.scope.settings }
    /// The Calendar context; each `makeScene()` gives a fresh scene to present.
    public var calendarController: CalendarController { appController.scope.calendar }
    /// The window: the Entries context as its content, Settings presented over it.
    public let window: Window
    /// The CEO object.
    public let appController: AppController

    /// Opens nothing itself: `store` is open. Builds the contexts from their storyboards (the
    /// built-in ones, or `--storyboards` overrides), the window and the App Controller; throws
    /// `StoryboardLoadError` with every problem of a storyboard. `storyboards`: the catalog
    /// ``checkStoryboards(of:)`` returned for this `configuration`, when the launch checked first: its
    /// storyboards are run as they were checked, no file is read again; nil reads them here.
    public init(
        configuration: AppConfiguration, store: StoreFactory, terminal: any AppTerminal,
        storyboards: StoryboardCatalog? = nil
    ) throws {
        self.configuration = configuration
        self.terminal = terminal
        let catalog =
            storyboards
            ?? StoryboardCatalog(
                overrides: StoryboardOverrides(directory: configuration.storyboardDirectory),
                keysFile: configuration.keysFile)
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.allErrors()) }
        // What no context's own check sees: references to named scenes of other contexts.
        if storyboards == nil {
            let references = catalog.referenceErrors()
            if !references.isEmpty { throw StoryboardLoadError(diagnostics: references) }
        }
        // The layouts the launch checked with the storyboards, as they were checked; else read here.
        let layouts =
            try catalog.checkedLayouts
            ?? LayoutCatalog.checked(
                directories: configuration.layoutDirectories, listRow: configuration.userConfiguration.listRow,
                configurationPath: configuration.userConfiguration.path)
        // The contexts' flow and presenter until the App Controller, made over them, is connected below.
        let relay = ControllerRelay<AppController>()
        // Store reads off the main thread come back through the run loop's mailbox.
        let mailbox = try MainThreadMailbox()
        let loader: any EntryLoader =
            configuration.readsInBackground ? BackgroundLoader(mailbox: mailbox) : ImmediateLoader()
        // The journal's objects (its contexts on its store) in a scope the App Controller can swap.
        let maker = JournalScopeMaker(
            configuration: configuration, catalog: catalog, layouts: layouts, relay: relay, loader: loader,
            terminal: terminal)
        let scope = try maker.makeScope(name: configuration.journalName, store: store)
        let preferences = scope.preferences
        let userConfiguration = configuration.userConfiguration
        let theme = userConfiguration.theme(named: preferences.themeName)
        // The storyboards bind every key, quit and help included; the window itself only has Ctrl-C.
        window = Window(
            root: scope.entries.rootScene,
            configuration: .storyboardDriven(
                theme: theme, colorEnabled: configuration.colorAllowed && preferences.colorEnabled))
        if let journalName = configuration.journalName { window.titlePrefix = [journalName] }
        appController = AppController(
            window: window, scope: scope,
            mailbox: mailbox,
            preferences: preferences, colorAllowed: configuration.colorAllowed,
            theme: { name in userConfiguration.theme(named: name) })
        relay.connect(to: appController, window: window)
    }

    /// Checks the storyboards `configuration` names (the built-in ones, `--storyboards` overrides, the
    /// keys file) against the contexts' registries, and throws `StoryboardLoadError` with what stops
    /// the start: the override folder's and keys file's errors with every storyboard's errors, or else
    /// every diagnostic (warnings too, as `entries storyboard lint` prints them) of each storyboard that
    /// has an error. Needs no store: the launch runs it while the store opens on another thread, which
    /// also leaves the runtime's caches warm for building the contexts. Returns the catalog checked,
    /// holding the storyboards as loaded, for ``init(configuration:store:terminal:storyboards:)``.
    @discardableResult
    public static func checkStoryboards(of configuration: AppConfiguration) throws -> StoryboardCatalog {
        let catalog = StoryboardCatalog(
            overrides: StoryboardOverrides(directory: configuration.storyboardDirectory),
            keysFile: configuration.keysFile)
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.allErrors()) }
        var broken: [StoryboardDiagnostic] = []
        var loaded: [String: StoryboardLoadResult] = [:]
        for context in catalog.contexts {
            let result = StoryboardLoader(
                registry: context.registry, expectedName: context.name, contexts: catalog.contexts.map(\.name),
                renamedContexts: catalog.renamedContexts
            ).diagnose(context.source)
            if result.diagnostics.errors.isEmpty, result.storyboard != nil {
                loaded[context.name] = result
            } else {
                broken += result.diagnostics
            }
        }
        // References to named scenes of other contexts (`to: Settings.entries`), across the storyboards.
        let storyboards = loaded.values.compactMap(\.storyboard)
        broken += StoryboardReferences.diagnose(storyboards, registries: catalog.registries)
        broken += catalog.referencesIntoTheRoot(storyboards.sorted { $0.name < $1.name })
        // Layouts are checked with the storyboards, so that a broken one stops the start before the terminal is touched.
        let layouts = LayoutCatalog(
            directories: configuration.layoutDirectories, listRow: configuration.userConfiguration.listRow,
            configurationPath: configuration.userConfiguration.path)
        broken += layouts.problems
        if !broken.errors.isEmpty { throw StoryboardLoadError(diagnostics: broken) }
        return catalog.runningLoaded(loaded, layouts: layouts)
    }

    /// The preferences in force (as loaded at start, then as Settings changes them).
    public var preferences: Preferences { appController.preferences }
}
