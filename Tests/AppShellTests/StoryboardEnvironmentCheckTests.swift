import AppShell
import XCTest

/// A kind or flow action registered `in:` one environment type, run with another: an error when the
/// runtime is made, naming what and where, not a scene that fails to build ("needs a value of type
/// no value, not nothing") or a key that silently does nothing.
final class StoryboardEnvironmentCheckTests: XCTestCase {
    final class Right {}
    final class Wrong {}

    static let text = """
        storyboard: Demo
        initial: home
        scenes:
          home: {kind: Home, title: Home}
        keys: {q: quit}
        """

    @MainActor
    static func registry() -> StoryboardRegistry {
        var registry = StoryboardRegistry()
        registry.register(
            SceneKind("Home", in: Right.self) { context, _ in MessageScene(title: context.title, message: "home") })
        registry.registerFlowAction("quit", summary: "quit", in: Right.self) { _ in }
        return registry
    }

    func testTheWrongEnvironmentIsAnErrorWhenTheRuntimeIsMade() throws {
        try onMainActor {
            let source = StoryboardSource.text(Self.text, fileName: "Demo.storyboard")
            for (environment, given) in [(Wrong() as Any?, "`Wrong`"), (nil, "no environment")] {
                XCTAssertThrowsError(
                    try StoryboardRuntime(loading: source, registry: Self.registry(), environment: environment)
                ) { error in
                    XCTAssertEqual(
                        (error as? StoryboardLoadError)?.diagnostics.map(\.description),
                        [
                            "Demo.storyboard:1:13: error: flow action `quit` is registered in `Right`, but the storyboard runs "
                                + "with \(given); register it `in:` the type of the environment given to the runtime",
                            "Demo.storyboard:1:13: error: scene kind `Home` is registered in `Right`, but the storyboard runs "
                                + "with \(given); register it `in:` the type of the environment given to the runtime",
                        ])
                }
            }
            let runtime = try StoryboardRuntime(loading: source, registry: Self.registry(), environment: Right())
            XCTAssertEqual(try runtime.instantiateInitialScene().title, "Home")
            // The designated initializer checks too.
            let storyboard = try StoryboardLoader(registry: Self.registry()).load(source)
            XCTAssertThrowsError(
                try StoryboardRuntime(storyboard: storyboard, registry: Self.registry(), environment: Wrong()))
        }
    }
}
