import AppShell
import XCTest

final class StoryboardParsingTests: XCTestCase {

    func testReadsNameInitialScenesSeguesAndKeys() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(StoryboardFixtures.demo)
            XCTAssertEqual(storyboard.name, "Demo")
            XCTAssertEqual(storyboard.fileName, "Demo.storyboard")
            XCTAssertEqual(storyboard.initialSceneIdentifier, "list")
            XCTAssertEqual(storyboard.scenes.map(\.identifier), ["list", "detail", "more"])
            let list = try XCTUnwrap(storyboard.scene("list"))
            XCTAssertEqual(list.kind, "ItemList")
            XCTAssertEqual(list.title, "Items")
            XCTAssertEqual(list.help, "All items")
            XCTAssertEqual(list.location, SourceLocation(line: 5, column: 3))
            XCTAssertEqual(list.bindings.map(\.key), [.enter, .character("r"), .character("q")])
            XCTAssertEqual(list.bindings.map(\.target), ["showDetail", "refresh", "quit"])
            XCTAssertEqual(list.bindings[0].location.line, 9)
            XCTAssertEqual(
                storyboard.globalBindings.map(\.target),
                ["showSettings", "back", "back", "down", "up", "down", "up", "first", "last"])
        }
    }

    func testReadsEachSegueKindAndDestination() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(StoryboardFixtures.demo)
            XCTAssertEqual(storyboard.segue("showDetail")?.kind, .push)
            XCTAssertEqual(storyboard.segue("showDetail")?.sources, ["list"])
            XCTAssertEqual(storyboard.segue("showDetail")?.destination, .scene("detail"))
            XCTAssertEqual(storyboard.segue("goBack")?.destination, .previous)
            XCTAssertEqual(storyboard.segue("home")?.destination, .root)
            XCTAssertEqual(storyboard.segue("backToList")?.destination, .scene("list"))
            XCTAssertEqual(storyboard.segue("backToList")?.help, "Back to the list")
            XCTAssertEqual(storyboard.segue("showMore")?.location, SourceLocation(line: 20, column: 3))
            XCTAssertEqual(try loadWithFakeRegistry(StoryboardFixtures.presented).segue("showDetail")?.kind, .present)
            XCTAssertEqual(try loadWithFakeRegistry(StoryboardFixtures.rebound).segue("toggle")?.kind, .replace)
        }
    }

    func testASegueMayStartFromSeveralScenes() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: Items, keys: {enter: open}}
                  detail: {kind: ItemDetail, title: Detail, keys: {esc: back}}
                  more: {kind: ItemMore, title: More, keys: {esc: back}}
                segues:
                  open: {from: list, to: detail, kind: push}
                  deeper: {from: detail, to: more, kind: push}
                  back:
                    from: [detail, more]
                    kind: unwind
                """)
            let back = try XCTUnwrap(storyboard.segue("back"))
            XCTAssertEqual(back.sources, ["detail", "more"])
            XCTAssertEqual(back.sourceLocations.map(\.line), [11, 11])
        }
    }

    func testBlockStyleQuotedKeysAndMultilineHelpAreRead() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(
                """
                storyboard: "Demo"
                initial: 'list'
                scenes:
                  list:
                    kind: ItemList
                    title: "2024"
                    help: >
                      Everything,
                      newest first.
                    keys:
                      "?": refresh
                      "ctrl-r": refresh2
                      space: quit
                segues: {}
                """.replacingOccurrences(of: "refresh2", with: "quit").replacingOccurrences(
                    of: "space: quit", with: "x: quit"))
            let list = try XCTUnwrap(storyboard.scene("list"))
            XCTAssertEqual(list.title, "2024")
            XCTAssertEqual(list.help, "Everything, newest first.\n")
            XCTAssertEqual(list.bindings.map(\.key), [.character("?"), .control("r"), .character("x")])
        }
    }

    func testHostileTextInTitlesAndHelpIsKeptAsData() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: "\\e[2J\\u0007Items\\t\\u200F", help: "\\0 \\x1b]0;pwned\\x07 ok"}
                """)
            let list = try XCTUnwrap(storyboard.scene("list"))
            XCTAssertEqual(list.title, "\u{1B}[2J\u{7}Items\t\u{200F}")
            XCTAssertEqual(list.help, "\u{0} \u{1B}]0;pwned\u{7} ok")
        }
    }

    func testCRLFLineEndingsAreAccepted() throws {
        try onMainActor {
            let storyboard = try loadWithFakeRegistry(
                StoryboardFixtures.demo.replacingOccurrences(of: "\n", with: "\r\n"))
            XCTAssertEqual(storyboard.scenes.count, 3)
            XCTAssertEqual(storyboard.scene("detail")?.location.line, 10)
        }
    }
}
