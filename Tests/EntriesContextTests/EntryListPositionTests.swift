import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The footer's position ("1,204 of 1,000,000") and the empty state.
final class EntryListPositionTests: XCTestCase {
    private static func numbered(_ count: Int) -> [EntryDraft] {
        (1...count).map { Samples.draft("Note \($0)", day: $0 % 80, tags: []) }
    }

    func testTheFooterGivesThePositionWithThousandsSeparators() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.numbered(1_234), size: Size(width: 50, height: 8))
            XCTAssertEqual(harness.contentLines.last, "1 of 1,234")
            try harness.press("G")
            XCTAssertEqual(harness.contentLines.last, "1,234 of 1,234")
            try harness.press("k", "k")
            XCTAssertEqual(harness.contentLines.last, "1,232 of 1,234")
            try harness.press("g", "pgdn")
            XCTAssertEqual(harness.contentLines.last, "6 of 1,234", "a page is the 5 rows on screen")
        }
    }

    func testAnEmptyDatabaseSaysHowToAddAnEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(size: Size(width: 50, height: 5))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "No entries yet. Press a to add one.",
                    "",
                    "",
                    "enter open  m more  / search  t tag filter  ? help",
                ])
        }
    }

    func testTheEmptyStateNamesTheKeyTheStoryboardBindsToAdd() throws {
        try onMainActor {
            let storyboard = try EntriesStoryboardText.builtIn()
                .replacingOccurrences(of: "a: add", with: "n: add")
            let harness = try EntriesHarness(storyboard: .text(storyboard, fileName: "Entries.storyboard"))
            assertScreenContains(harness.screen, "No entries yet. Press n to add one.")
        }
    }

    func testKeysThatNeedAnEntryDoNothingHarmfulOnAnEmptyList() throws {
        try onMainActor {
            let harness = try EntriesHarness()
            try harness.press("enter", "m", "e", "d", "j", "G")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
            XCTAssertEqual(
                harness.flow.messages,
                ["No entry selected", "No entry selected", "No entry selected", "No entry selected"])
            XCTAssertEqual(harness.editor.receivedTexts, [])
            XCTAssertNil(harness.window.presentedScene)
        }
    }
}

/// The built-in storyboard's text, for tests that rewire it.
enum EntriesStoryboardText {
    static func builtIn() throws -> String {
        try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Entries.storyboard")
    }
}
