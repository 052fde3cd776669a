import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import PostgreSQLAddress
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
    /// The list row and details layouts (the person's or the built-in ones), checked at start.
    let layouts: LayoutCatalog
    let relay: ControllerRelay<AppController>
    let loader: any EntryLoader
    let terminal: any AppTerminal
    /// Shared by every scope this maker makes: the app's one switch under way.
    let progress = JournalSwitchProgress()

    /// The contexts for `store`, which is open. Throws what building a context throws (nothing, once
    /// the storyboards were checked at start).
    func makeScope(name: String?, store: StoreFactory) throws -> JournalScope {
        // Before any context reads: a change committed from here on shows at the next idle tick.
        let dataVersionAtOpen = try? store.dataVersion()
        let userConfiguration = configuration.userConfiguration
        let themeWriter = ConfigFileThemeWriter(
            path: userConfiguration.path, home: configuration.environment["HOME"] ?? NSHomeDirectory())
        // The config's preferences over the journal's (see UserConfiguration): Settings reads and saves through this.
        let preferenceStore = PreferencesStore(
            settings: ConfiguredSettingsRepository(
                journal: store.settings, configuration: userConfiguration,
                saveTheme: { name in try themeWriter.write(themeName: name) }))
        let preferences = (try? preferenceStore.load()) ?? .defaults
        let theme = userConfiguration.theme(named: preferences.themeName)
        var entries = EntriesDependencies(
            repository: store.entries, flow: relay, presenter: relay, suspender: terminal, preferences: preferences,
            storyboard: catalog.storyboard(of: .entries),
            editor: ExternalEntryEditor(
                editor: EffectiveSettings.externalEditor(
                    environment: configuration.environment, configuration: userConfiguration,
                    temporaryDirectory: editorFolder(for: store))),
            timeZone: configuration.timeZone, theme: theme)
        entries.loader = loader
        entries.newEntryTemplate = userConfiguration.newEntryTemplate
        entries.preview = userConfiguration.previewLayout
        entries.listRowLayout = layouts.listRow
        entries.detailsLayout = layouts.details
        entries.previewLayout = layouts.preview
        entries.moreDetailsLayout = layouts.moreDetails
        let entriesController = try EntriesController(dependencies: entries)
        var settings = SettingsDependencies(
            repository: store.entries, preferences: preferenceStore, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .settings), timeZone: configuration.timeZone, theme: theme)
        settings.loader = loader
        settings.entryListLayout = layouts.settingsEntryList
        let settingsController = try SettingsController(dependencies: settings)
        var calendar = CalendarDependencies(
            repository: store.entries, flow: relay, presenter: relay,
            storyboard: catalog.storyboard(of: .calendar),
            preferences: preferences, colorAllowed: configuration.colorAllowed, timeZone: configuration.timeZone,
            theme: theme)
        calendar.loader = loader
        let calendarController = try CalendarController(dependencies: calendar)
        // Every context built from the common services alone (the Trash): no line per context here.
        let composed = try catalog.contexts.compactMap { context -> (name: String, context: any PresentableContext)? in
            guard let make = context.makeContext else { return nil }
            return (
                context.name,
                try make(
                    ContextServices(
                        repository: store.entries, flow: relay, presenter: relay, storyboard: context.source,
                        preferences: preferences,
                        theme: theme, timeZone: configuration.timeZone, colorAllowed: configuration.colorAllowed))
            )
        }
        return JournalScope(
            name: name, store: store, preferences: preferences, entries: entriesController,
            settings: settingsController, calendar: calendarController, composed: composed, maker: self,
            dataVersionAtOpen: dataVersionAtOpen)
    }

    /// Where the editor's file of an entry is made: for an encrypted journal a folder in memory when
    /// the system has one (the launch chose one for the first journal; a switch to an encrypted journal
    /// must too), else the configured or the system's temporary folder.
    private func editorFolder(for store: StoreFactory) -> URL {
        if store.database?.isEncrypted == true,
            let folder = PrivateTemporaryFolder.inMemory(environment: configuration.environment)
        {
            return folder
        }
        return configuration.editorTemporaryDirectory ?? FileManager.default.temporaryDirectory
    }

    /// Whether `journal` is an encrypted SQLite file (its passphrase is needed to open it).
    nonisolated static func isEncrypted(_ journal: NamedJournal) -> Bool {
        !PostgreSQLLocation.isPostgreSQL(journal.location) && JournalKey.isEncrypted(path: journal.location)
    }

    /// Opens `journal`'s store: an SQLite file (created when missing) or a PostgreSQL database. Any
    /// thread may call it (a server may take seconds to answer, a key takes a moment to derive);
    /// ``makeScope(name:store:)`` then builds the contexts on the main thread. An encrypted journal is
    /// unlocked with `passphrase`, else with the configuration's ``AppConfiguration/readPassphrase``;
    /// without either, or with a wrong one, it is refused.
    nonisolated static func openStore(
        _ journal: NamedJournal, configuration: AppConfiguration, passphrase: Passphrase? = nil
    ) throws -> StoreFactory {
        if isEncrypted(journal) {
            do {
                guard let passphrase = try passphrase ?? configuration.readPassphrase?() else {
                    throw JournalSwitchError.encrypted(name: journal.name)
                }
                var databaseConfiguration = EntryDatabase.Configuration()
                databaseConfiguration.encryptionKey = try JournalKey.unlock(
                    path: journal.location, passphrase: passphrase)
                return StoreFactory(
                    database: try EntryDatabase(path: journal.location, configuration: databaseConfiguration))
            } catch let error as JournalSwitchError {
                throw error
            } catch EntryStoreError.locked {
                throw JournalSwitchError.busy(name: journal.name)
            } catch JournalEncryptionError.wrongPassphrase {
                // Said first and short: the status line is one line, and the path would push it off.
                throw JournalSwitchError.wrongPassphrase(name: journal.name)
            } catch {
                throw JournalSwitchError.cannotOpen(name: journal.name, reason: String(describing: error))
            }
        }
        var journalConfiguration = configuration
        journalConfiguration.databasePath = journal.location
        journalConfiguration.seedsSampleEntries = false
        do {
            return try StoreFactory(configuration: journalConfiguration)
        } catch EntryStoreError.locked {
            throw JournalSwitchError.busy(name: journal.name)
        } catch {
            throw JournalSwitchError.cannotOpen(name: journal.name, reason: String(describing: error))
        }
    }
}

