import AppShell
import XCTest

/// A value from outside the storyboard (another context's answer) lands on the nearest scene shown
/// whose kind accepts it, whatever covers that scene: `StoryboardNavigator.deliver(_:as:)`. (In the
/// fake context `ItemList` accepts a `query`; the other kinds accept nothing.)
final class StoryboardDeliveredValueTests: XCTestCase {
    static let storyboard = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: open}}
          detail: {kind: ItemDetail, title: Detail, keys: {m: more, p: pick, o: other}}
          more: {kind: ItemMore, title: More}
          picker: {kind: Plain, title: Picker}
          otherList: {kind: ItemList, title: Other items, keys: {enter: openOther}}
        segues:
          open: {from: list, to: detail, kind: push}
          more: {from: detail, to: more, kind: push}
          pick: {from: detail, to: picker, kind: present}
          other: {from: detail, to: otherList, kind: present}
          openOther: {from: otherList, to: detail, kind: push}
        keys: {esc: back}
        """

    func testAValueLandsOnTheListUnderTheScenesStackedOnIt() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.storyboard)
            try harness.press("enter", "m")
            XCTAssertEqual(try harness.visiblePath, ["list", "detail", "more"])
            try harness.root.deliver("day 10", as: .query)
            XCTAssertEqual(try harness.visiblePath, ["list"])
            XCTAssertEqual(accepted(harness), ["Items accepted day 10"])
        }
    }

    func testWhatThisNavigatorPresentedGoesFirst() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.storyboard)
            try harness.press("enter", "p")
            XCTAssertNotNil(harness.presenter.presentedScene)
            try harness.root.deliver("day 10", as: .query)
            XCTAssertNil(harness.presenter.presentedScene, "the picker is dismissed")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
            XCTAssertEqual(accepted(harness), ["Items accepted day 10"])
        }
    }

    func testTheNearestAcceptingSceneIsInThePresentedNavigatorWhenItHasOne() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.storyboard)
            try harness.press("enter", "o", "enter")
            XCTAssertEqual(try harness.visiblePath, ["otherList", "detail"])
            try harness.root.deliver("day 10", as: .query)
            XCTAssertEqual(try harness.visiblePath, ["otherList"], "the presented list took it and stays up")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list", "detail"], "the scenes under it are untouched")
            XCTAssertEqual(accepted(harness), ["Other items accepted day 10"])
        }
    }

    func testAValueNoSceneShownAcceptsThrowsAndMovesNothing() throws {
        try onMainActor {
            let harness = try StoryboardHarness(
                """
                storyboard: Demo
                initial: picker
                scenes:
                  picker: {kind: Plain, title: Picker, keys: {n: next}}
                  next: {kind: Plain, title: Next}
                segues:
                  next: {from: picker, to: next, kind: push}
                keys: {esc: back}
                """)
            try harness.press("n")
            XCTAssertThrowsError(try harness.root.deliver("day 10", as: .query)) { error in
                XCTAssertEqual(error as? StoryboardRuntimeError, .noSceneAccepts(valueName: "query"))
            }
            XCTAssertEqual(try harness.visiblePath, ["picker", "next"])
            XCTAssertEqual(accepted(harness), [])
        }
    }
}

/// What the fake scenes accepted, in order.
@MainActor private func accepted(_ harness: StoryboardHarness) -> [String] {
    harness.journal.events.filter { $0.contains("accepted") }
}
