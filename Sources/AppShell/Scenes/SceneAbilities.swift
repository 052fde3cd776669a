/// How the window and the containers learn what a scene can do beyond ``Scene`` (tick, type text,
/// contain other scenes, size its box, adopt a theme): each ability is a requirement of ``Scene``
/// answered `nil` here and `self` by the ability's own protocol, so a scene gets the right answers by
/// conforming, and asking is an ordinary call.
///
/// Why not `scene as? any TickingScene`: the Swift runtime answers the first such cast of each scene
/// type by searching every protocol conformance the program has (over 9,000 in `entries`, with its
/// libraries), and the first frame made a dozen of them: about 0.3 ms of every start (`perf`, issue 17).
///
/// As with every default of a protocol, a subclass cannot change what its superclass answered; the
/// scenes here are final classes.
extension Scene {
    /// nil: not a ``TickingScene`` unless it conforms.
    public var asTickingScene: (any TickingScene)? { nil }
    /// nil: not a ``TextInputScene`` unless it conforms.
    public var asTextInputScene: (any TextInputScene)? { nil }
    /// nil: not a ``SceneContainer`` unless it conforms.
    public var asSceneContainer: (any SceneContainer)? { nil }
    /// nil: not a ``SizedModalScene`` unless it conforms.
    public var asSizedModalScene: (any SizedModalScene)? { nil }
    /// nil: not a ``ThemeAdoptingScene`` unless it conforms.
    public var asThemeAdoptingScene: (any ThemeAdoptingScene)? { nil }
}

extension TickingScene {
    /// The scene itself, which ticks.
    public var asTickingScene: (any TickingScene)? { self }
}

extension TextInputScene {
    /// The scene itself, which takes typed text.
    public var asTextInputScene: (any TextInputScene)? { self }
}

extension SceneContainer {
    /// The scene itself, which shows other scenes.
    public var asSceneContainer: (any SceneContainer)? { self }
}

extension SizedModalScene {
    /// The scene itself, which sizes its modal box.
    public var asSizedModalScene: (any SizedModalScene)? { self }
}

extension ThemeAdoptingScene {
    /// The scene itself, which adopts themes.
    public var asThemeAdoptingScene: (any ThemeAdoptingScene)? { self }
}