/// The switch under way, if any: a store that opens after another switch began, or after the app
/// gave up waiting, is closed instead of used.
@MainActor
final class JournalSwitchProgress {
    private var latest = 0
    private(set) var waitingFor: Int?

    /// A new switch: any earlier one is forgotten.
    func begin() -> Int {
        latest += 1
        waitingFor = latest
        return latest
    }

    /// Whether `request` is the one awaited; it is not any more after this.
    func finish(_ request: Int) -> Bool {
        guard waitingFor == request else { return false }
        waitingFor = nil
        return true
    }
}

/// A journal the app could not switch to; the app stays on the one it was on.
public enum JournalSwitchError: Error, Sendable, CustomStringConvertible {
    case encrypted(name: String)
    case wrongPassphrase(name: String)
    case cannotOpen(name: String, reason: String)
    case noAnswer(name: String, seconds: Int)
    /// Another program holds the journal's file alone while it writes (an import into an empty
    /// journal does). Said without the path: the status line is one line.
    case busy(name: String)

    /// The message shown to the person, naming the journal and saying the app stays on the current one.
    public var description: String {
        switch self {
        case .encrypted(let name):
            return "`\(name)` is encrypted and no passphrase was given; still on this one"
        case .wrongPassphrase(let name):
            return "wrong passphrase for `\(name)`; still on this one"
        case let .cannotOpen(name, reason):
            return "cannot open the journal `\(name)`: \(reason); still on this one"
        case let .noAnswer(name, seconds):
            return "the journal `\(name)` did not open within \(seconds) s; still on this one"
        case .busy(let name):
            return
                "`\(name)` is busy: another program is writing to it; still on this one (try again when it has finished)"
        }
    }
}
