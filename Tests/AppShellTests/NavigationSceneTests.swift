import AppShell
import AppShellTesting
import XCTest

/// A navigation stack as window content: top scene drawn, title path in the header, Esc/Backspace back.
final class NavigationSceneTests: XCTestCase {
    @MainActor
    private static func makeNavigation() -> (NavigationScene, list: LabelScene, details: LabelScene) {
        let list = LabelScene(
            title: "Entries", lines: ["first", "second"], keyHelp: [KeyHelp(key: "enter", summary: "open")])
        let details = LabelScene(
            title: "Details", lines: ["Body of first"], keyHelp: [KeyHelp(key: "m", summary: "more")])
        return (NavigationScene(root: list), list, details)
    }

    func testDrawsTheTopSceneWithTheStackTitlePathInTheHeader() {
        onMainActor {
            let (navigation, _, details) = Self.makeNavigation()
            let screen = HeadlessScreen(root: Window(root: navigation), size: Size(width: 30, height: 4))
            assertScreen(screen, equals: ["Entries", "first", "second", "enter open  q quit      ? help"])
            navigation.stack.push(details)
            screen.render()
            assertScreen(
                screen,
                equals: [
                    "Entries › Details",
                    "Body of first",
                    "",
                    "m more  esc back        ? help",
                ])
            XCTAssertEqual(navigation.titlePath, ["Entries", "Details"])
            XCTAssertEqual(navigation.title, "Details")
        }
    }

    func testEscapeAndBackspacePopWhenTheTopSceneDoesNotHandleThem() {
        onMainActor {
            let (navigation, list, details) = Self.makeNavigation()
            let screen = HeadlessScreen(root: Window(root: navigation), size: Size(width: 30, height: 4))
            navigation.stack.push(details)
            screen.send(.escape)
            XCTAssertTrue(navigation.stack.top === list)
            XCTAssertEqual(screen.lines[0], "Entries")
            navigation.stack.push(details)
            screen.send(.backspace)
            XCTAssertTrue(navigation.stack.top === list)
            XCTAssertEqual(details.receivedKeys, [.escape, .backspace], "the top scene is asked first")
        }
    }

    func testATopSceneThatHandlesEscapeKeepsIt() {
        onMainActor {
            let (navigation, _, details) = Self.makeNavigation()
            details.handledKeys = [.escape]
            navigation.stack.push(details)
            XCTAssertTrue(navigation.handle(.escape))
            XCTAssertTrue(navigation.stack.top === details)
        }
    }

    func testEscapeAtTheRootBubblesUp() {
        onMainActor {
            let (navigation, _, _) = Self.makeNavigation()
            XCTAssertFalse(navigation.handle(.escape))
            XCTAssertFalse(navigation.handle(.character("x")))
            XCTAssertEqual(navigation.keyHelp, [KeyHelp(key: "enter", summary: "open")], "no back key at the root")
        }
    }

    func testLifecycleReachesTheTopScene() {
        onMainActor {
            let (navigation, list, details) = Self.makeNavigation()
            let window = Window(root: navigation)
            XCTAssertEqual(list.appearCount, 1)
            navigation.stack.push(details)
            window.present(LabelScene(title: "Settings"))
            XCTAssertEqual(details.disappearCount, 1)
            window.dismiss()
            XCTAssertEqual(details.appearCount, 2)
            XCTAssertEqual(list.disappearCount, 1, "pushing covered the list once")
        }
    }

    func testRendersAtTinySizes() {
        onMainActor {
            let (navigation, _, details) = Self.makeNavigation()
            navigation.stack.push(details)
            let screen = HeadlessScreen(root: Window(root: navigation), size: Size(width: 1, height: 1))
            assertScreen(screen, equals: ["B"])
            screen.resize(to: Size(width: 40, height: 12))
            assertScreen(
                screen,
                equals: [
                    "Entries › Details", "Body of first", "", "", "", "", "", "", "", "", "",
                    "m more  esc back  q quit          ? help",
                ])
        }
    }

    func testTicksReachTheTopSceneThatWantsThem() {
        onMainActor {
            let ticking = TickCountingScene()
            let navigation = NavigationScene(root: LabelScene(title: "Entries"))
            let window = Window(root: navigation)
            window.tick()
            navigation.stack.push(ticking)
            window.tick()
            window.tick()
            XCTAssertEqual(ticking.ticks, 2)
            navigation.stack.pop()
            window.tick()
            XCTAssertEqual(ticking.ticks, 2, "a covered scene gets no ticks")
        }
    }
}

@MainActor
private final class TickCountingScene: TickingScene {
    let title = "Ticking"
    private(set) var ticks = 0
    func render(into buffer: inout Buffer, area: Rect) {}
    func handle(_ key: Key) -> Bool { false }
    func tick() { ticks += 1 }
}
