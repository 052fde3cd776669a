import AppShell
import EntriesContext
import EntryModel
import Foundation
import MemoriesContext

/// An app that composes the Entries context with the Memories context: `y` in the list presents the
/// entries written on this day in earlier years, Enter there shows one in the Entries' details.
@MainActor
final class MemoriesDeskApp {
    /// What the run loop runs (tests put it on a `HeadlessScreen`).
    let window: Window
    /// The app keeps its contexts; the controller only points at them (each context holds its flow,
    /// the controller, so the controller holding them too would be a cycle).
    let entries: EntriesController
    let memories: MemoriesController
    let controller: MemoriesDeskController

    init(
        repository: any EntryRepository, suspender: any TerminalSuspending, environment: [String: String],
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current,
        configuration: WindowConfiguration = .storyboardDriven()
    ) throws {
        window = Window(root: MessageScene(title: "", message: ""), configuration: configuration)
        let controller = MemoriesDeskController(window: window)
        entries = try EntriesController(
            dependencies: EntriesDependencies(
                repository: repository, flow: controller, presenter: controller, suspender: suspender,
                preferences: .defaults, storyboard: Self.entriesStoryboard(),
                editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment)),
                now: now, timeZone: timeZone))
        memories = try MemoriesController(
            repository: repository, flow: controller, presenter: window, now: now, timeZone: timeZone)
        controller.entries = entries
        controller.memories = memories
        self.controller = controller
        window.replaceRoot(with: entries.rootScene)
    }

    /// The Entries storyboard with one more segue: `y` in the list presents the Memories context.
    /// A storyboard is data, so the app adds a move without touching the Entries context's code.
    static func entriesStoryboard() -> StoryboardSource {
        guard case .compiled(var storyboard) = EntriesController.builtInStoryboard(),
            let list = storyboard.scenes.firstIndex(where: { $0.identifier == "list" })
        else { return EntriesController.builtInStoryboard() }
        storyboard.segues.append(
            SegueDefinition(
                identifier: "showMemories", sources: ["list"], kind: .present,
                destination: .context(MemoriesController.storyboardName), help: "on this day"))
        storyboard.scenes[list].bindings.append(KeyBinding(key: .character("y"), target: "showMemories"))
        return .compiled(storyboard)
    }
}

/// This app's CEO: the moves between its two contexts. Neither context knows the other; both hand
/// their wishes up to this object.
@MainActor
final class MemoriesDeskController: EntriesFlow, MemoriesFlow, ModalPresenter {
    private unowned let window: Window
    /// Set once by ``MemoriesDeskApp`` right after the contexts are made (they need this flow first).
    weak var entries: EntriesController?
    weak var memories: MemoriesController?
    private var presentedMemories: (any Scene)?

    init(window: Window) {
        self.window = window
    }

    // A segue into another context (`to: Memories`): this app has one.
    func presentContext(named name: String) throws {
        guard name == MemoriesController.storyboardName, let memories else {
            throw StoryboardRuntimeError.noSuchContext(name)
        }
        let scene = memories.makeScene()
        presentedMemories = scene
        window.present(scene)
    }

    // MemoriesFlow
    func hideMemories() {
        guard let scene = presentedMemories else { return }
        presentedMemories = nil
        window.dismiss(scene)
    }

    func showEntry(_ entry: EntrySummary) {
        hideMemories()
        entries?.showDetails(for: entry)
    }

    // EntriesFlow
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
