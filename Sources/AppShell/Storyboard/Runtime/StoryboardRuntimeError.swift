/// Why a storyboard could not do what code (or a key) asked at run time. Keys never crash: the
/// navigator turns these into status messages. Code that triggers flow gets them thrown.
public enum StoryboardRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No segue with this identifier in the storyboard.
    case unknownSegue(String)
    /// No scene with this identifier in the storyboard.
    case unknownScene(String)
    /// No scene kind registered under this name.
    case unknownKind(String)
    /// The action is neither one of the visible scene's kind nor a registered flow action.
    case unknownAction(String)
    /// The segue starts from other scenes than the one it was asked from, and none of them is on the stack.
    case segueNotFromScene(segue: String, scene: String)
    /// The scene that asked for the segue is not on the navigator's stack any more.
    case sceneNotVisible(scene: String)
    /// The source offered no value (nothing selected) for a destination that needs one.
    case missingValue(segue: String, valueName: String)
    /// The value given has another type than the destination needs.
    case wrongValueType(scene: String, expected: String, found: String)
    /// The unwind target is not below the visible scene.
    case unwindTargetNotFound(segue: String, target: String)
    /// Segues performed from segues (a scene moving on as it appears) went deeper than the limit.
    case segueLoop(segue: String)
    /// The scene was instantiated outside a navigator, so it cannot perform segues.
    case notInNavigator(scene: String)
    /// The window that presents modals is gone.
    case noPresenter(segue: String)
    /// A segue leads into a context the app does not have.
    case noSuchContext(String)
    /// A value was delivered (``StoryboardNavigator/deliver(_:as:)``) but no scene shown accepts it.
    case noSceneAccepts(valueName: String)

    /// What went wrong, naming the segue, scene or action from the storyboard.
    public var description: String {
        switch self {
        case .unknownSegue(let segue): return "no segue `\(segue)` in the storyboard"
        case .unknownScene(let scene): return "no scene `\(scene)` in the storyboard"
        case .unknownKind(let kind): return "no scene kind `\(kind)` is registered"
        case .unknownAction(let action): return "no action `\(action)` here"
        case let .segueNotFromScene(segue, scene): return "segue `\(segue)` does not start from scene `\(scene)`"
        case .sceneNotVisible(let scene): return "scene `\(scene)` is no longer shown"
        case let .missingValue(_, valueName): return "No \(valueName) selected"
        case let .wrongValueType(scene, expected, found):
            return "scene `\(scene)` needs a value of type \(expected), not \(found)"
        case let .unwindTargetNotFound(segue, target):
            return "segue `\(segue)` cannot unwind to `\(target)`: it is not below the visible scene"
        case .segueLoop(let segue):
            return "segue `\(segue)` stopped: scenes kept triggering segues as they appeared (a loop)"
        case .notInNavigator(let scene): return "scene `\(scene)` is not in a navigator"
        case .noPresenter(let segue): return "segue `\(segue)` cannot present: the window is gone"
        case .noSuchContext(let name): return "This app has no \(name)"
        case .noSceneAccepts(let valueName):
            return
                "no scene shown here takes a \(valueName); the storyboard needs a scene whose kind accepts `\(valueName)` below the others (its initial scene)"
        }
    }
}
