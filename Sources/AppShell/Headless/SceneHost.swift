/// A root view showing one scene on the whole screen, with no header or status bar: for testing a
/// scene or widget alone, or for a tiny app that needs no window chrome. Ctrl-C finishes it.
@MainActor
public final class SceneHost: RootView {
    /// The scene drawn on the whole screen and given every key but Ctrl-C.
    public let scene: any Scene
    /// True once Ctrl-C was pressed.
    public private(set) var isFinished = false

    /// Hosts `scene` and tells it that it appears.
    public init(scene: any Scene) {
        self.scene = scene
        scene.sceneWillAppear()
    }

    /// Draws the scene into the whole buffer.
    public func render(into buffer: inout Buffer) {
        scene.render(into: &buffer, area: buffer.area)
    }

    /// Finishes on Ctrl-C; gives every other key to the scene.
    public func handle(_ key: Key) {
        if key == .control("c") {
            isFinished = true
        } else {
            _ = scene.handle(key)
        }
    }
}
