import AppShell
import EntriesContext
import EntryStore
import SettingsContext

/// The CEO object: it directs the flow *between* the contexts, and nothing else. Each context does
/// its own work inside itself and calls up here (as its `EntriesFlow` or `SettingsFlow`) when the user
/// wants something that crosses a context's edge. Read top to bottom, it is the list of the app's
/// cross-context moves.
@MainActor
public final class AppController {
    private unowned let factory: AppFactory

    init(factory: AppFactory) {
        self.factory = factory
    }

    /// Shows the Entries context in the terminal and runs until the user quits.
    public func launch(in terminal: any AppTerminal) throws {
        try terminal.run(AppRootView(window: try factory.window(), store: factory.store, controller: self))
    }

    /// Presents the Settings context over the Entries context.
    public func showSettings() {
        perform { try self.window().present(try self.factory.settingsController().makeScene()) }
    }

    /// Dismisses Settings, back to exactly where the user was in the Entries context.
    public func hideSettings() {
        perform {
            let window = try self.window()
            while window.presentedScene != nil { window.dismiss() }
        }
    }

    /// Hides Settings and shows the entry's details in the Entries context: one context driving a
    /// transition inside another, without either knowing the other.
    public func showDetails(for entry: EntrySummary) {
        hideSettings()
        perform { try self.factory.entriesController().showDetails(for: entry) }
    }

    /// A preference changed in Settings (already saved): apply it everywhere at once.
    public func preferencesDidChange(_ preferences: Preferences) {
        factory.preferences = preferences
        perform {
            try self.window().configuration.colorEnabled = self.factory.configuration.colorAllowed && preferences.colorEnabled
            try self.factory.entriesController().apply(preferences)
        }
    }

    /// Another process changed the database: show it.
    func databaseDidChange() {
        perform { try self.factory.entriesController().refresh() }
    }

    /// Ends the app: the run loop restores the terminal.
    public func quit() {
        perform { try self.window().quit() }
    }

    /// An app-level message in the status line.
    public func showMessage(_ message: String) {
        perform { try self.window().showStatus(message, kind: .info) }
    }

    /// An error the user can act on, in the status line; the app goes on.
    public func showError(_ error: any Error) {
        perform { try self.window().showStatus(String(describing: error), kind: .error) }
    }

    private func window() throws -> Window {
        try factory.window()
    }

    /// Runs a move; a failure (a context that cannot be built, which the factory's start-up checks
    /// make unlikely) becomes a status message instead of a crash.
    private func perform(_ move: () throws -> Void) {
        do {
            try move()
        } catch {
            if let window = try? factory.window() {
                window.showStatus(String(describing: error), kind: .error)
            }
        }
    }
}

extension AppController: EntriesFlow, SettingsFlow {}

/// The contexts present their modal scenes (confirm dialogs, `present` segues) through the App
/// Controller, which owns the window.
extension AppController: ModalPresenter {
    public var presentedScene: (any Scene)? { try? factory.window().presentedScene }
    public func present(_ scene: any Scene) { perform { try self.window().present(scene) } }
    public func dismiss() { perform { try self.window().dismiss() } }
    public func toggleHelp() { perform { try self.window().toggleHelp() } }
}
