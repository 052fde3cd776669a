/// A scene: the terminal's view controller. It draws into a rectangle of the window, handles the keys
/// its container passes on, and hears when it appears and disappears.
///
/// Scenes get everything they need through their initializers; none knows another scene's type.
@MainActor
public protocol Scene: AnyObject {
    /// The scene's title, shown in the header's title path.
    var title: String { get }
    /// Draws the scene into `area` of `buffer`; nothing outside `area` may be touched.
    func render(into buffer: inout Buffer, area: Rect)
    /// Handles a key that no binding above the scene took. Returns false to let it bubble up.
    func handle(_ key: Key) -> Bool
    /// Called before the scene becomes the visible top of its container.
    func sceneWillAppear()
    /// Called after the scene stopped being visible (covered, popped or dismissed).
    func sceneDidDisappear()
    /// The keys the scene handles itself, for the help overlay.
    var keyHelp: [KeyHelp] { get }
    /// The titles from the root to this scene, for the header. A container (a navigation stack shown as
    /// a scene) returns its whole path; a plain scene returns `[title]`.
    var titlePath: [String] { get }
    /// False for a scene that takes every key itself (a yes/no question): the window then does not
    /// offer its own keys (`?` help, `q` quit) in the status bar while it shows, since they would do
    /// nothing there. Default: true.
    var offersWindowKeys: Bool { get }
    /// True for a key the scene takes itself, ahead of the storyboard-wide bindings and the window's
    /// quit keys (a list's type-to-jump letters): the help then leaves out what those would do with
    /// it, since the key never reaches them there. Default: false.
    func takesBeforeWideBindings(_ key: Key) -> Bool

    // The scene's optional abilities, asked for through requirements rather than `as?` casts (see
    // SceneAbilities.swift for why). Each is answered by the protocol's own extension: nothing to write.
    /// The scene as a ``TickingScene``, or nil when it is not one.
    var asTickingScene: (any TickingScene)? { get }
    /// The scene as a ``TextInputScene``, or nil when it is not one.
    var asTextInputScene: (any TextInputScene)? { get }
    /// The scene as a ``SceneContainer``, or nil when it is not one.
    var asSceneContainer: (any SceneContainer)? { get }
    /// The scene as a ``SizedModalScene``, or nil when it is not one.
    var asSizedModalScene: (any SizedModalScene)? { get }
    /// The scene as a ``ThemeAdoptingScene``, or nil when it is not one.
    var asThemeAdoptingScene: (any ThemeAdoptingScene)? { get }
}

extension Scene {
    /// Does nothing; a scene that reloads when shown implements it.
    public func sceneWillAppear() {}
    /// Does nothing; a scene that stops work when hidden implements it.
    public func sceneDidDisappear() {}
    /// No keys of its own.
    public var keyHelp: [KeyHelp] { [] }
    /// The scene's own title alone.
    public var titlePath: [String] { [title] }
    /// True: the window's keys work over most scenes.
    public var offersWindowKeys: Bool { true }
    /// False: the scene takes no key ahead of the bindings.
    public func takesBeforeWideBindings(_ key: Key) -> Bool { false }
}

/// One line of the help overlay: a key (as written in storyboards, e.g. `enter`, `ctrl-d`) and what it does.
public struct KeyHelp: Hashable, Sendable {
    /// The key as written in storyboards (`enter`, `ctrl-d`, `?`).
    public var key: String
    /// What the key does, in a few words.
    public var summary: String

    /// Creates a help line for `key` doing `summary`.
    public init(key: String, summary: String) {
        self.key = key
        self.summary = summary
    }
}
