/// What a scene's creator gets from the storyboard besides the segue's value: the scene's details
/// from the file (identifier, title, help) and a handle to trigger flow from code.
///
/// Scenes take the title from here (`title: context.title`), so renaming a scene is a storyboard edit.
/// The handle is for the rare scene that must move on by itself (after a choice made in a prompt):
/// it names a segue, never the next scene's type.
@MainActor
public struct StoryboardSceneContext {
    /// The scene's identifier in the storyboard (`detail`).
    public let identifier: String
    /// The scene's title from the storyboard.
    public let title: String
    /// The scene's help sentence from the storyboard, if any.
    public let help: String?
    /// The name of the storyboard the scene belongs to.
    public let storyboardName: String
    /// Identifies the scene instance, so that code-triggered segues start from the right place.
    let instanceID: Int
    private let link: NavigatorLink?

    init(definition: SceneDefinition, storyboardName: String, instanceID: Int, link: NavigatorLink?) {
        self.identifier = definition.identifier
        self.title = definition.title
        self.help = definition.help
        self.storyboardName = storyboardName
        self.instanceID = instanceID
        self.link = link
    }

    private var navigator: StoryboardNavigator? { link?.navigator }

    /// Performs the segue from this scene, with the value this scene offers for the destination.
    /// Throws `StoryboardRuntimeError` when the segue does not start here, the scene is not the visible
    /// one, or there is no value to pass.
    public func performSegue(_ identifier: String) throws {
        guard let navigator else { throw StoryboardRuntimeError.notInNavigator(scene: self.identifier) }
        try navigator.performSegue(identifier, fromInstance: instanceID, value: nil)
    }

    /// Performs the segue from this scene, passing `value` to the destination.
    public func performSegue<Value>(_ identifier: String, with value: Value) throws {
        guard let navigator else { throw StoryboardRuntimeError.notInNavigator(scene: self.identifier) }
        try navigator.performSegue(identifier, fromInstance: instanceID, value: value)
    }

    /// Shows a message in the status bar (through the navigator's status reporter).
    public func showStatus(_ message: String) {
        navigator?.report(message)
    }
}

/// The way back from a scene's context to its navigator. Scenes are built before their navigator
/// exists (the root) and must not keep it alive, hence a shared box holding a weak reference.
@MainActor
final class NavigatorLink {
    weak var navigator: StoryboardNavigator?
}

/// A scene built by the runtime, with its offers and actions bound to the instance (so no cast is
/// ever needed to ask a scene for its selection or to run one of its actions).
@MainActor
final class StoryboardSceneInstance {
    let scene: any Scene
    let context: StoryboardSceneContext
    private let offers: [String: @MainActor () -> Any?]
    private let actions: [String: @MainActor () -> Void]
    private let accepts: [String: @MainActor (Any) -> Void]

    init(
        scene: any Scene, context: StoryboardSceneContext, offers: [String: @MainActor () -> Any?],
        actions: [String: @MainActor () -> Void], accepts: [String: @MainActor (Any) -> Void] = [:]
    ) {
        self.scene = scene
        self.context = context
        self.offers = offers
        self.actions = actions
        self.accepts = accepts
    }

    /// Hands a value returned by an unwind to the scene; false when its kind does not accept it.
    @discardableResult
    func accept(named name: String, value: Any) -> Bool {
        guard let accept = accepts[name] else { return false }
        accept(value)
        return true
    }

    /// True when the scene's kind accepts a value of this name.
    func accepts(named name: String) -> Bool {
        accepts[name] != nil
    }

    var identifier: String { context.identifier }

    /// The value the scene offers under this name right now; nil when it offers none at the moment.
    func offeredValue(named name: String) -> Any? {
        offers[name]?() ?? nil
    }

    /// Runs the named action; false when the kind has no such action.
    func performAction(named name: String) -> Bool {
        guard let action = actions[name] else { return false }
        action()
        return true
    }
}
