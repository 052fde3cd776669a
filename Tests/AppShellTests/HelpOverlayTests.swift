import AppShell
import AppShellTesting
import XCTest

/// The help overlay: keys in two aligned columns, scrolling when taller than its area.
final class HelpOverlayTests: XCTestCase {
    private static let keys = [
        KeyHelp(key: "enter", summary: "open the entry"),
        KeyHelp(key: "/", summary: "search"),
        KeyHelp(key: "ctrl-d", summary: "delete"),
        KeyHelp(key: "s", summary: "settings"),
        KeyHelp(key: "q", summary: "quit"),
    ]

    @MainActor
    private static func screen(for overlay: HelpOverlay, size: Size) -> HeadlessScreen {
        HeadlessScreen(scene: WidgetScene(render: overlay.render(into:area:), handle: overlay.handle), size: size)
    }

    func testKeysAndSummariesInAlignedColumns() {
        onMainActor {
            let overlay = HelpOverlay(keys: Self.keys)
            XCTAssertEqual(overlay.preferredSize, Size(width: 22, height: 5))
            let screen = Self.screen(for: overlay, size: Size(width: 24, height: 5))
            assertScreen(
                screen,
                equals: [
                    "enter   open the entry",
                    "/       search",
                    "ctrl-d  delete",
                    "s       settings",
                    "q       quit",
                ])
            assertStyle(screen, at: Point(x: 0, y: 0), equals: Theme.default.keyName)
            assertStyle(screen, at: Point(x: 8, y: 0), equals: .plain)
        }
    }

    func testAKeyWiderThanItsColumnTakesARowOfItsOwnInsteadOfBeingCut() {
        onMainActor {
            let overlay = HelpOverlay(keys: [
                KeyHelp(key: "esc/backspace", summary: "back"), KeyHelp(key: "q", summary: "quit"),
            ])
            let screen = Self.screen(for: overlay, size: Size(width: 20, height: 4))
            assertScreen(
                screen,
                equals: [
                    "esc/backspace",
                    "            back",
                    "q           quit",
                    "",
                ])
        }
    }

    func testScrollsWhenTallerThanItsArea() {
        onMainActor {
            let overlay = HelpOverlay(keys: Self.keys)
            let screen = Self.screen(for: overlay, size: Size(width: 20, height: 3))
            assertScreen(
                screen,
                equals: [
                    "enter   open the …",
                    "/       search",
                    "ctrl-d  delete     ↓",
                ])
            screen.send(.character("j"))
            assertScreen(
                screen,
                equals: [
                    "/       search     ↑",
                    "ctrl-d  delete",
                    "s       settings   ↓",
                ])
            screen.send(.character("G"))
            assertScreen(
                screen,
                equals: [
                    "ctrl-d  delete     ↑",
                    "s       settings",
                    "q       quit",
                ])
            screen.send(.down)
            XCTAssertEqual(overlay.scrollOffset, 2, "no scrolling past the last key")
            screen.send(.home)
            XCTAssertEqual(overlay.scrollOffset, 0)
            XCTAssertFalse(overlay.handle(.enter))
        }
    }

    func testRendersAtTinySizes() {
        onMainActor {
            let overlay = HelpOverlay(keys: Self.keys)
            let screen = Self.screen(for: overlay, size: Size(width: 1, height: 1))
            assertScreen(screen, equals: ["↓"])
            screen.resize(to: Size(width: 6, height: 2))
            // The last two columns are the scroll marks; a key wider than its column has a row of its own.
            assertScreen(screen, equals: ["ent…", "     ↓"])
            let empty = Self.screen(for: HelpOverlay(keys: []), size: Size(width: 40, height: 12))
            XCTAssertEqual(empty.lines, Array(repeating: "", count: 12))
        }
    }

    func testTheHelpSentenceWrapsAndScrollMarksHaveAColumnOfTheirOwnAt40x12() {
        onMainActor {
            let keys =
                [
                    KeyHelp(
                        key: "",
                        summary:
                            "Every entry, newest first. Enter closes Settings and shows the entry in the Entries list.")
                ]
                + Self.keys + [KeyHelp(key: "g/G", summary: "First/last"), KeyHelp(key: "j/k", summary: "Move")]
            let screen = HeadlessScreen(
                root: Window(root: LabelScene(title: "Entries", keyHelp: keys)), size: Size(width: 40, height: 12))
            screen.send(.character("?"))
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "┌ Keys ────────────────────────────────┐",
                    "│Every entry, newest first. Enter      │",
                    "│closes Settings and shows the entry   │",
                    "│in the Entries list.                  │",
                    "│enter   open the entry                │",
                    "│/       search                        │",
                    "│ctrl-d  delete                        │",
                    "│s       settings                      │",
                    "│q       quit                         ↓│",
                    "└──────────────────────────────────────┘",
                    "enter open the entry  / search    ? help",
                ])
            screen.send(.character("G"))
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "┌ Keys ────────────────────────────────┐",
                    "│ctrl-d  delete                       ↑│",
                    "│s       settings                      │",
                    "│q       quit                          │",
                    "│g/G     First/last                    │",
                    "│j/k     Move                          │",
                    "│?       help                          │",
                    "│ctrl-c  quit                          │",
                    "│ctrl-l  repaint                       │",
                    "└──────────────────────────────────────┘",
                    "enter open the entry  / search    ? help",
                ])
        }
    }

    func testTheWindowShowsTheVisibleSceneKeysInABoxAt40x12() {
        onMainActor {
            let scene = LabelScene(title: "Entries", lines: ["first"], keyHelp: Self.keys)
            let screen = HeadlessScreen(root: Window(root: scene), size: Size(width: 40, height: 12))
            screen.send(.character("?"))
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "first   ┌ Keys ────────────────┐",
                    "        │enter   open the entry│",
                    "        │/       search        │",
                    "        │ctrl-d  delete        │",
                    "        │s       settings      │",
                    "        │q       quit          │",
                    "        │?       help          │",
                    "        │ctrl-c  quit          │",
                    "        │ctrl-l  repaint       │",
                    "        └──────────────────────┘",
                    "enter open the entry  / search    ? help",
                ])
            assertAttributes(screen, at: Point(x: 0, y: 1), contain: .dim)
        }
    }
}
