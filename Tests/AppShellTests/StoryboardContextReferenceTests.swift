import AppShell
import XCTest

/// A segue may lead into another context (`to: Other`, a storyboard reference): the navigator asks
/// its presenter to present that context, and only the presenter (an app's App Controller) knows it.
/// A name written as a context's (a capital first letter) that is no scene of the file is a reference;
/// the app's contexts, when the loader knows them, must include it.
final class StoryboardContextReferenceTests: XCTestCase {
    static let storyboard = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: open, c: showOther}}
          detail: {kind: ItemDetail, title: Detail, keys: {c: showOther}}
        segues:
          open: {from: list, to: detail, kind: push}
          showOther: {from: [list, detail], to: Other, kind: present, help: the other one}
        keys: {esc: back}
        """

    func testATargetNamedLikeAContextThatIsNoSceneIsAReference() throws {
        let storyboard = try MainActor.assumeIsolated { try loadWithFakeRegistry(Self.storyboard) }
        XCTAssertEqual(storyboard.segue("showOther")?.destination, .context("Other"))
        XCTAssertEqual(storyboard.segue("open")?.destination, .scene("detail"))
    }

    func testASceneOfTheFileWinsOverAContextOfTheSameName() throws {
        let storyboard = try MainActor.assumeIsolated {
            try loadWithFakeRegistry(Self.storyboard.replacingOccurrences(of: "detail", with: "Other"))
        }
        XCTAssertEqual(storyboard.segue("open")?.destination, .scene("Other"))
        XCTAssertEqual(storyboard.segue("showOther")?.destination, .scene("Other"))
    }

    func testTheKeyAsksThePresenterFromAnySceneTheSegueStartsFrom() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.storyboard)
            harness.presenter.knownContexts = ["Other"]
            try harness.press("c", "enter", "c")
            XCTAssertEqual(harness.presenter.contextsPresented, ["Other", "Other"])
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list", "detail"], "the navigator itself does not move")
            XCTAssertEqual(try harness.root.keyHelp.first { $0.key == "c" }?.summary, "the other one")
        }
    }

    func testAPresenterWithoutThatContextSaysSoInTheStatusLine() throws {
        try onMainActor {
            let harness = try StoryboardHarness(Self.storyboard)
            try harness.press("c")
            XCTAssertEqual(harness.statuses, ["This app has no Other"])
        }
    }

    func testAReferenceThatIsNotAPresentIsAnError() {
        let found: [String] = MainActor.assumeIsolated {
            diagnoseWithFakeRegistry(
                Self.storyboard.replacingOccurrences(of: "to: Other, kind: present", with: "to: Other, kind: push")
            )
            .map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:8:3: error: segue `showOther` leads into the context `Other`, which only a `present` can do "
                    + "(a context runs in a navigator of its own); write `kind: present`"
            ])
    }

    func testWithTheAppsContextsKnownAnUnknownOneIsAnErrorWithAHint() {
        let found: [String] = MainActor.assumeIsolated {
            StoryboardLoader(registry: FakeContext().registry(), contexts: ["Demo", "Others", "Settings"])
                .diagnose(.text(Self.storyboard, fileName: "Demo.storyboard")).diagnostics.map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:8:41: error: segue `showOther` goes to `Other`, which is neither a scene of this storyboard "
                    + "nor a context of the app (`Others`, `Settings`); did you mean `Others`?"
            ])
        let clean: [String] = MainActor.assumeIsolated {
            StoryboardLoader(registry: FakeContext().registry(), contexts: ["Demo", "Other"])
                .diagnose(.text(Self.storyboard, fileName: "Demo.storyboard")).diagnostics.map(\.description)
        }
        XCTAssertEqual(clean, [])
    }

    func testAStoryboardPresentingItsOwnContextIsAnError() {
        let found: [String] = MainActor.assumeIsolated {
            StoryboardLoader(registry: FakeContext().registry(), contexts: ["Demo"])
                .diagnose(
                    .text(
                        Self.storyboard.replacingOccurrences(of: "to: Other", with: "to: Demo"),
                        fileName: "Demo.storyboard")
                )
                .diagnostics.map(\.description)
        }
        XCTAssertEqual(
            found,
            [
                "Demo.storyboard:8:41: error: segue `showOther` presents its own context `Demo`; name one of its scenes instead"
            ])
    }

    func testAContextActionPresentsTheContextAsTheSegueDoes() throws {
        try onMainActor {
            var registry = FakeContext().registry()
            registry.registerContextAction("openOther", summary: "other", presenting: "Other")
            let storyboard = try StoryboardLoader(registry: registry).load(
                text: """
                    storyboard: Demo
                    initial: list
                    scenes:
                      list: {kind: ItemList, title: Items, keys: {o: openOther}}
                    """, fileName: "Demo.storyboard")
            let presenter = FakePresenter()
            presenter.knownContexts = ["Other"]
            let navigator = try StoryboardRuntime(storyboard: storyboard, registry: registry).makeNavigator(
                presenter: presenter
            ) { _ in }
            XCTAssertTrue(navigator.handle(try Key(name: "o")))
            XCTAssertEqual(presenter.contextsPresented, ["Other"])
        }
    }

    func testTheGraphDrawsTheReferenceToTheOtherStoryboardsInitialScene() throws {
        let graph: String = try MainActor.assumeIsolated {
            let other = try loadWithFakeRegistry(
                """
                storyboard: Other
                initial: start
                scenes:
                  start: {kind: Plain, title: Start}
                """, fileName: "Other.storyboard")
            return StoryboardGraph.mermaid([try loadWithFakeRegistry(Self.storyboard), other])
        }
        XCTAssertTrue(
            graph.contains("s0_n0 == \"c · showOther (present) · the other one\" ==> s1_n0")
                || graph.contains("==> s1_n0"), graph)
    }
}
