import AppShell
import XCTest

/// What the navigator tells the window: the key help of the visible scene and the title path.
final class StoryboardNavigatorHelpTests: XCTestCase {
    func testKeyHelpListsHelpTextBindingsGlobalKeysThenTheScenesOwnKeys() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            XCTAssertEqual(
                try harness.root.keyHelp,
                [
                    KeyHelp(key: "", summary: "All items"),
                    KeyHelp(key: "enter", summary: "Detail"),
                    KeyHelp(key: "r", summary: "Reload the list"),
                    KeyHelp(key: "q", summary: "Quit"),
                    KeyHelp(key: "s", summary: "Settings"),
                    KeyHelp(key: "j/down", summary: "down"),
                    KeyHelp(key: "k/up", summary: "up"),
                    KeyHelp(key: "g", summary: "first"),
                    KeyHelp(key: "G", summary: "last"),
                ],
                "the storyboard's keys, movement included, keys doing the same sharing a line (back has nowhere to go at the root)"
            )
        }
    }

    func testUnwindSummariesAndTheStandardBack() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            try harness.press("enter")
            XCTAssertEqual(
                try harness.root.keyHelp.prefix(4),
                [
                    KeyHelp(key: "m", summary: "More"),
                    KeyHelp(key: "b", summary: "Back"),
                    KeyHelp(key: "s", summary: "Settings"),
                    KeyHelp(key: "esc/backspace", summary: "back"),
                ])
            try harness.press("m")
            XCTAssertEqual(
                try harness.root.keyHelp.prefix(2),
                [
                    KeyHelp(key: "h", summary: "Back to Items"),
                    KeyHelp(key: "l", summary: "Back to the list"),
                ])
        }
    }

    func testKeyHelpAskedAtEveryFrameFollowsTheSceneShownAndWhetherItCanGoBack() throws {
        // The window asks at every frame; the help of the bindings is kept between frames, and must
        // follow every move: back at the root (nowhere to go: no "back"), pushed, and back again.
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            let atRoot = navigator.keyHelp
            XCTAssertEqual(navigator.keyHelp, atRoot, "asked twice, the same")
            XCTAssertFalse(atRoot.contains { $0.summary == "back" })
            try harness.press("enter")
            let pushed = navigator.keyHelp
            XCTAssertEqual(pushed.first, KeyHelp(key: "m", summary: "More"))
            XCTAssertTrue(pushed.contains(KeyHelp(key: "esc/backspace", summary: "back")))
            try harness.press("esc")
            XCTAssertEqual(try harness.root.sceneIdentifiers.count, 1)
            XCTAssertEqual(navigator.keyHelp, atRoot, "back at the root: the root's help, without back")
        }
    }

    func testTitlePathFollowsTheStackAndRendersTheTopScene() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            XCTAssertEqual(navigator.titlePath, ["Items"])
            XCTAssertEqual(navigator.title, "Items")
            var buffer = Buffer(size: Size(width: 4, height: 2))
            navigator.render(into: &buffer, area: Rect(x: 1, y: 1, width: 3, height: 1))
            XCTAssertEqual(buffer[1, 1].text, "L")
            try harness.press("enter")
            XCTAssertEqual(navigator.titlePath, ["Items", "Detail"])
            navigator.render(into: &buffer, area: Rect(x: 1, y: 1, width: 3, height: 1))
            XCTAssertEqual(buffer[1, 1].text, "I")
        }
    }

    func testAKeyBoundInTheSceneWinsOverTheScenesOwnHandlingAndEscIsTheScenesFirst() throws {
        try onMainActor {
            let harness = try StoryboardHarness(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: Items, keys: {j: refresh, enter: open}}
                  page: {kind: Plain, title: Page}
                segues:
                  open: {from: list, to: page, kind: push}
                keys: {esc: back, backspace: back}
                """)
            try harness.press("j")
            XCTAssertEqual(harness.journal.events.last, "refresh Items")
            XCTAssertEqual((try harness.root.topScene as? FakeListScene)?.selection, 0, "the binding took j")
            try harness.press("enter", "backspace")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list", "page"], "the scene used backspace itself")
            XCTAssertEqual(harness.journal.events.last, "Page took backspace")
            try harness.press("esc")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
        }
    }
}
