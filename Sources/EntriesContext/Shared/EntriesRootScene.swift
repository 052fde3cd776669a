import AppShell

/// A scene that is, for now, typing text (a search line): it wants every key, letters included, before
/// the storyboard's bindings see them.
@MainActor
protocol TextCapturingScene: Scene {
    var isCapturingText: Bool { get }
}

/// The context's root content: the storyboard navigator, except that while the visible scene is typing
/// text (`TextCapturingScene`), keys go straight to it. Without this, typing "a" into the search line
/// would add an entry, because the navigator gives storyboard bindings the first look at every key.
@MainActor
final class EntriesRootScene: Scene {
    let navigator: StoryboardNavigator

    init(navigator: StoryboardNavigator) {
        self.navigator = navigator
    }

    /// The visible scene while it types text, else nil.
    private var typingScene: (any TextCapturingScene)? {
        guard let scene = navigator.topScene as? any TextCapturingScene, scene.isCapturingText else { return nil }
        return scene
    }

    var title: String { navigator.title }
    var titlePath: [String] { navigator.titlePath }
    var keyHelp: [KeyHelp] { typingScene?.keyHelp ?? navigator.keyHelp }

    func render(into buffer: inout Buffer, area: Rect) {
        navigator.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        if let typingScene { return typingScene.handle(key) }
        return navigator.handle(key)
    }

    func sceneWillAppear() { navigator.sceneWillAppear() }
    func sceneDidDisappear() { navigator.sceneDidDisappear() }
}
