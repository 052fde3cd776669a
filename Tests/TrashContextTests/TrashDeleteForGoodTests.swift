import AppShell
import AppShellTesting
import EntryModel
import TrashContext
import XCTest

/// `D` in the Trash: one entry removed for good, after a question, and only while it is still in the
/// trash.
final class TrashDeleteForGoodTests: XCTestCase {

    func testDAsksThenRemovesTheSelectedEntryForGoodAndNoKeepsIt() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 70, height: 12), entries: TrashHarness.drafts("A", "B", "C"),
                deletions: [("A", 2), ("B", 1)])
            XCTAssertEqual(harness.trashedTitles, ["B", "A"])
            try harness.press("down", "D")
            assertScreenContains(harness.screen, "Remove “A” for good?")
            try harness.press("n")
            XCTAssertEqual(harness.trashedTitles, ["B", "A"], "no keeps it")
            try harness.press("D", "y")
            XCTAssertEqual(harness.trashedTitles, ["B"])
            XCTAssertEqual(harness.flow.messages.last, "Removed “A” for good")
            XCTAssertEqual(
                try harness.repository.page(PageRequest(order: .newest)).map(\.title), ["C"],
                "it is not back among the entries either")
            assertScreenDoesNotContain(harness.screen, "A  ")
            try harness.press("D", "y")
            XCTAssertEqual(harness.trashedTitles, [])
            try harness.press("D")
            XCTAssertEqual(harness.flow.messages.last, "The trash is empty")
        }
    }

    func testAnEntryRestoredMeanwhileIsNotRemoved() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 70, height: 12), entries: TrashHarness.drafts("A"), deletions: [("A", 1)])
            try harness.press("D")
            // Another window (or process) restores it while the question is shown.
            let id = try XCTUnwrap(try harness.repository.trashedEntries().first?.entry.id)
            try harness.repository.restore(id: id)
            try harness.press("y")
            XCTAssertEqual(harness.flow.messages.last, "“A” is no longer in the trash")
            XCTAssertEqual(try harness.repository.page(PageRequest(order: .newest)).map(\.title), ["A"])
        }
    }
}
