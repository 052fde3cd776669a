import AppShell
import AppShellTesting
import EntryModel
import TrashContext
import XCTest

/// The Trash as Trash.storyboard wires it, headless on an in-memory store: the list (title, when
/// deleted, days left), restoring with undo, an entry's page, emptying for good, closing.
final class TrashListTests: XCTestCase {

    func testTheListShowsEachTrashedEntryWithWhenItWasDeletedAndTheDaysLeft() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("Kept", "Old", "Recent", "Today"),
                deletions: [("Old", 29), ("Recent", 3), ("Today", 0)])
            let lines = harness.screen.lines
            XCTAssertEqual(lines[0], "Entries › Trash", lines.joined(separator: "\n"))
            // Presented in a box over the host; most recently deleted first; 30 days in the trash,
            // counted from the deletion.
            XCTAssertEqual(
                Array(lines[2...4]),
                [
                    "       │Today             21 Nov 2026  30 days left│",
                    "       │Recent            18 Nov 2026  27 days left│",
                    "       │Old               23 Oct 2026    1 day left│",
                ], lines.joined(separator: "\n"))
            XCTAssertFalse(lines.contains { $0.contains("Kept") }, "an entry not deleted is not in the trash")
        }
    }

    func testRestoreBringsTheSelectedEntryBackAndUndoPutsItBackInTheTrash() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("A", "B"),
                deletions: [("A", 2), ("B", 1)])
            XCTAssertEqual(harness.trashedTitles, ["B", "A"])
            try harness.press("down", "r")
            XCTAssertEqual(harness.trashedTitles, ["B"])
            let restored = try harness.repository.page(PageRequest(order: .newest)).map(\.title)
            XCTAssertEqual(restored, ["A"], "the entry is back among the entries")
            XCTAssertEqual(harness.flow.changes, 1, "the host hears that entries changed")
            XCTAssertEqual(harness.flow.messages.last, "Restored “A” · u puts it back in the trash")
            assertScreenDoesNotContain(harness.screen, "A  ")
            try harness.press("u")
            XCTAssertEqual(harness.trashedTitles, ["A", "B"], "undo deleted it again, now")
            XCTAssertEqual(try harness.repository.page(PageRequest(order: .newest)).map(\.title), [])
            XCTAssertEqual(harness.flow.changes, 2)
            try harness.press("u")
            XCTAssertEqual(harness.flow.messages.last, "Nothing to undo")
            XCTAssertEqual(harness.trashedTitles, ["A", "B"])
        }
    }

    func testEnterOpensAnEntrysPageAndRestoringThereGoesBackToTheList() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 10), entries: TrashHarness.drafts("Groceries", "Letter"),
                deletions: [("Groceries", 5), ("Letter", 1)])
            try harness.press("down", "enter")
            let page = harness.screen.lines
            XCTAssertEqual(page[0], "Entries › Trash › Deleted entry", page.joined(separator: "\n"))
            XCTAssertEqual(
                Array(page[2...6]),
                [
                    "       │Groceries                                  │",
                    "       │Deleted 16 Nov 2026 · 25 days left         │",
                    "       │Written 1 Nov 2026 · kept                  │",
                    "       │                                           │",
                    "       │The text of Groceries.                     │",
                ], page.joined(separator: "\n"))
            try harness.press("r")
            XCTAssertEqual(harness.trashedTitles, ["Letter"])
            XCTAssertEqual(harness.screen.lines[0], "Entries › Trash", "back on the list")
            assertScreenDoesNotContain(harness.screen, "Groceries")
            // Esc on a page goes back to the list without restoring.
            try harness.press("enter", "esc")
            XCTAssertEqual(harness.screen.lines[0], "Entries › Trash")
            XCTAssertEqual(harness.trashedTitles, ["Letter"])
        }
    }

    func testEmptyingTheTrashAsksFirstAndNoKeepsEverything() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 70, height: 12), entries: TrashHarness.drafts("A", "B", "C"),
                deletions: [("A", 1), ("B", 1)])
            try harness.press("E")
            assertScreenContains(harness.screen, "Remove the 2 entries in the trash for good?")
            try harness.press("n")
            XCTAssertEqual(harness.trashedTitles.count, 2)
            try harness.press("E", "y")
            XCTAssertEqual(harness.trashedTitles, [])
            XCTAssertEqual(harness.flow.messages.last, "Removed 2 entries for good")
            assertScreenContains(harness.screen, "The trash is empty")
            XCTAssertEqual(
                try harness.repository.page(PageRequest(order: .newest)).map(\.title), ["C"],
                "entries not in the trash stay")
            try harness.press("E")
            XCTAssertEqual(harness.flow.messages.last, "The trash is empty")
        }
    }

    func testEscAndTCloseTheTrashThroughTheHostAndQIsTheHostsQuit() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("A"), deletions: [("A", 1)])
            try harness.press("q")
            XCTAssertEqual(harness.flow.quitCount, 1)
            try harness.press("esc")
            XCTAssertEqual(harness.flow.dismissed, ["Trash"])
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(harness.screen.lines[0], "Entries")
        }
    }

    func testAStrangersTitleIsShownAsNotationNeverReachingTheTerminalRaw() throws {
        try onMainActor {
            let hostile = "\u{1B}]52;c;aGk=\u{07}\u{1B}[2JEvil"
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts(hostile), deletions: [(hostile, 1)])
            XCTAssertFalse(harness.screen.lines.joined().contains("\u{1B}"))
            assertScreenContains(harness.screen, "^[")
            try harness.press("enter")
            XCTAssertFalse(harness.screen.lines.joined().contains("\u{1B}"))
        }
    }

    func testTheTrashStoryboardIsValid() throws {
        onMainActor {
            let report = StoryboardLinter(registries: ["Trash": TrashController.storyboardRegistry()])
                .lint([TrashController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount + report.warningCount, 0, report.lines.joined(separator: "\n"))
        }
    }
}
