import AppShell
import AppShellTesting
import XCTest

/// The window: header, content, modals, help overlay, status bar, key routing, tiny sizes.
final class WindowTests: XCTestCase {
    @MainActor
    private static func makeRoot() -> LabelScene {
        LabelScene(
            title: "Entries", lines: ["first", "second"], keyHelp: [KeyHelp(key: "enter", summary: "open")],
            handledKeys: [.enter])
    }

    func testHeaderContentAndKeyHintsAt30x5() {
        onMainActor {
            let screen = HeadlessScreen(root: Window(root: Self.makeRoot()), size: Size(width: 30, height: 5))
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "first",
                    "second",
                    "",
                    "enter open  q quit      ? help",
                ])
            assertStyle(screen, row: 0, columns: 0..<30, equals: Theme.default.header)
            assertStyle(screen, at: Point(x: 0, y: 4), equals: Theme.default.keyName)
        }
    }

    func testHeaderShowsTheTitlePathOfTheVisibleScenesTruncatedFromTheLeft() {
        onMainActor {
            let navigation = NavigationScene(root: Self.makeRoot())
            navigation.stack.push(LabelScene(title: "Details"))
            let window = Window(root: navigation)
            window.present(LabelScene(title: "Settings"))
            XCTAssertEqual(window.titlePath, ["Entries", "Details", "Settings"])
            let screen = HeadlessScreen(root: window, size: Size(width: 16, height: 3))
            XCTAssertEqual(screen.lines[0], "…ails › Settings")
        }
    }

    func testTinySizesRenderWithoutCrashing() {
        onMainActor {
            let window = Window(root: Self.makeRoot())
            window.showStatus("saved")
            let screen = HeadlessScreen(root: window, size: Size(width: 1, height: 1))
            assertScreen(screen, equals: ["f"])
            screen.resize(to: Size(width: 0, height: 0))
            assertScreen(screen, equals: [])
            screen.resize(to: Size(width: 5, height: 0))
            assertScreen(screen, equals: [])
            screen.resize(to: Size(width: 0, height: 4))
            assertScreen(screen, equals: ["", "", "", ""])
            screen.resize(to: Size(width: 3, height: 2))
            assertScreen(screen, equals: ["fir", "sa…"])
            window.present(LabelScene(title: "Modal", lines: ["modal text"]))
            screen.send(.character("x"))
            assertScreen(screen, equals: ["mod", ""])
            screen.resize(to: Size(width: 1, height: 1))
            assertScreen(screen, equals: ["m"])
            screen.send(.character("?"))
            screen.resize(to: Size(width: 3, height: 3))
            assertScreen(screen, equals: ["…al", "? ↓", ""])
        }
    }

    func testModalIsDrawnInABoxOverTheDimmedContent() {
        onMainActor {
            let window = Window(
                root: LabelScene(title: "Entries", lines: (1...8).map { "entry number \($0) with a long title" }))
            let modal = LabelScene(title: "Settings", lines: ["Sort: newest"])
            window.present(modal)
            let screen = HeadlessScreen(root: window, size: Size(width: 50, height: 10))
            assertScreen(
                screen,
                equals: [
                    "Entries › Settings",
                    "entry┌ Settings ────────────────────────────┐",
                    "entry│Sort: newest                          │",
                    "entry│                                      │",
                    "entry│                                      │",
                    "entry│                                      │",
                    "entry│                                      │",
                    "entry│                                      │",
                    "entry└──────────────────────────────────────┘",
                    "q quit                                      ? help",
                ])
            assertAttributes(screen, at: Point(x: 0, y: 1), contain: .dim)
            XCTAssertFalse(
                screen.style(at: Point(x: 5, y: 2)).attributes.contains(.dim), "the modal itself is not dimmed")
        }
    }

    func testAModalNavigationStackTakesTheSizeItsTopSceneAsksFor() {
        onMainActor {
            let window = Window(root: LabelScene(title: "Entries"))
            let navigation = NavigationScene(root: SizedScene(title: "Small", size: Size(width: 10, height: 2)))
            window.present(navigation)
            let screen = HeadlessScreen(root: window, size: Size(width: 30, height: 8))
            assertScreen(
                screen,
                equals: [
                    "Entries › Small",
                    "",
                    "         ┌ Small ───┐",
                    "         │sized     │",
                    "         │          │",
                    "         └──────────┘",
                    "",
                    "q quit                  ? help",
                ])
            navigation.stack.push(LabelScene(title: "Big", lines: ["unsized"]))
            screen.render()
            XCTAssertEqual(
                screen.lines[1], "┌ Big ───────────────────────┐",
                "an unsized top scene gets the default box")
        }
    }

    func testKeysGoToTheModalThenBubbleToTheWindow() {
        onMainActor {
            let root = Self.makeRoot()
            let modal = LabelScene(title: "Modal", handledKeys: [.character("x")])
            let window = Window(root: root)
            window.present(modal)
            window.handle(.character("x"))
            window.handle(.enter)
            XCTAssertEqual(modal.receivedKeys, [.character("x"), .enter])
            XCTAssertEqual(root.receivedKeys, [], "the content under a modal gets no keys")
            XCTAssertFalse(window.isFinished)
            window.dismiss()
            window.handle(.enter)
            XCTAssertEqual(root.receivedKeys, [.enter])
        }
    }

    func testPresentAndDismissTellTheCoveredSceneItDisappearedAndReappeared() {
        onMainActor {
            let root = Self.makeRoot()
            let window = Window(root: root)
            XCTAssertEqual(root.appearCount, 1)
            let modal = LabelScene(title: "Modal")
            window.present(modal)
            XCTAssertEqual(root.disappearCount, 1)
            XCTAssertEqual(modal.appearCount, 1)
            XCTAssertTrue(window.presentedScene === modal)
            window.dismiss()
            XCTAssertEqual(modal.disappearCount, 1)
            XCTAssertEqual(root.appearCount, 2)
            XCTAssertNil(window.presentedScene)
            window.dismiss()  // nothing presented: nothing happens
            XCTAssertEqual(root.appearCount, 2)
        }
    }

    func testQIsForTheSceneFirstAndQuitsOnlyWhenUnhandled() {
        onMainActor {
            let root = Self.makeRoot()
            root.handledKeys = [.character("q")]
            let window = Window(root: root)
            window.handle(.character("q"))
            XCTAssertFalse(window.isFinished)
            root.handledKeys = []
            window.handle(.character("q"))
            XCTAssertTrue(window.isFinished)
        }
    }

    func testCtrlCAlwaysQuitsEvenWhenTheSceneWouldHandleIt() {
        onMainActor {
            let root = Self.makeRoot()
            root.handledKeys = [.control("c")]
            let window = Window(root: root)
            window.handle(.control("c"))
            XCTAssertTrue(window.isFinished)
            XCTAssertEqual(root.receivedKeys, [])
        }
    }

    func testQuitKeysAreConfigurable() {
        onMainActor {
            let window = Window(
                root: Self.makeRoot(),
                configuration: WindowConfiguration(alwaysQuitKeys: [.control("q")], unhandledQuitKeys: []))
            window.handle(.character("q"))
            window.handle(.control("c"))
            XCTAssertFalse(window.isFinished)
            window.handle(.control("q"))
            XCTAssertTrue(window.isFinished)
        }
    }

    func testQuestionMarkTogglesTheHelpOverlayWithTheSceneKeys() {
        onMainActor {
            let window = Window(root: Self.makeRoot())
            let screen = HeadlessScreen(root: window, size: Size(width: 30, height: 9))
            screen.send(.character("?"))
            XCTAssertTrue(window.isShowingHelp)
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "first ┌ Keys ─────────┐",
                    "second│enter   open   │",
                    "      │?       help   │",
                    "      │q       quit   │",
                    "      │ctrl-c  quit   │",
                    "      │ctrl-l  repaint│",
                    "      └───────────────┘",
                    "enter open  q quit      ? help",
                ])
            screen.send(.character("?"))
            XCTAssertFalse(window.isShowingHelp)
            screen.send(.character("?"))
            screen.send(.escape)
            XCTAssertFalse(window.isShowingHelp)
            assertScreen(
                screen, equals: ["Entries", "first", "second", "", "", "", "", "", "enter open  q quit      ? help"])
        }
    }

    func testHelpListsAKeyOnceAndTheScenesMeaningWins() {
        onMainActor {
            // The scene lists `q quit` itself (a storyboard binding), twice, and uses `ctrl-c` for
            // something else: the window adds only `?`, and its `ctrl-c` line gives way to the scene's.
            let root = LabelScene(
                title: "Entries",
                keyHelp: [
                    KeyHelp(key: "enter", summary: "open"), KeyHelp(key: "q", summary: "quit"),
                    KeyHelp(key: "q", summary: "quit"), KeyHelp(key: "ctrl-c", summary: "copy"),
                ])
            let screen = HeadlessScreen(root: Window(root: root), size: Size(width: 30, height: 9))
            screen.send(.character("?"))
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "      ┌ Keys ─────────┐",
                    "      │enter   open   │",
                    "      │q       quit   │",
                    "      │ctrl-c  copy   │",
                    "      │?       help   │",
                    "      │ctrl-l  repaint│",
                    "      └───────────────┘",
                    "enter open  q quit      ? help",
                ])
        }
    }

    func testWhileTheSceneTypesTheWindowDoesNotOfferKeysThatWouldBeTyped() {
        onMainActor {
            let scene = TypingScene()
            let window = Window(root: scene)
            let screen = HeadlessScreen(root: window, size: Size(width: 30, height: 7))
            XCTAssertEqual(screen.lines.last, "enter keep  q quit      ? help")
            scene.isCapturingText = true
            screen.render()
            XCTAssertEqual(screen.lines.last, "enter keep", "`?` and `q` would be typed into the text")
            window.showHelp()
            screen.render()
            assertScreen(
                screen,
                equals: [
                    "Search",
                    "      ┌ Keys ─────────┐",
                    "      │enter   keep   │",
                    "      │ctrl-c  quit   │",
                    "      │ctrl-l  repaint│",
                    "      └───────────────┘",
                    "enter keep",
                ])
        }
    }

    func testHelpOverlayScrollsOnItsKeysAndAnyOtherKeyClosesItAndGoesNoFurther() {
        onMainActor {
            let root = Self.makeRoot()
            let window = Window(root: root)
            window.handle(.character("?"))
            window.handle(.character("j"))
            XCTAssertTrue(window.isShowingHelp, "j scrolls the overlay")
            window.handle(.character("q"))
            XCTAssertEqual(root.receivedKeys, [.character("?")], "keys go to the overlay while it is up")
            XCTAssertFalse(window.isShowingHelp)
            XCTAssertFalse(window.isFinished, "q closed the overlay and did not quit")
            window.handle(.character("?"))
            window.handle(.enter)
            XCTAssertFalse(window.isShowingHelp)
            XCTAssertEqual(root.receivedKeys, [.character("?"), .character("?")])
        }
    }

    func testStatusMessagesShowAndClearAfterTheirDurationOrOnTheNextKey() {
        onMainActor {
            var now = ContinuousClock.now
            let window = Window(
                root: Self.makeRoot(), configuration: WindowConfiguration(statusDuration: .seconds(3)), now: { now })
            let screen = HeadlessScreen(root: window, size: Size(width: 30, height: 4))
            window.showStatus("Saved 3 entries")
            screen.render()
            XCTAssertEqual(screen.lines[3], "Saved 3 entries")
            assertStyle(screen, at: Point(x: 0, y: 3), equals: Theme.default.statusInfo)
            now += .seconds(2)
            XCTAssertEqual(screen.tick()[3], "Saved 3 entries")
            now += .seconds(1)
            XCTAssertEqual(screen.tick()[3], "enter open  q quit      ? help")

            window.showStatus("Database is locked", kind: .error)
            screen.render()
            XCTAssertEqual(screen.lines[3], "Database is locked")
            assertStyle(screen, row: 3, columns: 0..<30, equals: Theme.default.statusError)
            screen.send(.character("j"))
            XCTAssertNil(window.statusMessage)
            XCTAssertEqual(screen.lines[3], "enter open  q quit      ? help")
        }
    }

    func testColourOffLeavesAttributesOnly() {
        onMainActor {
            let window = Window(root: Self.makeRoot(), configuration: WindowConfiguration(colorEnabled: false))
            window.present(LabelScene(title: "M"))
            let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 12))
            for cell in screen.buffer.cells {
                XCTAssertEqual(cell.style.foreground, .default)
                XCTAssertEqual(cell.style.background, .default)
            }
            assertStyle(screen, at: Point(x: 0, y: 0), equals: Style(attributes: [.bold, .reverse]))
        }
    }

    func testAt40x12TheRootFillsTheContentArea() {
        onMainActor {
            let root = LabelScene(title: "Entries", lines: (1...12).map { "line \($0)" })
            let screen = HeadlessScreen(root: Window(root: root), size: Size(width: 40, height: 12))
            assertScreen(
                screen,
                equals: ["Entries"] + (1...10).map { "line \($0)" } + ["q quit                            ? help"])
        }
    }
}

/// A scene with a text line that may be typing.
@MainActor
private final class TypingScene: TextInputScene {
    let title = "Search"
    var isCapturingText = false
    var keyHelp: [KeyHelp] { [KeyHelp(key: "enter", summary: "keep")] }
    func render(into buffer: inout Buffer, area: Rect) {}
    func handle(_ key: Key) -> Bool { isCapturingText }
}

/// A scene that asks for a box of a given content size.
@MainActor
private final class SizedScene: SizedModalScene {
    let title: String
    let size: Size
    init(title: String, size: Size) {
        self.title = title
        self.size = size
    }
    func render(into buffer: inout Buffer, area: Rect) {
        buffer.put("sized", at: Point(x: area.x, y: area.y), clip: area)
    }
    func handle(_ key: Key) -> Bool { false }
    func preferredContentSize(fitting available: Size) -> Size { size }
}
