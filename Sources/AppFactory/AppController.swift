import AppShell
import EntriesContext
import EntryModel
import JournalContext
import SettingsContext

/// The CEO object: it directs the flow *between* the contexts, and nothing else. Each context does
/// its own work inside itself and calls up here (as its `EntriesFlow` or `SettingsFlow`) when the user
/// wants something that crosses a context's edge. Read top to bottom, it is the list of the app's
/// cross-context moves; every one of them is a plain call that cannot fail, because the App Factory
/// built and checked everything it directs before the terminal was touched.
@MainActor
public final class AppController {
    let window: Window
    /// The open journal's store and contexts; ``switchJournal(to:)`` replaces it.
    var scope: JournalScope
    private var entries: EntriesController { scope.entries }
    private var settings: SettingsController { scope.settings }
    private var journal: JournalController { scope.journal }
    /// Where store reads made off the main thread deliver their results (polled by the run loop).
    let mailbox: MainThreadMailbox
    private let colorAllowed: Bool
    /// The theme to draw with for a theme name of the preferences (the config's colours over it).
    private let theme: (String) -> Theme
    /// The Settings scene ``showSettings()`` presented, while it is up: what ``hideSettings()`` takes away.
    private var presentedSettings: (any Scene)?
    /// The Journal scene ``showJournal()`` presented, while it is up: what ``hideJournal()`` takes away.
    private var presentedJournal: (any Scene)?
    /// The preferences in force (loaded at start, then as Settings changes them).
    public private(set) var preferences: Preferences

    init(
        window: Window, scope: JournalScope, mailbox: MainThreadMailbox, preferences: Preferences, colorAllowed: Bool,
        theme: @escaping (String) -> Theme
    ) {
        self.theme = theme
        self.window = window
        self.scope = scope
        self.mailbox = mailbox
        self.preferences = preferences
        self.colorAllowed = colorAllowed
    }

    /// Shows the Entries context in the terminal and runs until the user quits.
    public func launch(in terminal: any AppTerminal) throws {
        try terminal.run(AppRootView(window: window, mailbox: mailbox, controller: self))
    }

    /// Presents the Settings context over the Entries context.
    public func showSettings() {
        let scene = settings.makeScene()
        presentedSettings = scene
        window.present(scene)
    }

    /// Dismisses Settings (and whatever it presented), back to exactly where the user was; a modal the
    /// Entries context presented stays.
    public func hideSettings() {
        guard let scene = presentedSettings else { return }
        presentedSettings = nil
        window.dismiss(scene)
    }

    /// Hides Settings and shows the entry's details in the Entries context: one context driving a
    /// transition inside another, without either knowing the other.
    public func showDetails(for entry: EntrySummary) {
        hideSettings()
        entries.showDetails(for: entry)
    }

    /// Presents the Journal (calendar and statistics) over the Entries context.
    public func showJournal() {
        let scene = journal.makeScene()
        presentedJournal = scene
        window.present(scene)
    }

    /// Dismisses the Journal (and whatever it presented, such as its help), back to where the user was.
    public func hideJournal() {
        guard let scene = presentedJournal else { return }
        presentedJournal = nil
        window.dismiss(scene)
    }

    /// Hides the Journal and shows the Entries list filtered to the day picked there: the Journal
    /// drives the Entries context through here, neither knowing the other.
    public func showEntries(on day: CivilDay) {
        hideJournal()
        entries.showEntries(on: day)
    }

    /// A preference changed in Settings (already saved): apply it everywhere at once.
    public func preferencesDidChange(_ preferences: Preferences) {
        let previous = self.preferences
        self.preferences = preferences
        window.configuration.colorEnabled = colorAllowed && preferences.colorEnabled
        if preferences.themeName != previous.themeName { adoptTheme(named: preferences.themeName) }
        entries.apply(preferences)
        journal.apply(preferences)
    }

    /// Every context draws with the theme `name` from now on: the scenes shown at once (through the
    /// window, which restyles its own chrome too), the scenes built later through their controllers.
    private func adoptTheme(named name: String) {
        let theme = theme(name)
        entries.adopt(theme)
        settings.adopt(theme)
        journal.adopt(theme)
        window.adopt(theme)
    }

    /// Another process changed the database: show it.
    func databaseDidChange() {
        entries.refresh()
    }

    /// Ends the app: the run loop restores the terminal.
    public func quit() {
        window.quit()
    }

    /// An app-level message in the status line.
    public func showMessage(_ message: String) {
        window.showStatus(message, kind: .info)
    }

    /// An error the user can act on, in the status line; the app goes on.
    public func showError(_ error: any Error) {
        window.showStatus(String(describing: error), kind: .error)
    }
}

extension AppController: EntriesFlow, SettingsFlow, JournalFlow {}

/// The contexts present their modal scenes (confirm dialogs, `present` segues) and the help overlay
/// through the App Controller, which owns the window.
extension AppController: ModalPresenter {
    public var presentedScene: (any Scene)? { window.presentedScene }
    public func present(_ scene: any Scene) { window.present(scene) }
    public func dismiss() { window.dismiss() }
    public func toggleHelp() { window.toggleHelp() }
    public func requestRepaint() { window.requestRepaint() }
}
