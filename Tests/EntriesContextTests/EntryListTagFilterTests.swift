import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `t` presents the tag picker (a storyboard scene) with the tags in use and their counts; Enter returns
/// the chosen tags to the list through an unwind (`returns: tags`), which filters by them; Esc clears it.
final class EntryListTagFilterTests: XCTestCase {
    func testThePickerListsTagsWithCountsAndFilters() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("t")
            assertScreenContains(harness.screen, "Filter by tag")
            assertScreenContains(harness.screen, "│  food                     2│")
            assertScreenContains(harness.screen, "│  garden                   1│")
            assertScreenContains(harness.screen, "│type to jump                │")
            try harness.press("down", "enter")
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "tagged “garden” · 1 of 1")
        }
    }

    func testEscClearsTheFilterKeepingTheSelection() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("t", "enter")  // food: apple pie, Banana bread
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread"])
            try harness.press("j", "esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            XCTAssertEqual(harness.contentLines.last, "3 of 3", "Banana bread stays selected")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
        }
    }

    func testEscOrBackspaceInThePickerCloseItAndLettersNeitherCloseNorQuit() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("t")
            harness.type("tqs")  // typed to jump (no tag starts with them): nothing closes, quits or opens Settings
            XCTAssertNotNil(harness.window.presentedScene)
            XCTAssertEqual(harness.flow.quitCount, 0)
            XCTAssertEqual(harness.presenter.presented("Settings"), 0)
            try harness.press("backspace", "esc")  // Backspace first forgets what was typed
            for close in ["esc", "backspace"] {
                try harness.press("t")
                XCTAssertNotNil(harness.window.presentedScene, "the picker is up")
                try harness.press(close)
                XCTAssertNil(harness.window.presentedScene, "\(close) closes the picker")
            }
            XCTAssertEqual(harness.flow.quitCount, 0)
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            XCTAssertEqual(harness.contentLines.last, "1 of 3", "no filter")
        }
    }

    func testSearchWithinATag() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: EntryListSearchTests.entries, size: Size(width: 60, height: 9))
            try harness.press("t", "down", "enter")  // tags: garden, home → home
            XCTAssertEqual(Set(EntryListOrderTests.titles(harness)), ["Groceries list", "Garden plan"])
            try harness.press("/")
            harness.type("ga")  // Garden plan and Trip to Rome match; only Garden plan is tagged home
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Garden plan"])
            XCTAssertEqual(harness.contentLines.last, "1 match for “ga” tagged “home” · 1 of 1")
        }
    }

    func testNoTagsSaysSoAndEnterPicksNothing() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: [Samples.draft("Untagged", day: 1)])
            try harness.press("t")
            assertScreenContains(harness.screen, "No tags yet")
            try harness.press("enter")
            XCTAssertNotNil(harness.window.presentedScene, "nothing to return: the picker stays")
            XCTAssertEqual(harness.flow.messages, ["No tags selected"])
            try harness.press("esc")
            XCTAssertNil(harness.window.presentedScene)
        }
    }
}
