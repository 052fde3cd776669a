import AppShell
import EntryModel
import EntryUI
import SettingsContext

// `PresentableContext` is EntryUI's, so that a context module can conform to it itself
// (`ComposableContext`, `SceneMakingContext`); Settings, which does not, conforms here.
extension SettingsController: PresentableContext {
    /// Settings is where the preferences change; it reads them as it shows them, so there is nothing to apply.
    public func apply(_ preferences: Preferences) {}
}

/// The contexts the App Controller presents, by name (their storyboards' names, as a segue into one
/// names it: `to: Calendar`), and which of them are up. A context is presented at most once at a time;
/// presenting it again while it is up brings nothing new.
@MainActor
final class PresentedContexts {
    private let contexts: [String: any PresentableContext]
    /// The scene of each context presented, while it is up: what ``dismiss(_:from:)`` takes away.
    private var presented: [String: any Scene] = [:]

    /// `contexts` by name; the first of a name wins.
    init(_ contexts: [(name: String, context: any PresentableContext)]) {
        self.contexts = Dictionary(contexts.map { ($0.name, $0.context) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the contexts, sorted.
    var names: [String] { contexts.keys.sorted() }

    /// Presents a fresh scene of the context `written` names on `window` (`Calendar`: its initial scene;
    /// `Settings.entries`: that scene); throws `StoryboardRuntimeError.noSuchContext` when there is no
    /// context of that name. Already up: nothing happens (a second copy would stack on the first, and
    /// references that lead in a circle would stack without end).
    func present(_ written: String, on window: Window) throws {
        // `Settings.entries`: the context Settings, at its scene `entries` (checked at start).
        let reference = ContextReference(written)
        let name = reference.context
        guard let context = contexts[name] else { throw StoryboardRuntimeError.noSuchContext(written) }
        if let scene = presented[name], window.presentedScenes.contains(where: { $0 === scene }) { return }
        let scene = reference.scene.map { context.makeScene(startingAt: $0) } ?? context.makeScene()
        presented[name] = scene
        window.present(scene)
    }

    /// Dismisses the context `name` (and whatever it presented), back to exactly where the user was;
    /// what others presented stays.
    func dismiss(_ name: String, from window: Window) {
        guard let scene = presented.removeValue(forKey: name) else { return }
        window.dismiss(scene)
    }

    /// Dismisses every context presented (and whatever each presented), leaving the Entries context
    /// and the modals it presented below them: what an answer for the Entries context does first,
    /// however many contexts the user went through to give it.
    func dismissAll(from window: Window) {
        for name in presented.keys.sorted() { dismiss(name, from: window) }
    }

    /// Every context draws with `theme` from now on.
    func adopt(_ theme: Theme) {
        for context in contexts.values { context.adopt(theme) }
    }

    /// Every context takes the new preferences.
    func apply(_ preferences: Preferences) {
        for context in contexts.values { context.apply(preferences) }
    }
}
