import AppShell
import EntryModel

/// What the run loop drives: the window, plus the app-level chore of noticing, on idle ticks, that
/// another process changed the store (SQLite's `data_version`, PostgreSQL's change feed), so the open list shows it within a
/// second.
@MainActor
final class AppRootView: RootView {
    private let window: Window
    let mailbox: MainThreadMailbox?
    private unowned let controller: AppController
    /// The open journal's scope and its store's data version when last seen (a switch of journals
    /// starts again from the new scope's: another store's number means nothing here).
    private var watched: (scope: JournalScope, version: Int?)

    init(window: Window, mailbox: MainThreadMailbox?, controller: AppController) {
        self.window = window
        self.mailbox = mailbox
        self.controller = controller
        watched = (controller.scope, try? controller.scope.store.dataVersion())
    }

    var isFinished: Bool { window.isFinished }

    func render(into buffer: inout Buffer) { window.render(into: &buffer) }

    func handle(_ key: Key) { window.handle(key) }

    func takeFullRepaintRequest() -> Bool { window.takeFullRepaintRequest() }

    func tick() {
        window.tick()
        let scope = controller.scope
        if scope !== watched.scope { watched = (scope, scope.dataVersionAtOpen) }
        guard let version = try? scope.store.dataVersion() else { return }
        if let last = watched.version, version != last { controller.databaseDidChange() }
        watched.version = version
    }
}
