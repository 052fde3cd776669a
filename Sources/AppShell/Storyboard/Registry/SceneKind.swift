/// How to build one kind of scene, registered by a context under the name its storyboard uses
/// (`kind: ItemDetail`). This is the context's side of dependency injection: the creator closure
/// captures the context's dependencies and passes them, with the segue's value, to the scene's
/// initializer. No scene knows another scene's type, no property is injected after creation.
///
/// ```swift
/// SceneKind("ItemDetail", needs: .item) { item, context in
///     ItemDetailScene(item: item, title: context.title, repository: repository)
/// }
/// .offering(.item) { scene in scene.item }
/// .action("edit", summary: "Edit the item") { scene in scene.edit() }
/// ```
public struct SceneKind<SceneType: Scene> {
    /// The kind's name, as written after `kind:` in storyboards.
    public let name: String
    let needs: SegueValueDescriptor?
    /// The environment type the kind was registered `in:`, which the runtime's must be; nil for a kind
    /// whose creator captures what it needs.
    let environment: EnvironmentRequirement?
    /// Builds a scene from the segue's value and the environment the runtime was given; nil when
    /// either has another type than the kind was registered for.
    let make: @MainActor (Any?, StoryboardSceneContext, Any?) -> SceneType?
    private(set) var offers: [(descriptor: SegueValueDescriptor, value: @MainActor (SceneType) -> Any?)] = []
    private(set) var actions: [(name: String, summary: String, perform: @MainActor (SceneType) -> Void)] = []
    private(set) var accepts: [(descriptor: SegueValueDescriptor, accept: @MainActor (SceneType, Any) -> Void)] = []

    /// A kind whose scenes need no value: any segue may lead to them, and they can be initial scenes.
    public init(_ name: String, make: @escaping @MainActor (StoryboardSceneContext) -> SceneType) {
        self.name = name
        self.needs = nil
        self.environment = nil
        self.make = { _, context, _ in make(context) }
    }

    /// A kind whose scenes need no value and are built with the context's environment, which the
    /// runtime passes when it builds a scene: the registry itself holds no dependencies, so it can
    /// check storyboards (`lint`, `graph`, the factory) without a running app.
    ///
    /// ```swift
    /// SceneKind("EntryList", in: EntriesEnvironment.self) { context, environment in
    ///     EntryListScene(context: context, environment: environment)
    /// }
    /// ```
    public init<Environment>(
        _ name: String, in environment: Environment.Type,
        make: @escaping @MainActor (StoryboardSceneContext, Environment) -> SceneType
    ) {
        self.name = name
        self.needs = nil
        self.environment = EnvironmentRequirement(environment)
        self.make = { _, context, environment in (environment as? Environment).map { make(context, $0) } }
    }

    /// A kind built from a value of type `Value` and the context's environment.
    public init<Value, Environment>(
        _ name: String, needs: SegueValueType<Value>, in environment: Environment.Type,
        make: @escaping @MainActor (Value, StoryboardSceneContext, Environment) -> SceneType
    ) {
        self.name = name
        self.needs = needs.descriptor
        self.environment = EnvironmentRequirement(environment)
        self.make = { value, context, environment in
            guard let value = value as? Value, let environment = environment as? Environment else { return nil }
            return make(value, context, environment)
        }
    }

    /// A kind whose scenes are built from a value of type `Value`, which every segue leading to them
    /// must get from its source (checked at load) or from code (`performSegue(_:with:)`).
    public init<Value>(
        _ name: String, needs: SegueValueType<Value>,
        make: @escaping @MainActor (Value, StoryboardSceneContext) -> SceneType
    ) {
        self.name = name
        self.needs = needs.descriptor
        self.environment = nil
        // A conditional cast, never a forced one: a value of another type makes `make` return nil,
        // which the runtime reports as an error instead of crashing.
        self.make = { value, context, _ in (value as? Value).map { make($0, context) } }
    }

    /// Declares a value the kind's scenes offer to segues leaving them (usually their selection).
    /// `value` returns nil when there is nothing to offer right now (an empty list): the segue is
    /// then not performed and the user sees a status message.
    public func offering<Value>(
        _ type: SegueValueType<Value>, _ value: @escaping @MainActor (SceneType) -> Value?
    ) -> SceneKind {
        var kind = self
        // Looked for first: `removeAll(where:)` on this generic type's array is costly at every start,
        // and a value declared twice is rare.
        if kind.offers.contains(where: { $0.descriptor.name == type.name }) {
            kind.offers.removeAll { $0.descriptor.name == type.name }
        }
        kind.offers.append((type.descriptor, { scene in value(scene).map { $0 as Any } }))
        return kind
    }

