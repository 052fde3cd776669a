import AppShell
import XCTest

/// The code's side of a storyboard: segues a context performs by identifier are declared in its
/// registry and checked when a storyboard loads, with file:line:column like every other problem.
final class StoryboardSegueContractTests: XCTestCase {
    /// The demo registry with the contracts a context like Entries declares.
    @MainActor
    private static func registry() -> StoryboardRegistry {
        var registry = FakeContext().registry()
        registry.requireSegue(
            "showDetail", carrying: .item, purpose: "shows an item picked elsewhere",
            example: "showDetail: {from: list, to: detail, kind: push}")
        registry.expectUnwind(
            "goBack", purpose: "leaves a deleted item", whenMissing: "the detail stays",
            example: "goBack: {from: detail, kind: unwind}")
        return registry
    }

    /// The errors and warnings of `text`, leaving out "never shown" warnings (a scene only the missing
    /// segue led to), which are not what these tests are about.
    private func diagnostics(_ text: String) -> [String] {
        MainActor.assumeIsolated {
            StoryboardLoader(registry: Self.registry()).diagnose(.text(text, fileName: "Demo.storyboard")).diagnostics
                .map(\.description).filter { !$0.contains("is never shown") }
        }
    }

    func testTheShippedShapeSatisfiesTheContracts() {
        XCTAssertEqual(diagnostics(StoryboardFixtures.demo), [])
    }

    func testAMissingRequiredSegueIsAnErrorAtTheSeguesField() {
        let text = StoryboardFixtures.demo
            .replacingOccurrences(of: "  showDetail: {from: list, to: detail, kind: push}\n", with: "")
            .replacingOccurrences(of: "enter: showDetail, ", with: "")
        XCTAssertEqual(
            diagnostics(text),
            [
                "Demo.storyboard:18:1: error: the context's code performs segue `showDetail` (it shows an item picked "
                    + "elsewhere), but the storyboard has no such segue; add one, e.g. "
                    + "`showDetail: {from: list, to: detail, kind: push}`"
            ])
    }

    func testAMissingOptionalUnwindIsAWarningSayingWhatHappensWithoutIt() {
        let text = StoryboardFixtures.demo
            .replacingOccurrences(of: "  goBack: {from: detail, kind: unwind}\n", with: "")
            .replacingOccurrences(of: ", b: goBack", with: "")
        XCTAssertEqual(
            diagnostics(text),
            [
                "Demo.storyboard:18:1: warning: the context's code performs segue `goBack` (it leaves a deleted item), but "
                    + "the storyboard has no such segue: the detail stays; to have it, add e.g. "
                    + "`goBack: {from: detail, kind: unwind}`"
            ])
    }

    func testARequiredSegueToASceneThatNeedsNoValueIsAnErrorAtItsDestination() {
        let text = StoryboardFixtures.demo.replacingOccurrences(
            of: "showDetail: {from: list, to: detail, kind: push}",
            with: "showDetail: {from: list, to: list, kind: push}")
        XCTAssertEqual(
            diagnostics(text),
            [
                "Demo.storyboard:19:32: error: segue `showDetail` goes to `list` (kind ItemList), which needs no value, but "
                    + "the context's code performs it with `item` (Item) (it shows an item picked elsewhere); lead it to a "
                    + "scene whose kind needs `item` (Item)"
            ])
    }

    func testARequiredSegueThatUnwindsIsAnError() {
        let text = StoryboardFixtures.demo.replacingOccurrences(
            of: "showDetail: {from: list, to: detail, kind: push}", with: "showDetail: {from: detail, kind: unwind}"
        )
        .replacingOccurrences(of: "enter: showDetail, ", with: "")
        XCTAssertEqual(
            diagnostics(text),
            [
                "Demo.storyboard:19:3: error: segue `showDetail` cannot be an `unwind`: the context's code performs it with "
                    + "`item` (Item) (it shows an item picked elsewhere), so it must lead to a scene that needs it; e.g. "
                    + "`showDetail: {from: list, to: detail, kind: push}`"
            ])
    }

    func testAnExpectedUnwindThatGoesForwardIsAnError() {
        let text = StoryboardFixtures.demo.replacingOccurrences(
            of: "goBack: {from: detail, kind: unwind}", with: "goBack: {from: detail, to: more, kind: push}")
        XCTAssertEqual(
            diagnostics(text),
            [
                "Demo.storyboard:21:3: error: segue `goBack` must be an `unwind`: the context's code performs it to go back "
                    + "(it leaves a deleted item); e.g. `goBack: {from: detail, kind: unwind}`"
            ])
    }

    func testDeclaringAContractTwiceIsReported() {
        let found: [String] = MainActor.assumeIsolated {
            var registry = Self.registry()
            registry.expectUnwind("goBack", purpose: "again", whenMissing: "nothing", example: "goBack: {}")
            return StoryboardLoader(registry: registry).diagnose(
                .text(StoryboardFixtures.demo, fileName: "Demo.storyboard")
            )
            .diagnostics.map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard: error: segue contract `goBack` is registered twice in the context's code; the first "
                    + "registration is used"
            ])
    }
}
