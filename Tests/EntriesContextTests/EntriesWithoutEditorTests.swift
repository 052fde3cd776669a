import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// A host that never edits (a viewer, a list embedded in another app) gives the Entries context
/// neither an editor nor a suspender: the context still runs, and writing or changing an entry says
/// the app has no editor, changes nothing and never takes the terminal away.
final class EntriesWithoutEditorTests: XCTestCase {
    func testAddAndEditSayThereIsNoEditorAndChangeNothing() throws {
        try onMainActor {
            let repository = InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now })
            let flow = RecordingFlow()
            let window = Window(root: MessageScene(title: "", message: ""))
            let presenter = RecordingPresenter(window: window)
            let controller = try EntriesController(
                dependencies: EntriesDependencies(
                    repository: repository, flow: flow, presenter: presenter, preferences: .defaults,
                    storyboard: EntriesController.builtInStoryboard(), now: { Samples.now },
                    timeZone: Samples.utc))
            window.replaceRoot(with: controller.rootScene)
            let screen = HeadlessScreen(root: window, size: Size(width: 60, height: 10))
            let before = try repository.page(PageRequest(order: .newest))

            screen.send(try Key(name: "a"))
            XCTAssertEqual(flow.errors.last, EntryEditorUnavailable().description, "\(flow.errors)")
            screen.send(try Key(name: "e"))
            XCTAssertEqual(flow.errors.count, 2, "\(flow.errors)")
            XCTAssertEqual(flow.errors.last, EntryEditorUnavailable().description)

            XCTAssertEqual(try repository.page(PageRequest(order: .newest)), before, "nothing was written")
            XCTAssertFalse(screen.isFinished, "the app goes on")
        }
    }
}
