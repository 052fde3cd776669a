/// A parsed storyboard: the scenes of one context, the segues between them and the keys that trigger
/// them. It is only data ("details in metadata"); `StoryboardRuntime` pairs it with the context's
/// `StoryboardRegistry` ("abstractions in code") to build and run scenes. FORMAT.md describes the file.
public struct Storyboard: Hashable, Sendable {
    /// The name declared in the file (`storyboard: Entries`).
    public var name: String
    /// The file name used in diagnostics (`Entries.storyboard`).
    public var fileName: String
    /// The identifier of the scene a navigator starts with.
    public var initialSceneIdentifier: String
    /// The scenes, in file order.
    public var scenes: [SceneDefinition]
    /// The segues, in file order.
    public var segues: [SegueDefinition]
    /// Bindings that apply in every scene unless the scene binds the same key (flow actions only).
    public var globalBindings: [KeyBinding]
    /// Where `initial:` was written.
    public var initialLocation: SourceLocation
    /// Where the name (`storyboard: Entries`) was written.
    public var nameLocation: SourceLocation
    /// Where `segues:` was written (the start of the file when it is absent): where a segue the
    /// context's code needs is reported missing.
    public var seguesLocation: SourceLocation

    /// Creates a storyboard from its parts; the loader and compiled storyboards call it, and locations left out
    /// mean the start of the file.
    public init(
        name: String, fileName: String, initialSceneIdentifier: String, scenes: [SceneDefinition],
        segues: [SegueDefinition], globalBindings: [KeyBinding] = [], initialLocation: SourceLocation = .file,
        nameLocation: SourceLocation = .file, seguesLocation: SourceLocation = .file
    ) {
        self.name = name
        self.fileName = fileName
        self.initialSceneIdentifier = initialSceneIdentifier
        self.scenes = scenes
        self.segues = segues
        self.globalBindings = globalBindings
        self.initialLocation = initialLocation
        self.nameLocation = nameLocation
        self.seguesLocation = seguesLocation
    }

    /// The scene with this identifier, if the storyboard declares one.
    public func scene(_ identifier: String) -> SceneDefinition? {
        scenes.first { $0.identifier == identifier }
    }

    /// The segue with this identifier, if the storyboard declares one.
    public func segue(_ identifier: String) -> SegueDefinition? {
        segues.first { $0.identifier == identifier }
    }
}

/// A scene of a storyboard: which registered kind builds it, its title and help, and its keys.
public struct SceneDefinition: Hashable, Sendable {
    /// The storyboard identifier (the key under `scenes:`).
    public var identifier: String
    /// The name under which the context registered the scene's Swift type.
    public var kind: String
    /// Shown in the header's title path.
    public var title: String
    /// A sentence for the help overlay.
    public var help: String?
    /// Keys bound in this scene, in file order.
    public var bindings: [KeyBinding]
    /// Where the scene's identifier was written, where its problems are reported.
    public var location: SourceLocation
    /// Where `kind:` was written, where an unknown kind is reported.
    public var kindLocation: SourceLocation

    /// Creates a scene definition; locations left out mean the start of the file.
    public init(
        identifier: String, kind: String, title: String, help: String? = nil, bindings: [KeyBinding] = [],
        location: SourceLocation = .file, kindLocation: SourceLocation = .file
    ) {
        self.identifier = identifier
        self.kind = kind
        self.title = title
        self.help = help
        self.bindings = bindings
        self.location = location
        self.kindLocation = kindLocation
    }
}

/// How a segue changes the navigation stack.
public enum SegueKind: String, CaseIterable, Hashable, Sendable {
    /// Shows the destination on top of the source; back returns to the source.
    case push
    /// Shows the destination modally (in its own navigator) over everything; dismissing returns.
    case present
    /// Replaces the source (the top) with the destination.
    case replace
    /// Goes back: to the previous scene, to a named scene below, or to the root.
    case unwind
}

