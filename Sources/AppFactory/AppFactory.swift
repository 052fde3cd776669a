import AppShell
import EntriesContext
import EntryModel
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
    /// `StoryboardLoadError` with every problem of a storyboard.
    public init(configuration: AppConfiguration, store: StoreFactory, terminal: any AppTerminal) throws {
        self.configuration = configuration
        self.store = store
        self.terminal = terminal
        let catalog = StoryboardCatalog(overrides: StoryboardOverrides(directory: configuration.storyboardDirectory))
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.overrideProblems) }
        let preferences = (try? store.preferences.load()) ?? .defaults
        let relay = AppControllerRelay()
        entriesController = try EntriesController(dependencies: EntriesDependencies(
            repository: store.entries, flow: relay, presenter: relay, suspender: terminal, preferences: preferences,
            storyboard: catalog.source(ofContext: EntriesController.storyboardName) ?? EntriesController.builtInStoryboard(),
            editor: ExternalEntryEditor(editor: ExternalEditor(environment: configuration.environment))))
        settingsController = try SettingsController(dependencies: SettingsDependencies(
            repository: store.entries, preferences: store.preferences, flow: relay, presenter: relay,
            storyboard: catalog.source(ofContext: SettingsController.storyboardName) ?? SettingsController.builtInStoryboard()))
        journalController = try JournalController(dependencies: JournalDependencies(
            repository: store.entries, flow: relay, presenter: relay,
            storyboard: catalog.source(ofContext: JournalController.storyboardName) ?? JournalController.builtInStoryboard(),
            preferences: preferences, colorAllowed: configuration.colorAllowed))
        // The storyboards bind every key, quit and help included; the window itself only has Ctrl-C.
        window = Window(
            root: entriesController.rootScene,
            configuration: .storyboardDriven(colorEnabled: configuration.colorAllowed && preferences.colorEnabled))
        appController = AppController(
            window: window, entries: entriesController, settings: settingsController, journal: journalController, store: store,
            preferences: preferences, colorAllowed: configuration.colorAllowed)
        relay.controller = appController
    }

    /// The preferences in force (as loaded at start, then as Settings changes them).
    public var preferences: Preferences { appController.preferences }
}
