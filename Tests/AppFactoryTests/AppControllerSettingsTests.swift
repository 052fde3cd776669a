import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import XCTest

/// `showSettings()` and `hideSettings()`: `s` presents Settings over the Entries context, and every way
/// of closing it returns to exactly where the user was.
final class AppControllerSettingsTests: XCTestCase {
    func testSOpensSettingsOverTheList() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s")
            XCTAssertEqual(app.header, "Entries › Settings")
            XCTAssertNotNil(try app.window.presentedScene)
            XCTAssertEqual(
                app.lines[1],
                "Daily walk                                                                                      \(KnownEntries.shortDate(day: 20))",
                "the list stays drawn under the box")
            XCTAssertEqual(
                app.lines[14],
                "                          ┌ Settings ────────────────────────────────────────────────────────┐")
            XCTAssertEqual(
                app.lines[15],
                "                          │List sort order        ‹ Newest first ›                           │")
            XCTAssertEqual(
                app.lines.last,
                "enter/space/right Next value  left Previous value  e/tab Pick an entry to open  esc/backspace/d/s Close Settings  ? help"
            )
            assertAttributes(app.screen, at: Point(x: 0, y: 1), contain: .dim)
        }
    }

    func testSettingsAt40x12() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try app.press("s")
            assertScreen(
                app.screen,
                equals: [
                    "Entries › Settings",
                    "┌ Settings ────────────────────────────┐",
                    "│List sort order   ‹ Newest first ›    │",
                    "│Date format       ‹ Short ›           │",
                    "│Colour            ‹ On ›              │",
                    "│Confirm before …  ‹ On ›              │",
                    "│Weeks start on    ‹ Monday ›          │",
                    "│Theme             ‹ Dark ›            │",
                    "│                                      │",
                    "│How the list of entries is sorted: Ne…│",
                    "└──────────────────────────────────────┘",
                    "enter/space/right Next value      ? help",
                ])
        }
    }

    func testEveryCloseKeyReturnsToExactlyTheDetailsTheUserWasOn() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            for key in ["esc", "backspace", "d", "s"] {
                let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
                try app.press("j", "enter", "j")  // Apple pie's details, scrolled
                let before = app.lines
                XCTAssertEqual(before.first, "Entries › Details")
                try app.press("s")
                XCTAssertEqual(app.header, "Entries › Details › Settings")
                try app.press(key)
                XCTAssertNil(try app.window.presentedScene, key)
                XCTAssertEqual(try app.entriesScenes, ["list", "details"], key)
                XCTAssertEqual(app.lines, before, "\(key) returns to the same screen")
                try app.press("esc")
                assertScreenContains(app.screen, "2 of 4")
            }
        }
    }

    func testClosingFromTheEntryListOfSettingsReturnsToMoreDetails() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("G", "m")  // Banana bread's more details
            let before = app.lines
            XCTAssertEqual(app.header, "Entries › More details")
            try app.press("s", "e", "j")
            XCTAssertEqual(app.header, "Entries › More details › Settings › Open an entry")
            try app.press("s")
            XCTAssertNil(try app.window.presentedScene, "the whole of Settings closes, not just its top scene")
            XCTAssertEqual(app.lines, before)
            XCTAssertEqual(try app.entriesScenes, ["list", "moreDetails"])
        }
    }

    func testEscInTheEntryListGoesBackInsideSettingsAndSettingsReopensAtItsStart() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("s", "tab")
            XCTAssertEqual(app.header, "Entries › Settings › Open an entry")
            try app.press("esc")
            XCTAssertEqual(app.header, "Entries › Settings")
            try app.press("e", "d")
            XCTAssertEqual(app.header, "Entries")
            try app.press("s")
            XCTAssertEqual(app.header, "Entries › Settings", "a fresh Settings each time, at its first scene")
        }
    }

    func testKeysGoToSettingsWhileItIsOpen() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("s", "j", "j")  // j moves the preference selection, not the list
            try app.press("esc")
            assertScreenContains(app.screen, "1 of 4")
            XCTAssertEqual(try app.entriesScenes, ["list"])
        }
    }
}