/// Where a segue leads.
public enum SegueDestination: Hashable, Sendable {
    /// A scene by identifier: the new scene for push/present/replace, the target of an unwind.
    case scene(String)
    /// Unwind one step (`unwind` without `to`).
    case previous
    /// Unwind to the root of the navigator (`to: root`).
    case root
    /// Another context's initial scene, by the context's (its storyboard's) name (`to: Calendar`): a
    /// storyboard reference. The navigator asks its presenter to present that context
    /// (``ModalPresenter/presentContext(named:)``); the app's catalog checks the name exists.
    case context(String)

    /// The scene identifier, when the destination names one of this storyboard's scenes.
    public var sceneIdentifier: String? {
        if case .scene(let identifier) = self { return identifier }
        return nil
    }

    /// The context's name, when the destination is another context.
    public var contextName: String? {
        if case .context(let name) = self { return name }
        return nil
    }
}

/// A transition between scenes, triggered by a key binding or from code by its identifier.
public struct SegueDefinition: Hashable, Sendable {
    /// The identifier (the key under `segues:`).
    public var identifier: String
    /// The scenes this segue may start from (`from:`, one or a list).
    public var sources: [String]
    /// How the segue changes the navigation stack: push, present, replace or unwind.
    public var kind: SegueKind
    /// Where the segue leads: a scene, back one step, the root, or another context.
    public var destination: SegueDestination
    /// What the key help says for keys bound to this segue; defaults to the destination's title.
    public var help: String?
    /// For an unwind: the name of a value the source offers that the unwind hands back to the scene it
    /// lands on (`returns: tag`), which must accept it. nil: nothing is handed back.
    public var returns: String?
    /// Where the segue's identifier was written, where its problems are reported.
    public var location: SourceLocation
    /// Where each source was written, parallel to `sources`.
    public var sourceLocations: [SourceLocation]
    /// Where `to:` was written, where an unknown destination is reported.
    public var destinationLocation: SourceLocation
    /// Where `returns:` was written (the segue's location when absent).
    public var returnsLocation: SourceLocation

    /// Creates a segue definition; source locations that do not match `sources` one for one fall back to
    /// `location`, and `returnsLocation` defaults to it too.
    public init(
        identifier: String, sources: [String], kind: SegueKind, destination: SegueDestination,
        help: String? = nil, returns: String? = nil, location: SourceLocation = .file,
        sourceLocations: [SourceLocation] = [], destinationLocation: SourceLocation = .file,
        returnsLocation: SourceLocation? = nil
    ) {
        self.identifier = identifier
        self.sources = sources
        self.kind = kind
        self.destination = destination
        self.help = help
        self.returns = returns
        self.location = location
        self.returnsLocation = returnsLocation ?? location
        self.sourceLocations =
            sourceLocations.count == sources.count
            ? sourceLocations : Array(repeating: location, count: sources.count)
        self.destinationLocation = destinationLocation
    }
}

/// A key bound to a segue or an action, as written in a scene's (or the storyboard's) `keys:`.
public struct KeyBinding: Hashable, Sendable {
    /// The key that triggers the target.
    public var key: Key
    /// The name as written in the file (`return` stays `return`; `key.name` is canonical).
    public var keyName: String
    /// A segue identifier or an action name.
    public var target: String
    /// Where the binding was written, in the storyboard or in `fileName`.
    public var location: SourceLocation
    /// The file that made this binding when it is not the storyboard's own (a personal keys.yaml): its
    /// problems are reported there, and `entries keys` says where each binding came from.
    public var fileName: String?

    /// Creates a binding of `key` to `target`; `keyName` defaults to the key's canonical name.
    public init(
        key: Key, keyName: String? = nil, target: String, location: SourceLocation = .file, fileName: String? = nil
    ) {
        self.key = key
        self.keyName = keyName ?? key.name
        self.target = target
        self.location = location
        self.fileName = fileName
    }
}
