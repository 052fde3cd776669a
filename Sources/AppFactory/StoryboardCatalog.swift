import AppShell
import EntryUI
import Foundation

/// The app's contexts (``ContextModule/all``), one storyboard each, with the registries that check
/// them: the one list the App Factory (which storyboard each context runs), `entries storyboard lint`
/// and `entries storyboard graph` all work from. The registries hold no dependencies, so nothing of the app is built to check.
@MainActor
public struct StoryboardCatalog {
    /// One context's storyboard.
    public struct Context {
        /// The context's name, which is its storyboard's name (`Entries`).
        public let name: String
        /// Where the storyboard comes from: the compiled built-in one, or an override file, with the keys file over it.
        public let source: StoryboardSource
        /// The context's registry, which the storyboard is checked against.
        public let registry: StoryboardRegistry
        /// How the factory builds the context, when it is a ``ContextModule/init(_:)`` one.
        let makeContext: (@MainActor (ContextServices) throws -> any PresentableContext)?
    }

    /// Every context of the catalog, in the order of the modules it was made from (``ContextModule/all`` by default).
    public let contexts: [Context]
    /// What is wrong with the override folder itself (missing, or holding files the app never reads),
    /// and with the keys file as a whole (not YAML, a context that does not exist).
    public let overrideProblems: [StoryboardDiagnostic]
    /// The contexts' former names (`Journal`, now `Calendar`): a keys file's section, an override file,
    /// a reference or a `--context` value using one is refused with the name now.
    public let renamedContexts: RenamedContexts
    /// The layouts checked with the storyboards (``AppFactory/checkStoryboards(of:)``), which the
    /// factory then uses as they were checked; nil for a catalog that checked none.
    let checkedLayouts: LayoutCatalog?

    /// The built-in storyboards of `modules`, each replaced by `DIR/<Name>.storyboard` when
    /// `overrides` has one, with the key changes of the keys file at `keysFile` (a person's
    /// keys.yaml; none when it does not exist).
    public init(
        modules: [ContextModule] = ContextModule.all,
        overrides: StoryboardOverrides = StoryboardOverrides(directory: nil),
        keysFile: String? = nil
    ) {
        let (keys, keyProblems) = keysFile.map(KeyOverlayLoader.load(path:)) ?? (nil, [])
        func withKeys(_ source: StoryboardSource) -> StoryboardSource {
            keys.map { .overlaid(source, keys: $0) } ?? source
        }
        let contexts = modules.map { module in
            Context(
                name: module.name,
                source: withKeys(overrides.source(module.builtInStoryboard(), forContext: module.name)),
                registry: module.makeRegistry(), makeContext: module.makeContext)
        }
        self.contexts = contexts
        checkedLayouts = nil
        let names = contexts.map(\.name)
        let renamed = RenamedContexts(
            registries: Dictionary(contexts.map { ($0.name, $0.registry) }, uniquingKeysWith: { first, _ in first }))
        renamedContexts = renamed
        overrideProblems =
            overrides.problems(contexts: names, renamed: renamed) + keyProblems
            + (keys?.problems(contexts: names, renamed: renamed) ?? [])
    }

    private init(
        contexts: [Context], overrideProblems: [StoryboardDiagnostic], renamedContexts: RenamedContexts,
        checkedLayouts: LayoutCatalog?
    ) {
        self.checkedLayouts = checkedLayouts
        self.contexts = contexts
        self.overrideProblems = overrideProblems
        self.renamedContexts = renamedContexts
    }

