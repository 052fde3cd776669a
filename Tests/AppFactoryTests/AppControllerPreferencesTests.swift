import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import XCTest

/// `preferencesDidChange(_:)`: a preference changed in Settings applies at once to the Entries context
/// and the window underneath, and is kept in the database's settings table for the next launch.
final class AppControllerPreferencesTests: XCTestCase {
    func testSortOrderReordersTheListUnderneathAtOnce() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            try app.press("s", "enter")  // List sort order: Newest first → Oldest first
            XCTAssertEqual(
                app.lines[15],
                "                          │List sort order        ‹ Oldest first ›                           │")
            XCTAssertEqual(app.listedTitles, KnownEntries.oldestFirst, "the list under the box already follows")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, KnownEntries.oldestFirst)
            assertScreenContains(app.screen, "4 of 4")  // the selected entry (Daily walk) stays selected
            XCTAssertEqual(app.factory.preferences.sortOrder, .oldest)
        }
    }

    func testSortOrderIsKeptInTheSettingsTableForTheNextLaunch() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s", "enter", "enter", "esc")  // Newest → Oldest → Title A–Z
            try app.press("q")

            let reopened = try EntryDatabase(path: directory.databasePath)
            XCTAssertEqual(try PreferencesStore(settings: reopened.settings).load().sortOrder, .title)
            XCTAssertEqual(try reopened.settings.value(forKey: "sortOrder"), "title")
            try reopened.close()

            let next = try AppHarness(directory: directory)
            XCTAssertEqual(next.factory.preferences.sortOrder, .title)
            XCTAssertEqual(next.listedTitles, ["Apple pie", "Banana bread", "Carrot notes", "Daily walk"])
            try next.press("s")
            assertScreenContains(next.screen, "List sort order        ‹ Title A–Z ›")
        }
    }

    func testColourOffInSettingsTakesEveryColourOffTheWindow() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("s")
            XCTAssertGreaterThan(
                Self.colouredCells(app.screen), 0, "the header, the selection and the box have colours")
            try app.press("j", "j", "enter")  // Colour: On → Off
            XCTAssertEqual(Self.row(app.screen, labelled: "Colour")?.contains("‹ Off ›"), true)
            XCTAssertEqual(Self.colouredCells(app.screen), 0, "already off in Settings itself")
            try app.press("esc")
            XCTAssertEqual(Self.colouredCells(app.screen), 0)
            XCTAssertFalse(try app.window.configuration.colorEnabled)
            // the selection survives as reverse video
            assertAttributes(app.screen, at: Point(x: 0, y: 1), contain: .reverse)
            try app.press("enter", "m")
            XCTAssertEqual(Self.colouredCells(app.screen), 0, "scenes opened afterwards too")

            try app.press("s", "j", "j", "enter", "esc")  // and back on
            XCTAssertGreaterThan(Self.colouredCells(app.screen), 0)
        }
    }

    func testColourOffIsKeptAndTheNextLaunchStartsWithoutColour() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("s", "j", "j", "enter", "esc")
            let next = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            XCTAssertFalse(next.factory.preferences.colorEnabled)
            XCTAssertEqual(Self.colouredCells(next.screen), 0)
        }
    }

    func testColourOnCannotOverrideATerminalWithoutColour() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14), colorAllowed: false)
            XCTAssertEqual(Self.colouredCells(app.screen), 0, "NO_COLOR: none at launch")
            try app.press("s")
            XCTAssertEqual(Self.row(app.screen, labelled: "Colour")?.contains("‹ On ›"), true)
            XCTAssertEqual(Self.colouredCells(app.screen), 0)
            try app.press("j", "j", "enter", "enter")  // Off, then On again
            XCTAssertEqual(Self.colouredCells(app.screen), 0)
        }
    }

    func testDateFormatChangesTheListsDatesAtOnce() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s", "j", "enter")  // Date format: Short → Relative
            assertScreenContains(app.screen, "Date format            ‹ Relative ›")
            try app.press("esc")
            let relative = DateStyle.relative.format(KnownEntries.date(day: 20))
            XCTAssertTrue(app.lines[1].hasPrefix("Daily walk"))
            XCTAssertTrue(app.lines[1].hasSuffix(relative), "\(app.lines[1]) ends with \(relative)")
            try app.press("enter")
            assertScreenContains(app.screen, "Created \(relative)")
        }
    }

    func testConfirmBeforeDeleteOffDeletesWithoutAsking() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("d")
            XCTAssertNotNil(try app.window.presentedScene, "asks first by default")
            try app.press("esc")
            XCTAssertNil(try app.window.presentedScene)
            assertScreenContains(app.screen, "1 of 4")

            try app.press("s", "j", "j", "j", "enter", "esc")  // Confirm before delete: On → Off
            try app.press("d")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertFalse(app.listedTitles.contains("Daily walk"))
            assertScreenContains(app.screen, "1 of 3")
            let stored = try EntryDatabase(path: directory.databasePath)
            XCTAssertEqual(try stored.entries.count(filter: .all), 3)
        }
    }

    /// The row of the Settings box whose label is `label`.
    @MainActor
    private static func row(_ screen: HeadlessScreen, labelled label: String) -> String? {
        screen.lines.first { $0.contains("│\(label) ") }
    }

    /// How many cells of the latest frame have a foreground or background colour.
    @MainActor
    private static func colouredCells(_ screen: HeadlessScreen) -> Int {
        var count = 0
        for y in 0..<screen.size.height {
            for x in 0..<screen.size.width {
                let style = screen.style(at: Point(x: x, y: y))
                if style.foreground != .default || style.background != .default { count += 1 }
            }
        }
        return count
    }
}
