import AppShell
import EntriesContext
import Foundation
import JournalContext
import SettingsContext

/// The app's contexts, one storyboard each, with the registries that check them: the one list the
/// App Factory (which storyboard each context runs), `entries storyboard lint` and `entries storyboard
/// graph` all work from. The registries hold no dependencies, so nothing of the app is built to check.
@MainActor
public struct StoryboardCatalog {
    /// One context's storyboard.
    public struct Context {
        public let name: String
        public let source: StoryboardSource
        public let registry: StoryboardRegistry
    }

    public let contexts: [Context]
    /// What is wrong with the override folder itself (missing, or holding files the app never reads).
    public let overrideProblems: [StoryboardDiagnostic]

    /// The built-in storyboards, each replaced by `DIR/<Name>.storyboard` when `overrides` has one.
    public init(overrides: StoryboardOverrides = StoryboardOverrides(directory: nil)) {
        let contexts = [
            Context(
                name: EntriesController.storyboardName,
                source: overrides.source(EntriesController.builtInStoryboard(), forContext: EntriesController.storyboardName),
                registry: EntriesController.storyboardRegistry()),
            Context(
                name: SettingsController.storyboardName,
                source: overrides.source(SettingsController.builtInStoryboard(), forContext: SettingsController.storyboardName),
                registry: SettingsController.storyboardRegistry()),
            Context(
                name: JournalController.storyboardName,
                source: overrides.source(JournalController.builtInStoryboard(), forContext: JournalController.storyboardName),
                registry: JournalController.storyboardRegistry()),
        ]
        self.contexts = contexts
        overrideProblems = overrides.problems(contexts: contexts.map(\.name))
    }

    /// Registries by storyboard name, for `StoryboardLinter`.
    public var registries: [String: StoryboardRegistry] {
        Dictionary(contexts.map { ($0.name, $0.registry) }, uniquingKeysWith: { first, _ in first })
    }

    /// The storyboard the context named `name` runs: its override, else the built-in one.
    func source(ofContext name: String) -> StoryboardSource? {
        contexts.first { $0.name == name }?.source
    }

    /// The context with this name (case-insensitive), if the app has one.
    public func context(named name: String) -> Context? {
        contexts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

extension StoryboardOverrides {
    /// The override file for the context when the directory has one, else `builtIn`.
    func source(_ builtIn: StoryboardSource, forContext name: String) -> StoryboardSource {
        guard directory != nil else { return builtIn }
        let override = source(forContext: name, builtIn: nil)
        if case .resource = override { return builtIn }
        return override
    }
}
