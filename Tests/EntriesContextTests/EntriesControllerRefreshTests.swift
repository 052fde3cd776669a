import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import SQLiteStore
import XCTest

/// `refresh()`: the data changed outside (another process); the screens catch up and selections stay
/// on the same entries.
final class EntriesControllerRefreshTests: XCTestCase {
    func testNewEntriesAppearAndTheSelectionStaysOnTheSameEntry() throws {
        try onMainActor {
            let base = InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now })
            let harness = try EntriesHarness(repository: base)
            try harness.press("j")  // Carrot notes
            try base.insert(Samples.draft("Outside news", day: 80))
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3, "nothing changes before refresh")
            harness.controller.refresh()
            harness.screen.render()
            XCTAssertEqual(
                EntryListOrderTests.titles(harness), ["Outside news", "apple pie", "Carrot notes", "Banana bread"])
            XCTAssertEqual(harness.contentLines.last, "3 of 4")
        }
    }

    func testASelectedEntryDeletedOutsideGivesWayToTheNextOne() throws {
        try onMainActor {
            let base = InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now })
            let harness = try EntriesHarness(repository: base)
            try harness.press("j")
            let carrot = try XCTUnwrap(try base.page(PageRequest(order: .newest)).first { $0.title == "Carrot notes" })
            try base.delete(id: carrot.id)
            harness.controller.refresh()
            harness.screen.render()
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Banana bread"])
            XCTAssertEqual(harness.contentLines.last, "2 of 2")
        }
    }

    func testOpenDetailsShowTheEntryAsEditedOutside() throws {
        try onMainActor {
            let base = InMemoryEntryRepository(entries: Samples.threeEntries, clock: { Samples.now })
            let harness = try EntriesHarness(repository: base)
            try harness.press("enter", "m")
            var apple = try XCTUnwrap(
                try base.page(PageRequest(order: .newest)).first.flatMap { try base.entry(id: $0.id) })
            apple.moreDetails = "Edited elsewhere"
            apple.title = "Apple tart"
            try base.update(apple)
            harness.controller.refresh()
            harness.screen.render()
            assertScreenContains(harness.screen, "Edited elsewhere")
            try harness.press("esc")
            XCTAssertEqual(harness.contentLines.first, "Apple tart")
            try base.delete(id: apple.id)
            harness.controller.refresh()
            harness.screen.render()
            assertScreenContains(harness.screen, "This entry no longer exists.")
        }
    }

    func testRefreshWhileSearchingRerunsTheSearch() throws {
        try onMainActor {
            let base = InMemoryEntryRepository(entries: EntryListSearchTests.entries, clock: { Samples.now })
            let harness = try EntriesHarness(repository: base)
            try harness.press("/")
            harness.type("gar")
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 2)
            try base.insert(Samples.draft("Garage sale", day: 50))
            harness.controller.refresh()
            harness.screen.render()
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 3)
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 5, "the full list reloads too")
        }
    }

    func testRefreshOnSQLiteSeesAnotherConnectionsWrites() throws {
        try onMainActor {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "entries-refresh-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("notes.sqlite").path
            let app = try EntryDatabase(path: path)
            let other = try EntryDatabase(path: path)  // "another process"
            try other.entries.insert(Samples.draft("First", day: 1))
            let harness = try EntriesHarness(repository: app.entries)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["First"])
            try other.entries.insert(Samples.draft("Second", day: 2))
            harness.controller.refresh()
            harness.screen.render()
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Second", "First"])
            XCTAssertEqual(harness.contentLines.last, "2 of 2", "First stays selected")
        }
    }

    func testClosedScenesStopListening() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            for _ in 0..<20 { try harness.press("enter", "m", "esc", "esc") }
            harness.repository.resetCounts()
            harness.controller.refresh()
            XCTAssertEqual(harness.repository.calls(.entry), 1, "only the list checks its selected entry")
        }
    }
}
