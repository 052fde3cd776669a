import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
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
    /// The contexts presented over Entries (Settings, the Calendar), by name.
    private var contexts: PresentedContexts { scope.contexts }
    /// Where store reads made off the main thread deliver their results (polled by the run loop).
    let mailbox: MainThreadMailbox
    private let colorAllowed: Bool
    /// The theme to draw with for a theme name of the preferences (the config's colours over it).
    private let theme: (String) -> Theme
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

    /// Presents the context a storyboard's segue leads into (`to: Calendar`), by name, over what is shown.
    /// Throws `StoryboardRuntimeError.noSuchContext` for a name the app has no context of (the
    /// navigator that asked shows it in the status line; the catalog refuses such a storyboard at start).
    public func presentContext(named name: String) throws {
        try contexts.present(name, on: window)
    }

    /// Presents the Settings context over the Entries context.
    public func showSettings() {
        try? contexts.present(SettingsController.storyboardName, on: window)
    }

    /// Dismisses Settings (and whatever it presented), back to exactly where the user was; a modal the
    /// Entries context presented stays.
    public func hideSettings() {
        contexts.dismiss(SettingsController.storyboardName, from: window)
    }

    /// Hides Settings (and every context presented, such as the Calendar Settings was opened from) and
    /// shows the entry's details in the Entries context: one context driving a transition inside
    /// another, without either knowing the other.
    public func showDetails(for entry: EntrySummary) {
        contexts.dismissAll(from: window)
        entries.showDetails(for: entry)
    }

    /// Dismisses the Calendar (and whatever it presented, such as its help), back to where the user was.
    public func hideCalendar() {
        contexts.dismiss(CalendarController.storyboardName, from: window)
    }

    /// Hides the Calendar (and every context presented, such as Settings it was opened from) and shows
    /// the Entries list filtered to the day picked there, on the scene that accepts a day wherever the
    /// Calendar was opened from: the Calendar drives the Entries context through here, neither knowing
    /// the other.
    public func showEntries(on day: CivilDay) {
        contexts.dismissAll(from: window)
        entries.showEntries(on: day)
    }

    /// Hides the Calendar (and every context presented) and shows `entry` selected in the Entries list
    /// of `day`: an entry "on this day" picked in the calendar.
    public func showEntry(_ entry: EntrySummary, on day: CivilDay) {
        contexts.dismissAll(from: window)
        entries.showEntry(entry, on: day)
    }

    /// A preference changed in Settings (already saved): apply it everywhere at once.
    public func preferencesDidChange(_ preferences: Preferences) {
        let previous = self.preferences
        self.preferences = preferences
        window.configuration.colorEnabled = colorAllowed && preferences.colorEnabled
        if preferences.themeName != previous.themeName { adoptTheme(named: preferences.themeName) }
        entries.apply(preferences)
        contexts.apply(preferences)
    }

    /// Every context draws with the theme `name` from now on: the scenes shown at once (through the
    /// window, which restyles its own chrome too), the scenes built later through their controllers.
    private func adoptTheme(named name: String) {
        let theme = theme(name)
        entries.adopt(theme)
        contexts.adopt(theme)
        window.adopt(theme)
    }

    /// Dismisses the context `name` (and whatever it presented), back to where the user was: how a
    /// context built from the common services closes itself.
    public func dismissContext(named name: String) {
        contexts.dismiss(name, from: window)
    }

    /// A context changed entries in the store (the Trash restored one): the Entries context reads them again.
    public func entriesDidChange() {
        entries.refresh()
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

extension AppController: EntriesFlow, SettingsFlow, CalendarFlow, ContextFlow {}

/// The contexts present their modal scenes (confirm dialogs, `present` segues) and the help overlay
/// through the App Controller, which owns the window.
extension AppController: ModalPresenter {
    /// The window's top modal scene, if any.
    public var presentedScene: (any Scene)? { window.presentedScene }
    /// Presents `scene` in the window, over what it shows.
    public func present(_ scene: any Scene) { window.present(scene) }
    /// Dismisses the window's top modal scene.
    public func dismiss() { window.dismiss() }
    /// Shows or hides the window's help overlay.
    public func toggleHelp() { window.toggleHelp() }
    /// Asks the window to clear the terminal and draw everything at the next frame.
    public func requestRepaint() { window.requestRepaint() }
}
