/// A validated storyboard paired with its context's registry: the `UIStoryboard` of this kit. It
/// instantiates scenes by identifier and makes navigators that run the storyboard's flow.
///
/// ```swift
/// let runtime = try StoryboardRuntime(storyboard: storyboard, registry: registry)
/// let navigator = try runtime.makeNavigator(presenter: window)
/// ```
@MainActor
public final class StoryboardRuntime {
    /// The validated storyboard the runtime runs.
    public let storyboard: Storyboard
    /// The context's registry that builds the storyboard's scenes and performs its actions.
    public let registry: StoryboardRegistry
    /// What the context's scene kinds and flow actions are built and performed with (registered
    /// `in:` its type); nil for registries whose creators capture what they need.
    public let environment: Any?
    /// Warnings found when validating (errors make the initializer throw).
    public let warnings: [StoryboardDiagnostic]
    /// How many segues may be performed from within a segue (a scene that moves on as it appears)
    /// before the runtime stops a loop.
    public var maximumNestedSegues = 8
    private var nextInstanceID = 0

    /// Validates `storyboard` against `registry` again, so that a runtime never runs a storyboard its
    /// registry cannot build; throws `StoryboardLoadError` when there are errors.
    public init(storyboard: Storyboard, registry: StoryboardRegistry, environment: Any? = nil) throws {
        var validator = StoryboardValidator(storyboard: storyboard, registry: registry)
        let diagnostics = validator.validate().sortedByLocation()
        guard diagnostics.errors.isEmpty else { throw StoryboardLoadError(diagnostics: diagnostics) }
        try Self.checkEnvironment(environment, of: registry, for: storyboard)
        self.storyboard = storyboard
        self.registry = registry
        self.environment = environment
        self.warnings = diagnostics
    }

    /// Loads the storyboard from `source`, validates it against `registry` and makes the runtime. The
    /// loader's validation is the runtime's: it is not done twice. `warnings` are all the loader's.
    public convenience init(
        loading source: StoryboardSource, registry: StoryboardRegistry, environment: Any? = nil,
        expectedName: String? = nil
    ) throws {
        let result = StoryboardLoader(registry: registry, expectedName: expectedName).diagnose(source)
        guard let storyboard = result.storyboard, result.diagnostics.errors.isEmpty else {
            throw StoryboardLoadError(diagnostics: result.diagnostics)
        }
        try Self.checkEnvironment(environment, of: registry, for: storyboard)
        self.init(validated: storyboard, registry: registry, environment: environment, warnings: result.diagnostics)
    }

    /// Throws when a kind or flow action of `registry` was registered `in:` another environment type
    /// than `environment`'s: its scenes could never be built, its keys would do nothing.
    private static func checkEnvironment(
        _ environment: Any?, of registry: StoryboardRegistry, for storyboard: Storyboard
    ) throws {
        let problems = registry.environmentProblems(for: environment)
        guard !problems.isEmpty else { return }
        let location = storyboard.nameLocation
        throw StoryboardLoadError(
            diagnostics: problems.map {
                StoryboardDiagnostic(
                    .error, fileName: storyboard.fileName, line: location.line, column: location.column,
                    message: $0 + "; register it `in:` the type of the environment given to the runtime")
            })
    }

    /// A runtime for a storyboard the loader has just validated against `registry`.
    private init(
        validated storyboard: Storyboard, registry: StoryboardRegistry, environment: Any?,
        warnings: [StoryboardDiagnostic]
    ) {
        self.storyboard = storyboard
        self.registry = registry
        self.environment = environment
        self.warnings = warnings
    }

    /// Builds the initial scene (outside any navigator: it cannot perform segues itself).
    public func instantiateInitialScene() throws -> any Scene {
        try instantiate(storyboard.initialSceneIdentifier, value: nil, link: nil).scene
    }

    /// Builds the scene with this identifier; its kind must need no value.
    public func instantiateScene(withIdentifier identifier: String) throws -> any Scene {
        try instantiate(identifier, value: nil, link: nil).scene
    }

    /// Builds the scene with this identifier from `value`, which must have the type its kind needs.
    public func instantiateScene<Value>(withIdentifier identifier: String, value: Value) throws -> any Scene {
        try instantiate(identifier, value: value, link: nil).scene
    }

    /// A navigator whose root is the initial scene (or the scene `identifier`, built from `value`).
    /// `present` segues go through `presenter`; status messages (nothing selected...) go to `status`.
    public func makeNavigator(
        presenter: any ModalPresenter, startingAt identifier: String? = nil, value: Any? = nil,
        status: @escaping @MainActor (String) -> Void = { _ in }
    ) throws -> StoryboardNavigator {
        let link = NavigatorLink()
        let root = try instantiate(identifier ?? storyboard.initialSceneIdentifier, value: value, link: link)
        return StoryboardNavigator(runtime: self, root: root, link: link, presenter: presenter, status: status)
    }

    /// Builds a scene for a navigator; the scene's context points back to it.
    func instantiate(_ identifier: String, value: Any?, link: NavigatorLink?) throws -> StoryboardSceneInstance {
        guard let definition = storyboard.scene(identifier) else {
            throw StoryboardRuntimeError.unknownScene(identifier)
        }
        guard let kind = registry.kinds[definition.kind] else {
            throw StoryboardRuntimeError.unknownKind(definition.kind)
        }
        nextInstanceID += 1
        let context = StoryboardSceneContext(
            definition: definition, storyboardName: storyboard.name, instanceID: nextInstanceID, link: link)
        guard let instance = kind.instantiate(value, context, environment) else {
            let expected = kind.declaration.needs?.typeName ?? "no value"
            if value == nil, let needs = kind.declaration.needs {
                throw StoryboardRuntimeError.missingValue(segue: identifier, valueName: needs.name)
            }
            throw StoryboardRuntimeError.wrongValueType(
                scene: identifier, expected: expected,
                found: value.map { String(describing: type(of: $0)) } ?? "nothing")
        }
        return instance
    }
}
