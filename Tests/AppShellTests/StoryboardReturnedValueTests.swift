import AppShell
import XCTest

/// A scene can hand a value back to the scene below it: an unwind with `returns: NAME` takes the value
/// its source offers under that name and gives it to the scene it lands on, whose kind accepts it.
/// (In the fake context, `Search` offers the query "needle" and `ItemList` accepts a `query`.)
final class StoryboardReturnedValueTests: XCTestCase {
    static let picker = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {f: find}}
          search: {kind: Search, title: Find, keys: {enter: use, x: cancel}}
        segues:
          find: {from: list, to: search, kind: present}
          use: {from: search, kind: unwind, returns: query}
          cancel: {from: search, kind: unwind}
        keys: {esc: back}
        """

    func testAPresentedSceneReturnsItsValueToTheSceneThatPresentedIt() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.picker)
            try harness.press("f")
            XCTAssertEqual(try harness.visiblePath, ["search"])
            try harness.press("enter")
            XCTAssertEqual(try harness.visiblePath, ["list"], "the modal is dismissed")
            XCTAssertEqual(harness.journal.events.filter { $0.contains("accepted") }, ["Items accepted needle"])
        }
    }

    func testAnUnwindWithoutReturnsHandsNothingBack() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.picker)
            try harness.press("f", "x")
            XCTAssertEqual(try harness.visiblePath, ["list"])
            try harness.press("f", "esc")
            XCTAssertEqual(try harness.visiblePath, ["list"])
            XCTAssertEqual(harness.journal.events.filter { $0.contains("accepted") }, [])
        }
    }

    func testAPushedSceneReturnsToANamedSceneBelow() throws {
        try onMainActor {
            let harness = try StoryboardHarness(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: Items, keys: {enter: open}}
                  detail: {kind: ItemDetail, title: Detail, keys: {f: find}}
                  search: {kind: Search, title: Find, keys: {enter: use}}
                segues:
                  open: {from: list, to: detail, kind: push}
                  find: {from: detail, to: search, kind: push}
                  use: {from: search, kind: unwind, to: list, returns: query}
                """)
            try harness.press("enter", "f", "enter")
            XCTAssertEqual(try harness.visiblePath, ["list"])
            XCTAssertEqual(harness.journal.events.filter { $0.contains("accepted") }, ["Items accepted needle"])
        }
    }

    func testReturnsOnASegueThatIsNotAnUnwindIsAnError() {
        let found: [String] = MainActor.assumeIsolated {
            diagnoseWithFakeRegistry(
                Self.picker.replacingOccurrences(
                    of: "find: {from: list, to: search, kind: present}",
                    with: "find: {from: list, to: search, kind: present, returns: query}")
            ).map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:7:58: error: segue `find` returns `query`, but only an `unwind` can hand a value back (to "
                    + "the scene it lands on); a present passes the value its destination needs by itself"
            ])
    }

    func testASourceThatOffersNoSuchValueIsAnError() {
        let found: [String] = MainActor.assumeIsolated {
            diagnoseWithFakeRegistry(
                Self.picker.replacingOccurrences(
                    of: "search: {kind: Search,", with: "search: {kind: Plain,")
            ).map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:8:15: error: segue `use` returns `query`, but `search` (kind Plain) offers no `query`"
            ])
    }

    func testAValueNobodyAcceptsIsAnErrorNamingTheSceneItMayLandOn() {
        let found: [String] = MainActor.assumeIsolated {
            diagnoseWithFakeRegistry(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: Items, keys: {enter: open}}
                  detail: {kind: ItemDetail, title: Detail, keys: {f: find}}
                  search: {kind: Search, title: Find, keys: {enter: use}}
                segues:
                  open: {from: list, to: detail, kind: push}
                  find: {from: detail, to: search, kind: present}
                  use: {from: search, kind: unwind, returns: query}
                keys: {esc: back}
                """
            ).map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:10:46: error: segue `use` returns `query` (String) and may land on `detail` (kind "
                    + "ItemDetail), which does not accept it; return it to a scene whose kind accepts `query`, or leave "
                    + "`returns:` out"
            ])
    }

    func testTheGraphShowsWhatAnUnwindReturns() throws {
        let graph: String = try MainActor.assumeIsolated {
            StoryboardGraph.mermaid([try loadWithFakeRegistry(Self.picker)])
        }
        XCTAssertTrue(graph.contains("enter · use (unwind, returns query)"), graph)
    }
}
