import AppShell
import EntriesContext
import EntryModel
import Foundation
import JournalContext

/// An app that composes the Entries and Journal contexts with a CEO of its own and no Settings: the
/// same context modules as `entries`, another App Controller. The contexts are built exactly as the
/// App Factory builds them; only the moves between them are this app's.
@MainActor
final class JournalDeskApp {
    /// What the run loop runs (tests put it on a `HeadlessScreen`).
    let window: Window
    let entries: EntriesController
    let journal: JournalController
    let controller: JournalDeskController

    /// - Parameters:
    ///   - repository: where the entries are kept (this example: in memory).
    ///   - now: the clock ("today" in the Journal), injectable for tests.
    ///   - timeZone: whose days the Journal counts and the list filters by.
    init(
        repository: any EntryRepository, suspender: any TerminalSuspending, environment: [String: String],
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current,
        configuration: WindowConfiguration = .storyboardDriven()
    ) throws {
        window = Window(root: MessageScene(title: "", message: ""), configuration: configuration)
        let controller = JournalDeskController(window: window)
        entries = try EntriesController(dependencies: EntriesDependencies(
            repository: repository, flow: controller, presenter: controller, suspender: suspender,
            preferences: .defaults, storyboard: EntriesController.builtInStoryboard(),
            editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment)),
            now: now, timeZone: timeZone))
        journal = try JournalController(dependencies: JournalDependencies(
            repository: repository, flow: controller, presenter: window, storyboard: JournalController.builtInStoryboard(),
            colorAllowed: configuration.colorEnabled, now: now, timeZone: timeZone))
        controller.entries = entries
        controller.journal = journal
        self.controller = controller
        window.replaceRoot(with: entries.rootScene)
    }

    /// A fortnight of entries before `now`, most days one, some days two, a gap in the middle.
    static func sampleEntries(now: Date) -> [EntryDraft] {
        let titles = ["Morning pages", "Walk by the river", "Notes on a book", "Call with Sam", "Garden", "Bread"]
        return (1...14).filter { $0 != 6 }.flatMap { daysAgo -> [EntryDraft] in
            let date = now.addingTimeInterval(-Double(daysAgo) * 86_400)
            let first = EntryDraft(title: titles[daysAgo % titles.count], body: "Day -\(daysAgo).", tags: ["daily"], createdAt: date)
            guard daysAgo % 3 == 0 else { return [first] }
            return [first, EntryDraft(title: "Evening review", tags: ["review"], createdAt: date.addingTimeInterval(3_600))]
        }
    }
}

/// This app's CEO: the moves between its two contexts. `c` shows the Journal (the Entries storyboard's
/// segue into it, which the Entries context asks its presenter, this, to perform), Enter there shows
/// the list of that day, `s` has nothing to open (no Settings here), `q` quits.
@MainActor
final class JournalDeskController: EntriesFlow, JournalFlow, ModalPresenter {
    private unowned let window: Window
    /// Set once by ``JournalDeskApp`` right after the contexts are made (they need this flow first).
    weak var entries: EntriesController?
    weak var journal: JournalController?
    private var presentedJournal: (any Scene)?

    init(window: Window) {
        self.window = window
    }

    /// A segue into another context: this app has one, the Journal.
    func presentContext(named name: String) throws {
        // Settings, `s`: this app has none, and says so.
        guard name == JournalController.storyboardName, let journal else { throw StoryboardRuntimeError.noSuchContext(name) }
        let scene = journal.makeScene()
        presentedJournal = scene
        window.present(scene)
    }

    func hideJournal() {
        guard let scene = presentedJournal else { return }
        presentedJournal = nil
        window.dismiss(scene)
    }

    func showEntries(on day: CivilDay) {
        hideJournal()
        entries?.showEntries(on: day)
    }

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