    /// This catalog with each context's source replaced by the storyboard loaded from it (key changes
    /// applied) and validated against the context's registry, as `loaded` holds them by context name
    /// with their warnings: what runs is then what was checked, and no file is read or parsed, and no
    /// storyboard validated, again (the contexts' registries are the ones checked with, or add a host's
    /// actions to them).
    func runningLoaded(_ loaded: [String: StoryboardLoadResult], layouts: LayoutCatalog) -> StoryboardCatalog {
        StoryboardCatalog(
            contexts: contexts.map { context in
                guard let result = loaded[context.name], let storyboard = result.storyboard else { return context }
                return Context(
                    name: context.name, source: .validated(storyboard, warnings: result.diagnostics),
                    registry: context.registry, makeContext: context.makeContext)
            },
            overrideProblems: overrideProblems, renamedContexts: renamedContexts, checkedLayouts: layouts)
    }

    /// The override and keys problems with every storyboard's own errors: all that stops a start, at once.
    public func allErrors() -> [StoryboardDiagnostic] {
        let results = contexts.map { context in
            StoryboardLoader(
                registry: context.registry, expectedName: context.name, contexts: contexts.map(\.name),
                renamedContexts: renamedContexts
            )
            .diagnose(context.source)
        }
        let storyboards = results.compactMap(\.storyboard)
        return overrideProblems + results.flatMap(\.diagnostics.errors)
            + StoryboardReferences.diagnose(storyboards, registries: registries) + referencesIntoTheRoot(storyboards)
    }

    /// What no storyboard's own check sees: the references to named scenes of other contexts
    /// (`to: Settings.entries`) that lead to no scene, or to one that needs a value.
    public func referenceErrors() -> [StoryboardDiagnostic] {
        let storyboards = contexts.compactMap { context in
            StoryboardLoader(
                registry: context.registry, expectedName: context.name, contexts: contexts.map(\.name),
                renamedContexts: renamedContexts
            )
            .diagnose(context.source).storyboard
        }
        return StoryboardReferences.diagnose(storyboards, registries: registries) + referencesIntoTheRoot(storyboards)
    }

    /// The references into the Entries context (`to: Entries`) among this app's `storyboards`: it is
    /// the window's content, under every context presented, and is never presented itself, so such
    /// a segue would do nothing at run time. Another package's storyboards (names no context of this
    /// catalog has) are left to their own host.
    public func referencesIntoTheRoot(_ storyboards: [Storyboard]) -> [StoryboardDiagnostic] {
        let root = ContextModule.entries.name
        let names = Set(contexts.map(\.name))
        return storyboards.filter { names.contains($0.name) }.flatMap { storyboard in
            storyboard.segues.compactMap { segue -> StoryboardDiagnostic? in
                guard let written = segue.destination.contextName, ContextReference(written).context == root else {
                    return nil
                }
                return StoryboardDiagnostic(
                    .error, fileName: storyboard.fileName, line: segue.destinationLocation.line,
                    column: segue.destinationLocation.column,
                    message:
                        "segue `\(segue.identifier)` goes to `\(written)`, but \(root) is the context the app opens "
                        + "on, under every other, and is never presented: to come back to it, close this context "
                        + "(a key bound to `done`)")
            }
        }
    }

    /// Registries by storyboard name, for `StoryboardLinter`.
    public var registries: [String: StoryboardRegistry] {
        Dictionary(contexts.map { ($0.name, $0.registry) }, uniquingKeysWith: { first, _ in first })
    }

    /// The storyboard `module` runs: its override, else the built-in one.
    func storyboard(of module: ContextModule) -> StoryboardSource {
        contexts.first { $0.name == module.name }?.source ?? module.builtInStoryboard()
    }

    /// The context with this name (case-insensitive), if the app has one.
    public func context(named name: String) -> Context? {
        contexts.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Why `name` (a `--context` value) names no context: a former name says the name now, else the
    /// contexts are listed.
    public func unknownContextMessage(_ name: String) -> String {
        if let renamed = renamedContexts.renamed(name) {
            return "unknown context `\(name)`: the context `\(renamed.former)` is now named `\(renamed.current)`; "
                + "write --context \(renamed.current.lowercased())"
        }
        return "unknown context `\(name)`; the contexts are \(contexts.map(\.name).joined(separator: ", "))"
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
