import AppShell
import XCTest

/// Instantiation by identifier and each kind of segue, driven by keys like a user.
final class StoryboardRuntimeTests: XCTestCase {
    func testInstantiatesTheInitialSceneAndScenesByIdentifier() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let runtime = harness.runtime
            XCTAssertEqual(try runtime.instantiateInitialScene().title, "Items")
            let detail = try runtime.instantiateScene(withIdentifier: "detail", value: Item(id: 7, name: "seven"))
            XCTAssertEqual((detail as? FakeItemScene)?.item, Item(id: 7, name: "seven"))
            XCTAssertEqual(detail.title, "Detail")
            XCTAssertThrowsError(try runtime.instantiateScene(withIdentifier: "nope")) {
                XCTAssertEqual($0 as? StoryboardRuntimeError, .unknownScene("nope"))
            }
            XCTAssertThrowsError(try runtime.instantiateScene(withIdentifier: "detail")) {
                XCTAssertEqual($0 as? StoryboardRuntimeError, .missingValue(segue: "detail", valueName: "item"))
            }
            XCTAssertThrowsError(try runtime.instantiateScene(withIdentifier: "detail", value: "text")) {
                XCTAssertEqual(
                    $0 as? StoryboardRuntimeError, .wrongValueType(scene: "detail", expected: "Item", found: "String"))
            }
        }
    }

    func testPushPassesTheSelectedItemAndEscGoesBack() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
            try harness.press("j", "enter")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "detail"])
            XCTAssertEqual(try harness.visibleItem, Item(id: 2, name: "beta"))
            XCTAssertEqual(navigator.titlePath, ["Items", "Detail"])
            try harness.press("m")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "detail", "more"])
            XCTAssertEqual(try harness.visibleItem?.name, "beta")
            XCTAssertEqual(try harness.press("esc", "backspace"), [true, true])
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
            XCTAssertEqual((navigator.topScene as? FakeListScene)?.selection, 1, "the list kept its selection")
            XCTAssertEqual(try harness.press("esc"), [false], "Esc at the root is left to the window")
            XCTAssertEqual(
                harness.journal.events,
                [
                    "disappear Items", "appear Detail beta", "disappear Detail beta", "appear More beta",
                    "disappear More beta", "appear Detail beta", "disappear Detail beta", "appear Items",
                ])
        }
    }

    func testUnwindToPreviousToANamedSceneAndToTheRoot() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            try harness.press("enter", "b")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
            try harness.press("enter", "m", "l")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
            try harness.press("enter", "m", "h")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
        }
    }

    func testASceneTypingTextGetsEveryKeyBeforeTheBindings() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            try harness.press("/", "r", "q", "s", "enter")
            XCTAssertEqual((navigator.topScene as? FakeListScene)?.typed, "rqs", "letters were typed, not bound")
            XCTAssertEqual(harness.journal.events, [], "no refresh, quit or settings while typing")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"], "enter ended the typing instead of opening the detail")
            try harness.press("r", "enter")
            XCTAssertEqual(
                harness.journal.events, ["refresh Items", "disappear Items", "appear Detail alpha"],
                "after typing, the bindings are back")
        }
    }

    func testActionsOfTheSceneKindAndFlowActions() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            try harness.press("r", "q", "s")
            XCTAssertEqual(harness.journal.events, ["refresh Items", "quit", "showSettings"])
            let navigator = try harness.root
            try navigator.performAction("refresh")
            XCTAssertEqual(harness.journal.events.last, "refresh Items")
            XCTAssertThrowsError(try navigator.performAction("fly")) {
                XCTAssertEqual($0 as? StoryboardRuntimeError, .unknownAction("fly"))
            }
            try harness.press("enter", "s")
            XCTAssertEqual(harness.journal.events.last, "showSettings", "storyboard-wide keys work in every scene")
        }
    }

    func testNothingSelectedIsAStatusMessageNotACrash() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo, items: [])
            XCTAssertEqual(try harness.press("enter"), [true])
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
            XCTAssertEqual(harness.statuses, ["No item selected"])
        }
    }

    func testUnboundKeysGoToTheSceneAndUnhandledOnesBubbleUp() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            XCTAssertEqual(try harness.press("j", "z"), [true, false])
            XCTAssertEqual((try harness.root.topScene as? FakeListScene)?.selection, 1)
        }
    }

    func testStoryboardWideKeysComeAfterTheScenesOwnHandling() throws {
        try onMainActor {
            let harness = try StoryboardHarness(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: ItemList, title: Items, keys: {enter: open}}
                  page: {kind: Plain, title: Page}
                segues:
                  open: {from: list, to: page, kind: push}
                keys: {j: quit}
                """)
            try harness.press("j")
            XCTAssertEqual((try harness.root.topScene as? FakeListScene)?.selection, 1, "the list took j")
            XCTAssertFalse(harness.journal.events.contains("quit"))
            try harness.press("enter", "j")
            XCTAssertEqual(harness.journal.events.last, "quit", "the page does not use j: the storyboard-wide key does")
        }
    }

    func testReplaceSwapsTheTopAndBackReturnsBelowIt() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.rebound)
            let navigator = try harness.root
            try harness.press("o", "tab")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "more"])
            XCTAssertEqual(try harness.visibleItem?.name, "alpha", "the replaced scene passed its item on")
            try harness.press("tab", "tab", "tab", "tab")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "more"], "a replace cycle never grows the stack")
            try harness.press("x")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list"])
        }
    }

    func testPresentShowsANavigatorThatPushesInsideAndDismissesToWhereTheUserWas() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.presented)
            let root = try harness.root
            try harness.press("j", "enter")
            let modal = try XCTUnwrap(harness.presenter.presentedScene as? StoryboardNavigator)
            XCTAssertTrue(modal.isPresented)
            XCTAssertTrue(root.presentedNavigator === modal)
            XCTAssertEqual(root.sceneIdentifiers, ["list"])
            XCTAssertEqual(modal.sceneIdentifiers, ["detail"])
            XCTAssertEqual(try harness.visibleItem?.name, "beta")
            try harness.press("m")
            XCTAssertEqual(modal.sceneIdentifiers, ["detail", "more"])
            XCTAssertEqual(modal.titlePath, ["Detail", "More"])
            try harness.press("esc")
            XCTAssertEqual(modal.sceneIdentifiers, ["detail"])
            try harness.press("esc")
            XCTAssertNil(harness.presenter.presentedScene, "Esc at the modal's root dismisses it")
            XCTAssertNil(root.presentedNavigator)
            XCTAssertEqual((root.topScene as? FakeListScene)?.selection, 1, "back exactly where the user was")
        }
    }

    func testUnwindFromAModalToASceneOfThePresenterDismissesFirst() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.presented)
            try harness.press("enter", "m", "x")
            XCTAssertNil(harness.presenter.presentedScene)
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
        }
    }

    func testCodePerformsSeguesByIdentifierWithAValue() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.root
            try navigator.performSegue("showDetail", with: Item(id: 9, name: "nine"))
            XCTAssertEqual(try harness.visibleItem?.name, "nine")
            try navigator.performSegue("showMore")
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "detail", "more"])
            // From deep in the stack, the segue starts from its source: the stack goes back there first.
            try navigator.performSegue("showDetail", with: Item(id: 3, name: "three"))
            XCTAssertEqual(navigator.sceneIdentifiers, ["list", "detail"])
            XCTAssertEqual(try harness.visibleItem?.name, "three")
            XCTAssertThrowsError(try navigator.performSegue("nope")) {
                XCTAssertEqual($0 as? StoryboardRuntimeError, .unknownSegue("nope"))
            }
            XCTAssertThrowsError(try navigator.performSegue("showDetail", with: "not an item")) {
                XCTAssertEqual(
                    $0 as? StoryboardRuntimeError, .wrongValueType(scene: "detail", expected: "Item", found: "String"))
            }
        }
    }

    func testANavigatorCanStartAtAnySceneWithAValue() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            let navigator = try harness.runtime.makeNavigator(
                presenter: harness.presenter, startingAt: "detail", value: Item(id: 5, name: "five"))
            XCTAssertEqual(navigator.sceneIdentifiers, ["detail"])
            XCTAssertEqual((navigator.topScene as? FakeItemScene)?.item.name, "five")
        }
    }

    func testAScenePerformsASegueFromItsContext() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.welcomeFirst)
            let welcome = try XCTUnwrap(try harness.root.topScene as? FakePlainScene)
            try welcome.context.performSegue("start")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
            XCTAssertThrowsError(try welcome.context.performSegue("start")) {
                XCTAssertEqual($0 as? StoryboardRuntimeError, .sceneNotVisible(scene: "start"))
            }
        }
    }

    func testScenesThatMoveOnAsTheyAppearNeverLoopForever() throws {
        try onMainActor {
            let journal = SceneJournal()
            var registry = StoryboardRegistry()
            registry.register(SceneKind("Plain") { FakePlainScene(title: $0.title, journal: journal, context: $0) })
            registry.register(
                SceneKind("Bouncer") { context in
                    let scene = FakePlainScene(title: context.title, journal: journal, context: context)
                    scene.segueOnAppear = "bounce"  // every new one asks for the next one as it appears
                    return scene
                })
            let storyboard = try StoryboardLoader(registry: registry).load(
                text: """
                    storyboard: Loop
                    initial: start
                    scenes:
                      start: {kind: Plain, title: Start, keys: {enter: go}}
                      bouncer: {kind: Bouncer, title: Bouncer}
                    segues:
                      go: {from: start, to: bouncer, kind: push}
                      bounce: {from: bouncer, to: bouncer, kind: push}
                    """, fileName: "Loop.storyboard")
            let runtime = try StoryboardRuntime(storyboard: storyboard, registry: registry)
            runtime.maximumNestedSegues = 3
            var statuses: [String] = []
            let presenter = FakePresenter()
            let navigator = try runtime.makeNavigator(presenter: presenter) { statuses.append($0) }
            XCTAssertTrue(navigator.handle(.enter))
            XCTAssertEqual(navigator.sceneIdentifiers, ["start", "bouncer", "bouncer", "bouncer", "bouncer"])
            XCTAssertEqual(statuses.count, 1)
            XCTAssertTrue(statuses[0].contains("a loop"), statuses[0])
        }
    }
}
