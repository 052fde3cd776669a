import AppShell
import AppShellTesting
import XCTest

/// A storyboard navigator as the root of the real `Window`: header, modals, status and help.
final class StoryboardWindowTests: XCTestCase {
    /// The window and its navigator, built in the order an App Factory would: the window first (it
    /// presents modals), then the navigator, which becomes the window's root.
    @MainActor
    private static func makeWindow(_ text: String, items: [Item]? = nil) throws -> (Window, StoryboardNavigator) {
        var context = FakeContext()
        if let items { context.items = items }
        let registry = context.registry()
        let runtime = try StoryboardRuntime(loading: .text(text, fileName: "Demo.storyboard"), registry: registry)
        let window = Window(root: LabelScene(title: "Loading"))
        let navigator = try runtime.makeNavigator(presenter: window) { [weak window] message in
            window?.showStatus(message, kind: .error)
        }
        window.replaceRoot(with: navigator)
        return (window, navigator)
    }

    func testHeaderFollowsPushesAndModalsAndDismissingReturnsToTheList() throws {
        try onMainActor {
            let (window, navigator) = try Self.makeWindow(StoryboardFixtures.presented)
            let screen = HeadlessScreen(root: window, size: Size(width: 60, height: 8))
            XCTAssertEqual(screen.lines.first, "Items")
            XCTAssertEqual(screen.lines.last, "enter Detail  j/down down  k/up up  g first  G last   ? help")
            screen.send(.character("j"))
            screen.send(.enter)
            XCTAssertEqual(screen.lines.first, "Items › Detail")
            XCTAssertNotNil(window.presentedScene as? StoryboardNavigator)
            screen.send(.character("m"))
            XCTAssertEqual(screen.lines.first, "Items › Detail › More")
            screen.send(.character("x"))
            XCTAssertEqual(screen.lines.first, "Items")
            XCTAssertNil(window.presentedScene)
            XCTAssertEqual((navigator.topScene as? FakeListScene)?.selection, 1)
            XCTAssertFalse(window.isFinished)
            screen.send(.character("q"))
            XCTAssertTrue(window.isFinished, "an unbound q reaches the window")
        }
    }

    func testNothingSelectedShowsAStatusMessage() throws {
        try onMainActor {
            let (window, navigator) = try Self.makeWindow(StoryboardFixtures.demo, items: [])
            let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 4))
            screen.send(.enter)
            XCTAssertEqual(screen.lines.last, "No item selected")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
        }
    }

    func testHelpOverlayShowsTheStoryboardsHelpAndBindings() throws {
        try onMainActor {
            let (window, _) = try Self.makeWindow(StoryboardFixtures.demo)
            let screen = HeadlessScreen(root: window, size: Size(width: 50, height: 14))
            screen.send(.character("?"))
            XCTAssertTrue(window.isShowingHelp)
            assertScreenContains(screen, "All items")
            // Each binding on one row of the overlay: its key, then what it does.
            for (key, summary) in [
                ("enter", "Detail"), ("r", "Reload the list"), ("s", "Settings"), ("j/down", "down"),
            ] {
                XCTAssertTrue(
                    screen.lines.contains { $0.contains("│\(key) ") && $0.contains(" \(summary)") },
                    "\(key) \(summary) in\n" + screen.lines.joined(separator: "\n"))
            }
        }
    }
}
