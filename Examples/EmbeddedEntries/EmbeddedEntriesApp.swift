import AppShell
import EntriesContext
import EntryModel

/// An app that embeds the Entries context alone: its own repository, its own window, and itself as
/// the context's flow (`q` quits, messages go to the window's status line; `s` and `c` ask the
/// presenter, the window, for the Settings and Calendar contexts: it has none and says so).
/// No App Factory and no Settings context; the context needs nothing more than this.
@MainActor
final class EmbeddedEntriesApp: EntriesFlow {
    /// What the run loop runs (tests put it on a `HeadlessScreen`).
    let window: Window
    let entries: EntriesController

    /// - Parameters:
    ///   - repository: where the entries are kept (this example: in memory).
    ///   - suspender: gives the terminal to `$EDITOR` while an entry is edited: the run loop.
    ///   - environment: where `VISUAL`/`EDITOR` are looked up.
    ///   - configuration: the window's look (colour off when the terminal has none).
    ///   - rowLayout: what a row of the list shows: the context's own layout unless the app hands
    ///     another (``tagsFirstRow``, say).
    init(
        repository: any EntryRepository, suspender: any TerminalSuspending, environment: [String: String],
        configuration: WindowConfiguration = .storyboardDriven(),
        rowLayout: Layout = EntriesController.builtInListRowLayout
    ) throws {
        // The window exists first, because it presents the context's dialogs; the context's scene then
        // replaces its empty root.
        window = Window(root: EmptyScene(), configuration: configuration)
        // The context needs its flow, this app, before the app exists: a relay stands in until then.
        let relay = ControllerRelay<EmbeddedEntriesApp>()
        var dependencies = EntriesDependencies(
            repository: repository, flow: relay, presenter: window,
            suspender: suspender, preferences: Preferences(sortOrder: .oldest),  // this app lists oldest first
            storyboard: EntriesController.builtInStoryboard(),
            editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment)))
        dependencies.listRowLayout = rowLayout
        entries = try EntriesController(dependencies: dependencies)
        relay.connect(to: self, window: window)
        window.replaceRoot(with: entries.rootScene)
    }

    // What leaves the Entries context in this app.
    func quit() { window.quit() }
    func showMessage(_ message: String) { window.showStatus(message) }
    func showError(_ error: any Error) { window.showStatus(String(describing: error), kind: .error) }

    /// A row layout of this app's own: the tags first, in brackets, then the title; no date. Checked
    /// like a person's file (a mistake here is a `StoryboardLoadError` with its line, at start).
    static func tagsFirstRow() throws -> Layout {
        let text = """
            kind: EntryList
            row:
              - {outlet: tags, width: fit max 30%, prefix: "[", suffix: "]", role: dim}
              - {outlet: title, width: fill}
            """
        let loaded = LayoutLoader(kinds: [EntriesController.listRowLayoutKind]).parse(
            text, fileName: "EmbeddedEntries/EntryList.layout")
        guard let layout = loaded.layout else { throw StoryboardLoadError(diagnostics: loaded.diagnostics) }
        return layout
    }

    /// The entries this example starts with.
    static let sampleEntries = [
        EntryDraft(
            title: "Welcome", body: "This app embeds the Entries context alone.\nPress s, then q to quit.",
            tags: ["example"]),
        EntryDraft(title: "Shopping list", body: "Eggs\nFlour\nMilk", moreDetails: "For the weekend.", tags: ["home"]),
        EntryDraft(title: "Ideas", body: "A context is a module: depend on it, give it a flow."),
    ]
}

/// The window's root until the context's scene replaces it.
@MainActor
private final class EmptyScene: Scene {
    let title = ""
    func render(into buffer: inout Buffer, area: Rect) {}
    func handle(_ key: Key) -> Bool { false }
}
