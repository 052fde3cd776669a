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
