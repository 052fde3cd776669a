import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import XCTest

/// Launching the app as `entries` does: the App Controller runs the window in the terminal, the list
/// shows newest first at any size, `q` quits, and editing gives the terminal back through it.
final class AppLaunchScreenTests: XCTestCase {
    func testLaunchRunsTheWindowOnceAndShowsTheListNewestFirstAt120x40() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 120, height: 40), showsPreview: true)
            XCTAssertEqual(app.terminal.runRoots.count, 1)
            assertScreen(
                app.screen,
                equals: [
                    "Entries",
                    // The preview is on by default (config `preview:`), beside the list from 100 columns.
                    "Daily walk                                \(KnownEntries.shortDate(day: 20)) │ Daily walk",
                    "Apple pie                                 \(KnownEntries.shortDate(day: 10)) │",
                    "Carrot notes                              \(KnownEntries.shortDate(day: 5))  │ Around the lake.",
                    "Banana bread                              \(KnownEntries.shortDate(day: 2))  │",
                ] + Array(repeating: String(repeating: " ", count: 54) + "│", count: 33) + [
                    "1 of 4",
                    "enter open  m more  / search  t tag filter  a add  e edit  d delete  c calendar  p preview  u undo  * star        ? help",
                ])
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(try app.entriesScenes, ["list"])
        }
    }

    func testLaunchAt40x12() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            assertScreen(
                app.screen,
                equals: [
                    "Entries",
                    "Daily walk                   \(KnownEntries.shortDate(day: 20))",
                    "Apple pie                    \(KnownEntries.shortDate(day: 10))",
                    "Carrot notes                 \(KnownEntries.shortDate(day: 5))",
                    "Banana bread                 \(KnownEntries.shortDate(day: 2))",
                    "", "", "", "", "",
                    "1 of 4",
                    "enter open  m more  / search      ? help",
                ])
        }
    }

    func testTheSelectedRowIsHighlighted() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try app.press("j")
            assertStyle(app.screen, row: 2, columns: 0..<40, equals: Theme.default.selection)
            assertStyle(app.screen, row: 1, columns: 0..<10, equals: .plain)
            assertScreenContains(app.screen, "2 of 4")
        }
    }

    func testQQuitsAndSoDoesCtrlC() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try app.press("enter")
            XCTAssertFalse(app.screen.isFinished)
            try app.press("q")
            XCTAssertTrue(try app.window.isFinished)
            XCTAssertTrue(app.screen.isFinished, "the root view the terminal runs says it is finished")

            let again = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try again.press("s", "ctrl-c")
            XCTAssertTrue(again.screen.isFinished, "Ctrl-C quits even with Settings open")
        }
    }

    func testQInSettingsQuitsTheApp() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try app.press("s", "q")
            XCTAssertTrue(app.screen.isFinished)
        }
    }

    func testEditingRunsTheConfiguredEditorInsideTheTerminalsSuspension() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            // The editor is a script that rewrites the text file it is given, the way a user would.
            let app = try AppHarness(
                directory: directory, size: Size(width: 60, height: 12),
                environment: ["EDITOR": "sed -i s/Apples/Pears/"])
            try app.press("j", "enter")
            assertScreenContains(app.screen, "Apples and pastry.")
            try app.press("e")
            XCTAssertEqual(app.terminal.suspensions, 1, "the editor ran while the launch terminal was suspended")
            assertScreenContains(app.screen, "Pears and pastry.")
            let stored = try EntryDatabase(path: directory.databasePath)
            XCTAssertEqual(try stored.entries.page(PageRequest(order: .title)).count, 4)
            XCTAssertEqual(try stored.entries.search("Pears", limit: 5).map(\.title), ["Apple pie"])
        }
    }
}
