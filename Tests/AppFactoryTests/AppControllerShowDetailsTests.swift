import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import XCTest

/// `showDetails(for:)`: picking an entry in Settings' entry list hides Settings and shows that entry's
/// details in the Entries context; back from there lands on the entry in the list.
final class AppControllerShowDetailsTests: XCTestCase {
    func testPickingAnEntryInSettingsShowsItsDetailsWithSettingsGone() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 40, height: 12))
            try app.press("s", "e", "j")
            // Drawn like the main list: title, then date (no room for tags at 40 columns).
            XCTAssertEqual(app.lines[3], "│Apple pie                  \(KnownEntries.shortDate(day: 10))│")
            try app.press("enter")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            assertScreen(
                app.screen,
                equals: [
                    "Entries › Details",
                    "Apple pie",
                    "Tags: food, sweet",
                    "Created \(KnownEntries.shortDate(day: 10))",
                    "────────────────────────────────────────",
                    "Apples and pastry.",
                    "", "", "", "", "",
                    "m more  esc/backspace back        ? help",
                ])
        }
    }

    func testEscFromThePickedEntryReturnsToTheListAtThatEntry() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s", "tab", "j", "j", "enter")  // Carrot notes, third newest
            XCTAssertEqual(app.header, "Entries › Details")
            XCTAssertEqual(app.lines[1], "Carrot notes")
            try app.press("esc")
            XCTAssertEqual(app.header, "Entries")
            XCTAssertEqual(try app.entriesScenes, ["list"])
            assertScreenContains(app.screen, "3 of 4")
            assertStyle(app.screen, row: 3, columns: 0..<90, equals: Theme.default.selection)  // tags are dim
            XCTAssertTrue(app.lines[3].hasPrefix("Carrot notes"))
        }
    }

    func testPickingFromDeepInTheEntriesContextReplacesWhereTheUserWas() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("enter", "m")  // Daily walk › More details
            XCTAssertEqual(try app.entriesScenes, ["list", "details", "moreDetails"])
            try app.press("s", "e", "G", "enter")  // Banana bread, the oldest
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            XCTAssertEqual(app.lines[1], "Banana bread")
            try app.press("m")
            assertScreenContains(app.screen, "From grandma's notebook.")
            try app.press("esc", "esc")
            assertScreenContains(app.screen, "4 of 4")
        }
    }

    func testBackLandsOnTheEntryInTheListsCurrentOrder() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s", "enter")  // sort order: Newest first → Oldest first
            try app.press("e", "G", "enter")  // Settings' list follows the order too: the last is Daily walk
            XCTAssertEqual(app.lines[1], "Daily walk")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, KnownEntries.oldestFirst)
            assertScreenContains(app.screen, "4 of 4")
        }
    }
}
