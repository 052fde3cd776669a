import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// A host that embeds the Entries context gives it a flow action of its own (`x: archive` in its
/// storyboard): the key reaches the host, the key hints name it, and the storyboard is checked against
/// it at load (bound but not given, or named like one of the context's own: refused at load).
final class EntriesHostFlowActionTests: XCTestCase {
    /// The built-in storyboard with `x` in the list bound to `action`, as a host adds a key as data.
    @MainActor
    private static func storyboard(binding action: String) throws -> StoryboardSource {
        guard case .compiled(var storyboard) = EntriesController.builtInStoryboard(),
            let list = storyboard.scenes.firstIndex(where: { $0.identifier == "list" })
        else { throw XCTSkip("the built-in storyboard is not compiled") }
        storyboard.scenes[list].bindings.insert(KeyBinding(key: .character("x"), target: action), at: 0)
        return .compiled(storyboard)
    }

    @MainActor
    private static func dependencies(
        storyboard: StoryboardSource, actions: [HostFlowAction], window: Window
    ) -> EntriesDependencies {
        var dependencies = EntriesDependencies(
            repository: InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now }),
            flow: RecordingFlow(), presenter: RecordingPresenter(window: window), preferences: .defaults,
            storyboard: storyboard, now: { Samples.now }, timeZone: Samples.utc)
        dependencies.hostActions = actions
        return dependencies
    }

    func testTheHostsActionIsBoundByItsStoryboardAndReachesTheHost() throws {
        try onMainActor {
            var archived = 0
            let window = Window(root: MessageScene(title: "", message: ""))
            let controller = try EntriesController(
                dependencies: Self.dependencies(
                    storyboard: try Self.storyboard(binding: "archive"),
                    actions: [HostFlowAction("archive", summary: "archive") { archived += 1 }], window: window))
            window.replaceRoot(with: controller.rootScene)
            let screen = HeadlessScreen(root: window, size: Size(width: 100, height: 10))
            XCTAssertTrue(screen.lines.last?.contains("x archive") == true, screen.lines.joined(separator: "\n"))
            screen.send(.character("x"))
            XCTAssertEqual(archived, 1)
            XCTAssertFalse(screen.isFinished)
        }
    }

    func testABindingToAnActionTheHostDidNotGiveIsRefusedAtLoad() throws {
        try onMainActor {
            let window = Window(root: MessageScene(title: "", message: ""))
            XCTAssertThrowsError(
                try EntriesController(
                    dependencies: Self.dependencies(
                        storyboard: try Self.storyboard(binding: "archive"), actions: [], window: window))
            ) { error in
                let load = error as? StoryboardLoadError
                XCTAssertTrue(load?.description.contains("archive") == true, "\(error)")
            }
        }
    }

    func testAHostActionNamedLikeOneOfTheContextsIsRefusedAtLoad() throws {
        try onMainActor {
            let window = Window(root: MessageScene(title: "", message: ""))
            XCTAssertThrowsError(
                try EntriesController(
                    dependencies: Self.dependencies(
                        storyboard: EntriesController.builtInStoryboard(),
                        actions: [HostFlowAction("quit", summary: "quit") {}], window: window))
            ) { error in
                let load = error as? StoryboardLoadError
                XCTAssertTrue(load?.description.contains("`quit`") == true, "\(error)")
            }
        }
    }
}
