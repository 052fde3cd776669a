import AppShell
import AppShellTesting
import XCTest

/// The window asks a scene for its abilities through ``Scene``'s `as…Scene` requirements (no runtime
/// casts): a scene must get the right answers just by conforming, seen as `any Scene`.
final class SceneAbilitiesTests: XCTestCase {
    @MainActor
    private final class PlainScene: Scene {
        var title: String { "plain" }
        func render(into buffer: inout Buffer, area: Rect) {}
        func handle(_ key: Key) -> Bool { false }
    }

    @MainActor
    private final class TickingTypingScene: TickingScene, TextInputScene {
        var ticks = 0
        var title: String { "ticking" }
        func render(into buffer: inout Buffer, area: Rect) {}
        func handle(_ key: Key) -> Bool { false }
        func tick() { ticks += 1 }
        var isCapturingText: Bool { true }
    }

    @MainActor
    private final class ContainerScene: Scene, SceneContainer, SizedModalScene, ThemeAdoptingScene {
        let visibleChild: any Scene
        var adopted: Theme?
        init(child: any Scene) { visibleChild = child }
        var title: String { "container" }
        func render(into buffer: inout Buffer, area: Rect) {}
        func handle(_ key: Key) -> Bool { false }
        func preferredContentSize(fitting available: Size) -> Size { Size(width: 3, height: 2) }
        func adopt(_ theme: Theme) { adopted = theme }
    }

    func testAPlainSceneHasNoAbility() {
        onMainActor {
            let scene: any Scene = PlainScene()
            XCTAssertNil(scene.asTickingScene)
            XCTAssertNil(scene.asTextInputScene)
            XCTAssertNil(scene.asSceneContainer)
            XCTAssertNil(scene.asSizedModalScene)
            XCTAssertNil(scene.asThemeAdoptingScene)
        }
    }

    func testEachConformanceAnswersWithTheSceneItself() throws {
        try onMainActor {
            let typing = TickingTypingScene()
            let scene: any Scene = typing
            try XCTUnwrap(scene.asTickingScene).tick()
            XCTAssertEqual(typing.ticks, 1)
            XCTAssertEqual(scene.asTextInputScene?.isCapturingText, true)
            XCTAssertNil(scene.asSceneContainer)

            let container: any Scene = ContainerScene(child: typing)
            XCTAssertTrue(container.asSceneContainer?.visibleChild === typing)
            XCTAssertEqual(
                container.asSizedModalScene?.preferredContentSize(fitting: Size(width: 80, height: 24)),
                Size(width: 3, height: 2))
            XCTAssertNil(container.asTickingScene)
            XCTAssertNil(container.asTextInputScene)
        }
    }

    func testTheWindowTicksAndThemesThroughTheAbilities() {
        onMainActor {
            let typing = TickingTypingScene()
            let container = ContainerScene(child: typing)
            let window = Window(root: container)
            window.tick()
            XCTAssertEqual(
                typing.ticks, 0, "a container passes ticks on itself; the window only ticks the scenes it holds")
            Theme.pass(.default, to: container)
            XCTAssertNotNil(container.adopted)
            let ticking = Window(root: typing)
            ticking.tick()
            XCTAssertEqual(typing.ticks, 1)
        }
    }
}
