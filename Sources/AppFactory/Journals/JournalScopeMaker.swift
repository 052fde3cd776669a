import AppShell
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import JournalContext
import PostgreSQLStore
import SQLiteStore
import SettingsContext

/// Builds a ``JournalScope``: the contexts of one journal on its store, with everything the factory
/// made once for the app (the storyboards, the relay to the App Controller, the loader, the terminal).
/// The factory makes the first scope with it; the App Controller asks it for the next when the user
/// switches journals.
@MainActor
struct JournalScopeMaker {
    let configuration: AppConfiguration
    let catalog: StoryboardCatalog
    let relay: AppControllerRelay
    let loader: any EntryLoader
    let terminal: any AppTerminal

    /// The contexts for `store`, which is open. Throws what building a context throws (nothing, once
    /// the storyboards were checked at start).
    func makeScope(name: String?, store: StoreFactory) throws -> JournalScope {
        // Before any context reads: a change committed from here on shows at the next idle tick.
        let dataVersionAtOpen = try? store.dataVersion()
        let userConfiguration = configuration.userConfiguration
        let themeWriter = ConfigFileThemeWriter(
            path: userConfiguration.path, home: configuration.environment["HOME"] ?? NSHomeDirectory())
        // The config's preferences over the journal's (see UserConfiguration): Settings reads and saves through this.
        let preferenceStore = PreferencesStore(settings: ConfiguredSettingsRepository(
            journal: store.settings, configuration: userConfiguration,
            saveTheme: { name in try themeWriter.write(themeName: name) }))
        let preferences = (try? preferenceStore.load()) ?? .defaults
        let theme = userConfiguration.theme(named: preferences.themeName)
        var entries = EntriesDependencies(
            repository: store.entries, flow: relay, presenter: relay, suspender: terminal, preferences: preferences,
            storyboard: catalog.storyboard(of: .entries),
            editor: ExternalEntryEditor(editor: EffectiveSettings.externalEditor(
                environment: configuration.environment, configuration: userConfiguration,
                temporaryDirectory: configuration.editorTemporaryDirectory ?? FileManager.default.temporaryDirectory)),
            timeZone: configuration.timeZone, theme: theme)
        entries.loader = loader
        entries.newEntryTemplate = userConfiguration.newEntryTemplate
        entries.preview = userConfiguration.previewLayout
        let entriesController = try EntriesController(dependencies: entries)
        var settings = SettingsDependencies(
            repository: store.entries, preferences: preferenceStore, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .settings), timeZone: configuration.timeZone, theme: theme)
        settings.loader = loader
        let settingsController = try SettingsController(dependencies: settings)
        let journalController = try JournalController(dependencies: JournalDependencies(
            repository: store.entries, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .journal),
            preferences: preferences, colorAllowed: configuration.colorAllowed, timeZone: configuration.timeZone, theme: theme))
        return JournalScope(name: name, store: store, preferences: preferences, entries: entriesController,
                            settings: settingsController, journal: journalController, maker: self,
                            dataVersionAtOpen: dataVersionAtOpen)
    }

    /// Opens `journal` (an SQLite file, created when missing, or a PostgreSQL database) and makes its
    /// scope. An encrypted journal is refused here: its passphrase is asked only before the full
    /// screen, so it is opened with `entries -j NAME`.
    func openScope(_ journal: NamedJournal) throws -> JournalScope {
        if !PostgreSQLLocation.isPostgreSQL(journal.location), JournalKey.isEncrypted(path: journal.location) {
            throw JournalSwitchError.encrypted(name: journal.name)
        }
        var journalConfiguration = configuration
        journalConfiguration.databasePath = journal.location
        journalConfiguration.seedsSampleEntries = false
        let store = try StoreFactory(configuration: journalConfiguration)
        do {
            return try makeScope(name: journal.name, store: store)
        } catch {
            store.close()
            throw error
        }
    }
}

/// A journal the app could not switch to; the app stays on the one it was on.
public enum JournalSwitchError: Error, CustomStringConvertible {
    case encrypted(name: String)
    case cannotOpen(name: String, reason: String)

    public var description: String {
        switch self {
        case .encrypted(let name):
            return "`\(name)` is encrypted: its passphrase is asked before the app starts; open it with entries -j \(name)"
        case let .cannotOpen(name, reason):
            return "cannot open the journal `\(name)`: \(reason); still on this one"
        }
    }
}
