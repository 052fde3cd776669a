/// A stack of scenes with back navigation: the terminal's `UINavigationController`.
///
/// The top scene is the visible one; `titlePath` is what the header shows ("Entries › Details").
@MainActor
public final class NavigationStack {
    /// The scenes on the stack, the root first and the visible one last; never empty.
    public private(set) var scenes: [any Scene]

    /// Creates a stack showing `root`, which popping never removes.
    public init(root: any Scene) {
        self.scenes = [root]
    }

    /// The bottom scene, the one the stack was created with.
    public var root: any Scene { scenes[0] }
    /// The visible scene, which gets the keys.
    public var top: any Scene { scenes[scenes.count - 1] }
    /// The titles of the scenes from root to top, joined by the header as "Entries › Details".
    public var titlePath: [String] { scenes.map(\.title) }

    /// Shows `scene` on top of the current one.
    public func push(_ scene: any Scene) {
        top.sceneDidDisappear()
        scene.sceneWillAppear()
        scenes.append(scene)
    }

    /// Goes back one scene. The root is never popped: returns false when there is nothing to pop.
    @discardableResult
    public func pop() -> Bool {
        guard scenes.count > 1 else { return false }
        let leaving = scenes.removeLast()
        leaving.sceneDidDisappear()
        top.sceneWillAppear()
        return true
    }

    /// Goes back to the root scene.
    public func popToRoot() {
        pop(to: root)
    }

    /// Goes back until `scene` is on top; does nothing when `scene` is not in the stack.
    public func pop(to scene: any Scene) {
        guard let index = scenes.lastIndex(where: { $0 === scene }), index < scenes.count - 1 else { return }
        top.sceneDidDisappear()
        scenes.removeSubrange((index + 1)...)
        top.sceneWillAppear()
    }

    /// Replaces the top scene (the root too, when it is the only one) with `scene`.
    public func replaceTop(with scene: any Scene) {
        let leaving = scenes.removeLast()
        leaving.sceneDidDisappear()
        scene.sceneWillAppear()
        scenes.append(scene)
    }
}