    /// Declares a value the kind's scenes take back when an unwind that `returns:` it lands on them
    /// (a picker's answer): `.accepting(.tag) { list, tag in list.filter(byTag: tag) }`. The loader
    /// checks that every such unwind lands only on scenes whose kind accepts the value, with its type.
    public func accepting<Value>(
        _ type: SegueValueType<Value>, _ accept: @escaping @MainActor (SceneType, Value) -> Void
    ) -> SceneKind {
        var kind = self
        if kind.accepts.contains(where: { $0.descriptor.name == type.name }) {
            kind.accepts.removeAll { $0.descriptor.name == type.name }
        }
        // A conditional cast: a value of another type is ignored, never a crash.
        kind.accepts.append((type.descriptor, { scene, value in (value as? Value).map { accept(scene, $0) } }))
        return kind
    }

    /// Declares a named action that storyboard keys may bind (`keys: {"/": search}`).
    public func action(
        _ name: String, summary: String, _ perform: @escaping @MainActor (SceneType) -> Void
    ) -> SceneKind {
        var kind = self
        if kind.actions.contains(where: { $0.name == name }) {
            kind.actions.removeAll { $0.name == name }
        }
        kind.actions.append((name, summary, perform))
        return kind
    }

    /// What the validator, the linter and the graphs need to know about this kind.
    public var declaration: SceneKindDeclaration {
        // Closures, not key paths: a key path into this generic type's tuples is made by the runtime
        // at every call (`_swift_getKeyPath`), a third of a millisecond of every start.
        SceneKindDeclaration(
            name: name, needs: needs, offers: offers.map { $0.descriptor },
            actions: actions.map { SceneActionDeclaration(name: $0.name, summary: $0.summary) },
            accepts: accepts.map { $0.descriptor })
    }
}

/// What a scene kind declares, without its creator: its name, the value it needs, the values it
/// offers and its actions.
public struct SceneKindDeclaration: Hashable, Sendable {
    /// The kind's name, as written after `kind:` in storyboards.
    public var name: String
    /// The value a segue must carry to build a scene of this kind; nil when it needs none.
    public var needs: SegueValueDescriptor?
    /// The values a scene of this kind can hand to the segues leaving it (its selection).
    public var offers: [SegueValueDescriptor]
    /// The named actions storyboard keys may bind in scenes of this kind.
    public var actions: [SceneActionDeclaration]
    /// The values the kind takes back from unwinds that return them.
    public var accepts: [SegueValueDescriptor]

    /// Creates a declaration; `SceneKind.declaration` makes one from a registered kind.
    public init(
        name: String, needs: SegueValueDescriptor?, offers: [SegueValueDescriptor], actions: [SceneActionDeclaration],
        accepts: [SegueValueDescriptor] = []
    ) {
        self.name = name
        self.needs = needs
        self.offers = offers
        self.actions = actions
        self.accepts = accepts
    }

    /// The accepted value with this name, if any.
    public func accept(named name: String) -> SegueValueDescriptor? {
        accepts.first { $0.name == name }
    }

    /// The offered value with this name, if any.
    public func offer(named name: String) -> SegueValueDescriptor? {
        offers.first { $0.name == name }
    }

    /// The action with this name, if any.
    public func action(named name: String) -> SceneActionDeclaration? {
        actions.first { $0.name == name }
    }
}

/// A named action: what storyboard keys bind and what the help overlay shows.
public struct SceneActionDeclaration: Hashable, Sendable {
    /// The name storyboard keys bind (`keys: {"/": search}`).
    public var name: String
    /// What the action does, as the help overlay shows it.
    public var summary: String

    /// Creates the declaration of the action `name` described by `summary`.
    public init(name: String, summary: String) {
        self.name = name
        self.summary = summary
    }
}

/// The environment type a scene kind or flow action was registered `in:`: the runtime checks the
/// environment it is given against it when it is made, so that a kind registered in the wrong one is
/// an error at load rather than a scene that cannot be built or a key that does nothing.
struct EnvironmentRequirement {
    /// The type's name, for the message.
    let typeName: String
    /// Whether a runtime's environment is of the type.
    let accepts: (Any?) -> Bool

    init<Environment>(_ type: Environment.Type) {
        // `_typeName` is what `String(describing:)` prints for a type, without its dynamic casts: each
        // scene kind and flow action makes one of these at every start, and the casts' first lookups
        // scanned the binary's conformance records (0.3 ms of a start at 1,000,000 entries).
        typeName = _typeName(type, qualified: false)
        accepts = { $0 is Environment }
    }
}
