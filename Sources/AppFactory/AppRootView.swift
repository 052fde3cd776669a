import AppShell
import EntryModel

/// What the run loop drives: the window, plus the app-level chore of noticing, on idle ticks, that
/// another process changed the store (SQLite's `data_version`, PostgreSQL's change feed), so the open list shows it within a
/// second.
@MainActor
final class AppRootView: RootView {
    private let window: Window
    private let store: StoreFactory
    let mailbox: MainThreadMailbox?
    private unowned let controller: AppController
    private var lastDataVersion: Int?

    init(window: Window, store: StoreFactory, mailbox: MainThreadMailbox?, controller: AppController) {
        self.window = window
        self.store = store
        self.mailbox = mailbox
        self.controller = controller
        lastDataVersion = try? store.dataVersion()
    }

    var isFinished: Bool { window.isFinished }

    func render(into buffer: inout Buffer) { window.render(into: &buffer) }

    func handle(_ key: Key) { window.handle(key) }

    func takeFullRepaintRequest() -> Bool { window.takeFullRepaintRequest() }

    func tick() {
        window.tick()
        guard let version = try? store.dataVersion() else { return }
        if let lastDataVersion, version != lastDataVersion { controller.databaseDidChange() }
        lastDataVersion = version
    }
}
