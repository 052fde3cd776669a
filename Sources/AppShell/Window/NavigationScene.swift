/// A navigation stack shown as a scene: the terminal's `UINavigationController` as window content.
///
/// It draws the top scene, passes it the keys, and goes back on Esc or Backspace when the top scene
/// does not handle them. Its title path is the stack's, so the header reads "Entries › Details".
@MainActor
public final class NavigationScene: TickingScene, SceneContainer, ThemeAdoptingScene {
    /// The stack of scenes shown; the top one is drawn and gets the keys.
    public let stack: NavigationStack
    /// The keys that pop the stack when the top scene leaves them unhandled.
    public var backKeys: Set<Key>

    /// Shows `stack`; `backKeys` (Esc and Backspace by default) pop it when the top scene does not use them.
    public init(stack: NavigationStack, backKeys: Set<Key> = [.escape, .backspace]) {
        self.stack = stack
        self.backKeys = backKeys
    }

    /// A navigation scene with a new stack on `root`.
    public convenience init(root: any Scene) {
        self.init(stack: NavigationStack(root: root))
    }

    /// The top scene's title.
    public var title: String { stack.top.title }

    /// The top scene.
    public var visibleChild: any Scene { stack.top }

    /// Every title from the root to the top (a scene in the stack may be a container itself).
    public var titlePath: [String] { stack.scenes.flatMap(\.titlePath) }

    /// The top scene's keys, and the back key (Esc when it is one) when there is a scene to go back to.
    public var keyHelp: [KeyHelp] {
        let backKey = backKeys.contains(.escape) ? "esc" : backKeys.map(\.name).sorted().first
        guard stack.scenes.count > 1, let backKey else { return stack.top.keyHelp }
        return stack.top.keyHelp + [KeyHelp(key: backKey, summary: "back")]
    }

    /// Draws the top scene into the whole area; the scenes under it are not drawn.
    public func render(into buffer: inout Buffer, area: Rect) {
        stack.top.render(into: &buffer, area: area)
    }

    /// Gives the key to the top scene; a back key it leaves unhandled pops the stack, unless the
    /// top is the root.
    public func handle(_ key: Key) -> Bool {
        if stack.top.handle(key) { return true }
        return backKeys.contains(key) && stack.pop()
    }

    /// Passes the tick to the top scene when it wants ticks.
    public func tick() {
        stack.top.asTickingScene?.tick()
    }

    /// Passes the theme to every scene of the stack, so the ones under the top show it when uncovered.
    public func adopt(_ theme: Theme) {
        for scene in stack.scenes { Theme.pass(theme, to: scene) }
    }

    /// Tells the top scene that it appears.
    public func sceneWillAppear() {
        stack.top.sceneWillAppear()
    }

    /// Tells the top scene that it disappeared.
    public func sceneDidDisappear() {
        stack.top.sceneDidDisappear()
    }
}
