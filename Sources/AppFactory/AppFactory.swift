import AppShell
import EntriesContext
import EntryStore
import Foundation
import SettingsContext

/// Creates every long-lived object of the app exactly once and injects the ``AppController`` into
/// the contexts: the App Factory of the original sample.
///
/// Start-up order matters for the promise "an invalid storyboard stops the start and leaves the
/// terminal untouched": the initializer opens the database and validates every storyboard, so all
/// that can fail fails before the terminal is touched. The UI objects are made lazily, on first use,
/// because they refer to each other through the App Controller (the contexts get it as their flow and
/// as their presenter, and it reaches them through this factory).
@MainActor
public final class AppFactory {
    public let configuration: AppConfiguration
    public let store: StoreFactory
    public let terminal: any AppTerminal
    private let entriesStoryboard: StoryboardSource
    private let settingsStoryboard: StoryboardSource

    /// Opens the store and checks the storyboards; throws `EntryStoreError` or `StoryboardLoadError`.
    public init(configuration: AppConfiguration, store: StoreFactory, terminal: any AppTerminal) throws {
        self.configuration = configuration
        self.store = store
        self.terminal = terminal
        let overrides = StoryboardOverrides(directory: configuration.storyboardDirectory)
        entriesStoryboard = overrides.source(EntriesController.builtInStoryboard(), forContext: EntriesController.storyboardName)
        settingsStoryboard = overrides.source(SettingsController.builtInStoryboard(), forContext: SettingsController.storyboardName)
        try StoryboardLoader(registry: EntriesController.validationRegistry(), expectedName: EntriesController.storyboardName)
            .validate(entriesStoryboard)
        try StoryboardLoader(registry: SettingsController.validationRegistry(), expectedName: SettingsController.storyboardName)
            .validate(settingsStoryboard)
        preferences = (try? store.preferences.load()) ?? .defaults
    }

    /// The preferences as loaded at start; the App Controller keeps them current afterwards.
    public internal(set) var preferences: Preferences

    /// The CEO object.
    public private(set) lazy var appController = AppController(factory: self)

    /// The window: the Entries context as its content, Settings presented over it.
    public func window() throws -> Window {
        if let window = madeWindow { return window }
        let window = Window(root: try entriesController().rootScene, configuration: windowConfiguration)
        madeWindow = window
        return window
    }
    private var madeWindow: Window?

    /// The Entries context, built from its storyboard with the App Controller as its flow.
    public func entriesController() throws -> EntriesController {
        if let controller = madeEntriesController { return controller }
        let controller = try EntriesController(dependencies: EntriesDependencies(
            repository: store.entries, flow: appController, presenter: appController, suspender: terminal,
            preferences: preferences, storyboard: entriesStoryboard, editor: ExternalEntryEditor(editor: ExternalEditor(environment: configuration.environment))))
        madeEntriesController = controller
        return controller
    }
    private var madeEntriesController: EntriesController?

    /// The Settings context; each `makeScene()` gives a fresh scene to present.
    public func settingsController() throws -> SettingsController {
        if let controller = madeSettingsController { return controller }
        let controller = try SettingsController(dependencies: SettingsDependencies(
            repository: store.entries, preferences: store.preferences, flow: appController,
            presenter: appController, storyboard: settingsStoryboard))
        madeSettingsController = controller
        return controller
    }
    private var madeSettingsController: SettingsController?

    var windowConfiguration: WindowConfiguration {
        // The storyboards bind every key, quit and help included; the window itself only has Ctrl-C.
        WindowConfiguration.storyboardDriven(colorEnabled: configuration.colorAllowed && preferences.colorEnabled)
    }
}

extension StoryboardLoader {
    /// Throws `StoryboardLoadError` with every diagnostic when the storyboard has errors.
    fileprivate func validate(_ source: StoryboardSource) throws {
        _ = try load(source)
    }
}
