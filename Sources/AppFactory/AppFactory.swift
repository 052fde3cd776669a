import AppShell
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import JournalContext
import SettingsContext

/// Creates every long-lived object of the app exactly once and injects the ``AppController`` into
/// the contexts: the App Factory of the original sample.
///
/// Everything that can fail fails here, in the initializer, before the terminal is touched: the store
/// is open, every storyboard is loaded and checked against its context, the contexts, the window and
/// the App Controller exist. After that nothing the App Controller does can fail.
@MainActor
public final class AppFactory {
    public let configuration: AppConfiguration
    public let store: StoreFactory
    public let terminal: any AppTerminal
    /// The Entries context, running its storyboard: the window's content.
    public let entriesController: EntriesController
    /// The Settings context; each `makeScene()` gives a fresh scene to present.
    public let settingsController: SettingsController
    /// The Journal context; each `makeScene()` gives a fresh scene to present.
    public let journalController: JournalController
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
        configuration: AppConfiguration, store: StoreFactory, terminal: any AppTerminal, storyboards: StoryboardCatalog? = nil
    ) throws {
        self.configuration = configuration
        self.store = store
        self.terminal = terminal
        let catalog = storyboards ?? StoryboardCatalog(
            overrides: StoryboardOverrides(directory: configuration.storyboardDirectory), keysFile: configuration.keysFile)
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.allErrors()) }
        let layouts = try LayoutCatalog.checked(directories: configuration.layoutDirectories)
        // The config's preferences over the journal's (see UserConfiguration): Settings reads and saves through this.
        let userConfiguration = configuration.userConfiguration
        let themeWriter = ConfigFileThemeWriter(
            path: userConfiguration.path, home: configuration.environment["HOME"] ?? NSHomeDirectory())
        let preferenceStore = PreferencesStore(settings: ConfiguredSettingsRepository(
            journal: store.settings, configuration: userConfiguration,
            saveTheme: { name in try themeWriter.write(themeName: name) }))
        let preferences = (try? preferenceStore.load()) ?? .defaults
        let relay = AppControllerRelay()
        let theme = userConfiguration.theme(named: preferences.themeName)
        // Store reads off the main thread come back through the run loop's mailbox.
        let mailbox = try MainThreadMailbox()
        let loader: any EntryLoader = configuration.readsInBackground ? BackgroundLoader(mailbox: mailbox) : ImmediateLoader()
        var entries = EntriesDependencies(
            repository: store.entries, flow: relay, presenter: relay, suspender: terminal, preferences: preferences,
            storyboard: catalog.storyboard(of: .entries),
            editor: ExternalEntryEditor(editor: EffectiveSettings.externalEditor(
                environment: configuration.environment, configuration: configuration.userConfiguration,
                temporaryDirectory: configuration.editorTemporaryDirectory ?? FileManager.default.temporaryDirectory)),
            timeZone: configuration.timeZone, theme: theme)
        entries.loader = loader
        entries.newEntryTemplate = configuration.userConfiguration.newEntryTemplate
        entries.preview = configuration.userConfiguration.previewLayout
        entries.listRowLayout = layouts.listRow
        entries.detailsLayout = layouts.details
        entriesController = try EntriesController(dependencies: entries)
        var settings = SettingsDependencies(
            repository: store.entries, preferences: preferenceStore, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .settings), timeZone: configuration.timeZone, theme: theme)
        settings.loader = loader
        settings.listRowLayout = layouts.listRow
        settingsController = try SettingsController(dependencies: settings)
        journalController = try JournalController(dependencies: JournalDependencies(
            repository: store.entries, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .journal),
            preferences: preferences, colorAllowed: configuration.colorAllowed, timeZone: configuration.timeZone, theme: theme))
        // The storyboards bind every key, quit and help included; the window itself only has Ctrl-C.
        window = Window(
            root: entriesController.rootScene,
            configuration: .storyboardDriven(theme: theme, colorEnabled: configuration.colorAllowed && preferences.colorEnabled))
        appController = AppController(
            window: window, entries: entriesController,
            contexts: PresentedContexts([
                (SettingsController.storyboardName, settingsController), (JournalController.storyboardName, journalController),
            ]),
            store: store,
            mailbox: mailbox,
            preferences: preferences, colorAllowed: configuration.colorAllowed,
            theme: { name in userConfiguration.theme(named: name) })
        relay.controller = appController
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
            overrides: StoryboardOverrides(directory: configuration.storyboardDirectory), keysFile: configuration.keysFile)
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.allErrors()) }
        var broken: [StoryboardDiagnostic] = []
        var loaded: [String: Storyboard] = [:]
        for context in catalog.contexts {
            let result = StoryboardLoader(
                registry: context.registry, expectedName: context.name, contexts: catalog.contexts.map(\.name)
            ).diagnose(context.source)
            if result.diagnostics.errors.isEmpty, let storyboard = result.storyboard {
                loaded[context.name] = storyboard
            } else {
                broken += result.diagnostics
            }
        }
        // Layouts are checked with the storyboards, so that a broken one stops the start before the terminal is touched.
        broken += LayoutCatalog(directories: configuration.layoutDirectories).problems
        if !broken.errors.isEmpty { throw StoryboardLoadError(diagnostics: broken) }
        return catalog.runningLoaded(loaded)
    }

    /// The preferences in force (as loaded at start, then as Settings changes them).
    public var preferences: Preferences { appController.preferences }
}
