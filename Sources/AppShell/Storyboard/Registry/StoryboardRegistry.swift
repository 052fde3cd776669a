/// What a context registers in code for its storyboard: the scene kinds (how to build each kind of
/// scene) and the flow actions (moves that leave the context, such as `showSettings` or `quit`).
///
/// The storyboard file names kinds and actions; the registry supplies them. A storyboard is validated
/// against its registry when loaded, so a typo in a kind or an action is a load error.
///
/// How a context builds its navigator:
///
/// ```swift
/// var registry = StoryboardRegistry()
/// registry.register(SceneKind("EntryList") { context in
///     EntryListScene(title: context.title, repository: repository)
/// }
/// .offering(.entry) { $0.selectedEntry }
/// .action("search", summary: "Search entries") { $0.beginSearch() })
/// registry.register(SceneKind("EntryDetails", needs: .entry) { entry, context in
///     EntryDetailsScene(entry: entry, title: context.title)
/// }.offering(.entry) { $0.entry })
/// registry.registerFlowAction("showSettings", summary: "Settings") { flow.showSettings() }
/// registry.registerFlowAction("quit", summary: "Quit") { flow.quit() }
/// let source = overrides.source(forContext: "Entries",
///     builtIn: Bundle.module.url(forResource: "Entries", withExtension: "storyboard"))
/// let runtime = try StoryboardRuntime(loading: source, registry: registry, expectedName: "Entries")
/// let navigator = try runtime.makeNavigator(presenter: window) { [weak window] in window?.showStatus($0) }
/// ```
///
/// Why typed creator closures rather than the talk's `StoryboardSceneVisitor` (double dispatch): the
/// visitor exists because UIKit instantiates the view controller and the app can only configure it
/// afterwards, which forces optional or implicitly unwrapped properties and one `visit` overload per
/// scene type in a visitor that knows every type. Here the runtime builds scenes itself, so the
/// "visit" becomes the creator: one closure per kind that receives the segue's value with its static
/// type and calls the scene's initializer. Dependencies stay `let` initializer parameters, the
/// registry needs no central type that knows all scenes, and needs/offers are declared next to the
/// creator where the validator can check them at load time.
public struct StoryboardRegistry {
    /// A kind as the runtime uses it: its declaration and an instantiation that binds the scene's
    /// offers and actions to the new instance.
    struct RegisteredKind {
        var declaration: SceneKindDeclaration
        var environment: EnvironmentRequirement?
        var instantiate: @MainActor (Any?, StoryboardSceneContext, Any?) -> StoryboardSceneInstance?
    }

    /// A flow action: a named move the context performs (through its flow protocol).
    struct FlowAction {
        var declaration: SceneActionDeclaration
        /// Runs the action with the runtime's environment (ignored by actions registered without one).
        var perform: @MainActor (Any?) -> Void
        /// For an action that presents another context instead (``registerContextAction(_:summary:presenting:)``): its name.
        var presentsContext: String?
        /// The environment type it was registered `in:`, if any.
        var environment: EnvironmentRequirement?
    }

    private(set) var kinds: [String: RegisteredKind] = [:]
    private(set) var flowActions: [String: FlowAction] = [:]
    /// The segues the context's code performs by identifier, in registration order.
    public private(set) var segueContracts: [SegueContract] = []
    /// Names registered twice; the validator reports them (a programming error, but never a crash).
    private(set) var duplicateRegistrations: [String] = []
    /// Names the context's storyboards used before a rename, by former name: scene kinds, actions and
    /// the shipped storyboard's segues (`showJournal`, now `showCalendar`). A file binding or using one
    /// is refused with the name now, instead of "unknown" and a guess that may be another name.
    public private(set) var formerNames: [String: String] = [:]
    /// The names the context itself had before (`Journal` for the Calendar); see ``RenamedContexts``.
    public private(set) var formerContextNames: [String] = []

    /// Creates an empty registry; register scene kinds, flow actions and segue contracts on it.
    public init() {}

    /// Registers a scene kind under its name. Registering a name twice keeps the first and is
    /// reported as an error when a storyboard is validated against this registry.
    @MainActor
    public mutating func register<SceneType: Scene>(_ kind: SceneKind<SceneType>) {
        guard kinds[kind.name] == nil else {
            duplicateRegistrations.append("scene kind `\(kind.name)`")
            return
        }
        kinds[kind.name] = RegisteredKind(declaration: kind.declaration, environment: kind.environment) {
            value, context, environment in
            guard let scene = kind.make(value, context, environment) else { return nil }
            var offers: [String: @MainActor () -> Any?] = [:]
            for offer in kind.offers { offers[offer.descriptor.name] = { offer.value(scene) } }
            var actions: [String: @MainActor () -> Void] = [:]
            for action in kind.actions { actions[action.name] = { action.perform(scene) } }
            var accepts: [String: @MainActor (Any) -> Void] = [:]
            for accept in kind.accepts { accepts[accept.descriptor.name] = { accept.accept(scene, $0) } }
            return StoryboardSceneInstance(
                scene: scene, context: context, offers: offers, actions: actions, accepts: accepts)
        }
    }

