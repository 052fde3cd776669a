import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The list's rows in each sort order and date style, and reordering at once on `apply`.
final class EntryListOrderTests: XCTestCase {
    func testNewestFirstShowsTitleCreatedDateAndTags() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 6))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "apple pie                           11 Jan 2026  food, sweet",
                    "Carrot notes                        6 Jan 2026   garden",
                    "Banana bread                        3 Jan 2026   food",
                    "1 of 3",
                    "enter open  m more  / search  t tag filter  a add     ? help",
                ])
        }
    }

    func testEachSortOrder() throws {
        try onMainActor {
            let expected: [(EntrySortOrder, [String])] = [
                (.newest, ["apple pie", "Carrot notes", "Banana bread"]),
                (.oldest, ["Banana bread", "Carrot notes", "apple pie"]),
                (.title, ["apple pie", "Banana bread", "Carrot notes"]),
                (.updated, ["Carrot notes", "Banana bread", "apple pie"]),
            ]
            for (order, titles) in expected {
                let harness = try EntriesHarness(
                    entries: Samples.threeEntries, preferences: Preferences(sortOrder: order))
                XCTAssertEqual(Self.titles(harness), titles, "\(order)")
            }
        }
    }

    func testRecentlyUpdatedOrderShowsTheUpdateDates() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, preferences: Preferences(sortOrder: .updated))
            XCTAssertEqual(harness.contentLines[0], "Carrot notes                        2 Mar 2026   garden")
            XCTAssertEqual(harness.contentLines[1], "Banana bread                        10 Feb 2026  food")
        }
    }

    func testApplyReordersAtOnceAndKeepsTheSelectedEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("j")  // Carrot notes, second when newest first
            assertScreenContains(harness.screen, "2 of 3")
            harness.controller.apply(Preferences(sortOrder: .title))
            harness.screen.render()
            XCTAssertEqual(Self.titles(harness), ["apple pie", "Banana bread", "Carrot notes"])
            assertScreenContains(harness.screen, "3 of 3")
            try harness.press("enter")
            assertScreenContains(harness.screen, "Carrot notes")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
        }
    }

    func testApplyChangesTheDateStyle() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 6))
            harness.controller.apply(Preferences(dateStyle: .iso))
            harness.screen.render()
            XCTAssertEqual(harness.contentLines[0], "apple pie                      2026-01-11 00:00  food, sweet")
            harness.controller.apply(Preferences(dateStyle: .relative))
            harness.screen.render()
            XCTAssertEqual(harness.contentLines[0], "apple pie                        2 months ago    food, sweet")
            XCTAssertEqual(harness.contentLines[1], "Carrot notes                     2 months ago    garden")
        }
    }

    func testApplyWhileDetailsAreShownReordersTheListUnderneath() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("enter")  // apple pie
            harness.controller.apply(Preferences(sortOrder: .oldest))
            try harness.press("esc")
            XCTAssertEqual(Self.titles(harness), ["Banana bread", "Carrot notes", "apple pie"])
            assertScreenContains(harness.screen, "3 of 3")
        }
    }

    /// The titles of the rows shown, in order.
    @MainActor
    static func titles(_ harness: EntriesHarness) -> [String] {
        harness.contentLines.dropLast().compactMap { line in
            let title = line.prefix(26).trimmingCharacters(in: .whitespaces)
            return title.isEmpty ? nil : title
        }
    }
}
