import AppShell
import AppShellTesting
import EntriesContext
@testable import EntryModel
import Foundation
import XCTest
@testable import embedded_entries

/// The `embedded-entries` example, driven headless: the Entries context works alone in another app,
/// with that app's flow, repository and window (this target has neither SettingsContext nor AppFactory).
final class EmbeddedEntriesFlowTests: XCTestCase {
    /// The apps under test, kept for the test's length as the example's `main` keeps its app while the
    /// run loop runs: the context reaches the app through a relay that holds it weakly.
    @MainActor private static var launched: [EmbeddedEntriesApp] = []

    override func tearDown() {
        MainActor.assumeIsolated { Self.launched.removeAll() }
    }

    func testTheListShowsTheAppsOwnEntriesInItsOwnWindow() throws {
        try onMainActor {
            let screen = try Self.launch()
            let today = DateStyle.short.format(Self.now)
            assertScreen(
                screen,
                equals: [
                    "Entries",
                    "Welcome                                 \(today)  example",
                    "Shopping list                           \(today)  home",
                    "Ideas                                   \(today)",
                    "", "", "", "", "",
                    "1 of 3",
                    "enter open  m more  / search  t tag filter  a add     ? help",
                ])
        }
    }

    func testListToDetailsAndBack() throws {
        try onMainActor {
            let screen = try Self.launch()
            screen.send([.down, .enter])
            XCTAssertEqual(screen.lines[0], "Entries › Details")
            XCTAssertEqual(screen.lines[1], "Shopping list")
            assertScreenContains(screen, "Eggs")
            screen.send(.character("m"))
            XCTAssertEqual(screen.lines[0], "Entries › Details › More details")
            assertScreenContains(screen, "For the weekend.")
            screen.send([.escape, .escape])
            XCTAssertEqual(screen.lines[0], "Entries")
            assertScreenContains(screen, "2 of 3")
        }
    }

    func testSCallsTheEmbeddingAppsFlowWhichHasNoSettings() throws {
        try onMainActor {
            let screen = try Self.launch()
            screen.send(.character("s"))
            XCTAssertEqual(screen.lines.last, "This app has no Settings")
            XCTAssertEqual(screen.lines[0], "Entries", "nothing was presented")
            screen.send(.down)
            XCTAssertEqual(
                screen.lines.last, "enter open  m more  / search  t tag filter  a add     ? help",
                "the next key clears it")
        }
    }

    func testQQuitsThroughTheAppsFlow() throws {
        try onMainActor {
            let screen = try Self.launch()
            screen.send(.enter)
            XCTAssertFalse(screen.isFinished)
            screen.send(.character("q"))
            XCTAssertTrue(screen.isFinished)
        }
    }

    func testSearchAndDeleteWorkOnTheAppsRepository() throws {
        try onMainActor {
            let repository = InMemoryEntryRepository(entries: EmbeddedEntriesApp.sampleEntries, clock: { Self.now })
            let screen = try Self.launch(repository: repository)
            screen.send(.character("/"))
            screen.send("flour")
            screen.send(.enter)
            XCTAssertTrue(screen.lines[1].hasPrefix("Shopping list"), screen.lines[1])
            screen.send(.escape)
            screen.send([.character("d"), .character("y")])  // the window presents the confirm dialog
            XCTAssertEqual(try repository.count(filter: .all), 2)
            XCTAssertFalse(screen.lines.contains { $0.hasPrefix("Welcome") })
        }
    }

    /// 11 March 2026, 12:00 UTC: the clock of the test repositories.
    private static let now = Date(timeIntervalSince1970: 1_773_230_400)

    func testTheAppHandsTheContextItsOwnRowLayout() throws {
        try onMainActor {
            let screen = try Self.launch(rowLayout: try EmbeddedEntriesApp.tagsFirstRow())
            XCTAssertEqual(
                Array(screen.lines[1...3]), ["[example]  Welcome", "[home]     Shopping list", "           Ideas"])
        }
    }

    @MainActor
    private static func launch(
        repository: (any EntryRepository)? = nil, rowLayout: Layout? = nil
    ) throws -> HeadlessScreen {
        let app = try EmbeddedEntriesApp(
            repository: repository
                ?? InMemoryEntryRepository(entries: EmbeddedEntriesApp.sampleEntries, clock: { Self.now }),
            suspender: ImmediateSuspender(), environment: [:],
            rowLayout: rowLayout ?? EntriesController.builtInListRowLayout)
        launched.append(app)
        return HeadlessScreen(root: app.window, size: Size(width: 60, height: 11))
    }
}

/// Runs the body at once: there is no terminal to give back.
@MainActor
private final class ImmediateSuspender: TerminalSuspending {
    func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
}

extension XCTestCase {
    /// Runs a test body on the main actor. XCTest on Linux cannot call `@MainActor` test methods (it
    /// crashes casting them), but it runs tests on the main thread, which this asserts.
    func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