    /// Registers a flow action that any scene of the storyboard may bind (`q: quit`, `s: showSettings`),
    /// and the storyboard-wide `keys:` too.
    @MainActor
    public mutating func registerFlowAction(
        _ name: String, summary: String, perform: @escaping @MainActor () -> Void
    ) {
        guard flowActions[name] == nil else {
            duplicateRegistrations.append("flow action `\(name)`")
            return
        }
        flowActions[name] = FlowAction(declaration: SceneActionDeclaration(name: name, summary: summary)) { _ in
            perform()
        }
    }

    /// Registers a flow action performed with the context's environment (the runtime's), so the
    /// registry holds no dependencies: `registerFlowAction("quit", summary: "quit", in: Env.self) { $0.flow.quit() }`.
    @MainActor
    public mutating func registerFlowAction<Environment>(
        _ name: String, summary: String, in environment: Environment.Type,
        perform: @escaping @MainActor (Environment) -> Void
    ) {
        guard flowActions[name] == nil else {
            duplicateRegistrations.append("flow action `\(name)`")
            return
        }
        flowActions[name] = FlowAction(
            declaration: SceneActionDeclaration(name: name, summary: summary),
            perform: { environment in (environment as? Environment).map(perform) },
            environment: EnvironmentRequirement(environment))
    }

    /// What was registered `in:` another environment type than `environment` (the one a runtime is
    /// given), one sentence each, sorted: a host's programming error, reported when the runtime is made.
    public func environmentProblems(for environment: Any?) -> [String] {
        // Named only for a problem, and with `_typeName`: `String(describing:)` of a type makes dynamic
        // casts whose first lookups scan the binary's conformance records, and every context's runtime
        // asks this at every start (1.3 ms of a release start, by perf).
        var given: String { environment.map { "`\(_typeName(type(of: $0), qualified: false))`" } ?? "no environment" }
        let kindProblems = kinds.compactMap { name, kind -> String? in
            guard let required = kind.environment, !required.accepts(environment) else { return nil }
            return "scene kind `\(name)` is registered in `\(required.typeName)`, but the storyboard runs with \(given)"
        }
        let actionProblems = flowActions.compactMap { name, action -> String? in
            guard let required = action.environment, !required.accepts(environment) else { return nil }
            return
                "flow action `\(name)` is registered in `\(required.typeName)`, but the storyboard runs with \(given)"
        }
        return (kindProblems + actionProblems).sorted()
    }

    /// Registers a flow action that presents another context by name, as a segue `to: Context` does:
    /// the navigator asks its presenter (``ModalPresenter/presentContext(named:)``). It lets
    /// storyboards that bind a key to the action's name, written before segues could lead into
    /// another context, keep working; new storyboards write the segue.
    @MainActor
    public mutating func registerContextAction(_ name: String, summary: String, presenting context: String) {
        guard flowActions[name] == nil else {
            duplicateRegistrations.append("flow action `\(name)`")
            return
        }
        flowActions[name] = FlowAction(
            declaration: SceneActionDeclaration(name: name, summary: summary), perform: { _ in },
            presentsContext: context)
    }

    /// Records that `former` (a scene kind, an action or a segue of the shipped storyboard) is now
    /// `current`: a storyboard or keys file still using `former` is refused, naming `current`.
    public mutating func registerFormerName(_ former: String, now current: String) {
        formerNames[former] = current
    }

    /// Records that the context was named `former` before: a keys file's section, an override file,
    /// a `storyboard:` name or a reference using it is refused, naming the context's name now.
    public mutating func registerFormerContextName(_ former: String) {
        if !formerContextNames.contains(former) { formerContextNames.append(former) }
    }

    /// Declares a segue the context's code performs with a value of `type` (the App Controller's
    /// "show this entry"): every storyboard of the context must have it, leading forward to a scene
    /// whose kind needs that value. Checked when a storyboard is loaded.
    public mutating func requireSegue<Value>(
        _ identifier: String, carrying type: SegueValueType<Value>, purpose: String, example: String
    ) {
        addContract(
            SegueContract(
                identifier: identifier, direction: .forward(carrying: type.descriptor), isRequired: true,
                purpose: purpose, whenMissing: nil, example: example))
    }

    /// Declares an unwind the context's code performs when the storyboard has it (a scene whose
    /// content went away): a missing one is a warning saying `whenMissing`; one that is not an
    /// unwind is an error.
    public mutating func expectUnwind(_ identifier: String, purpose: String, whenMissing: String, example: String) {
        addContract(
            SegueContract(
                identifier: identifier, direction: .unwind, isRequired: false, purpose: purpose,
                whenMissing: whenMissing, example: example))
    }

    private mutating func addContract(_ contract: SegueContract) {
        guard !segueContracts.contains(where: { $0.identifier == contract.identifier }) else {
            duplicateRegistrations.append("segue contract `\(contract.identifier)`")
            return
        }
        segueContracts.append(contract)
    }

    /// The declarations of the registered kinds, sorted by name.
    public var kindDeclarations: [SceneKindDeclaration] {
        kinds.values.map(\.declaration).sorted { $0.name < $1.name }
    }

    /// The declaration of the kind with this name, if registered.
    public func kind(named name: String) -> SceneKindDeclaration? {
        kinds[name]?.declaration
    }

    /// The registered flow actions, sorted by name.
    public var flowActionDeclarations: [SceneActionDeclaration] {
        flowActions.values.map(\.declaration).sorted { $0.name < $1.name }
    }

    /// The flow action with this name, if registered.
    public func flowAction(named name: String) -> SceneActionDeclaration? {
        flowActions[name]?.declaration
    }
}
