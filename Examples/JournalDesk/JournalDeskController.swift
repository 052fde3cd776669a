import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI

/// This app's CEO: the moves between its contexts. A segue into another context (`c` into the
/// Calendar, `T` into the Trash: the Entries storyboard's references, which the Entries context asks
/// its presenter, this, to perform) presents it by name; Enter on a day in the Calendar shows the
/// list of that day; `s` has nothing to open (no Settings here); `q` quits.
@MainActor
final class JournalDeskController: EntriesFlow, CalendarFlow, ContextFlow, ModalPresenter {
    private unowned let window: Window
    private let entries: EntriesController
    /// The contexts presented over Entries, by the name references use (`to: Calendar`, `to: Trash.list`).
    private let contexts: [String: any PresentableContext]
    /// The scene of each context up, by name.
    private var presented: [String: any Scene] = [:]

    init(window: Window, entries: EntriesController, contexts: [String: any PresentableContext]) {
        self.window = window
        self.entries = entries
        self.contexts = contexts
    }

    /// A segue into another context: presented at its initial scene or the scene named, unless up already.
    func presentContext(named written: String) throws {
        let reference = ContextReference(written)
        // Settings, `s`: this app has none, and says so.
        guard let context = contexts[reference.context] else {
            throw StoryboardRuntimeError.noSuchContext(written)
        }
        if let scene = presented[reference.context], window.presentedScenes.contains(where: { $0 === scene }) { return }
        let scene = reference.scene.map { context.makeScene(startingAt: $0) } ?? context.makeScene()
        presented[reference.context] = scene
        window.present(scene)
    }

    func dismissContext(named name: String) {
        guard let scene = presented.removeValue(forKey: name) else { return }
        window.dismiss(scene)
    }

    func hideCalendar() { dismissContext(named: CalendarController.storyboardName) }

    func showEntries(on day: CivilDay) {
        for name in presented.keys.sorted() { dismissContext(named: name) }
        entries.showEntries(on: day)
    }

    func entriesDidChange() { entries.refresh() }
    func quit() { window.quit() }
    func showMessage(_ message: String) { window.showStatus(message) }
    func showError(_ error: any Error) { window.showStatus(String(describing: error), kind: .error) }

    // The rest of presenting is the window's.
    var presentedScene: (any Scene)? { window.presentedScene }
    func present(_ scene: any Scene) { window.present(scene) }
    func dismiss() { window.dismiss() }
    func toggleHelp() { window.toggleHelp() }
    func requestRepaint() { window.requestRepaint() }
}
