import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import XCTest

/// Changes another connection (another process) commits to the database show in the open app after a
/// tick of the run loop: the root view the App Controller launched polls `PRAGMA data_version`.
final class AppRootViewOutsideChangeTests: XCTestCase {
    func testAnEntryInsertedElsewhereShowsInTheListAfterATick() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            let elsewhere = try EntryDatabase(path: directory.databasePath)
            try elsewhere.entries.insert(
                EntryDraft(title: KnownEntries.writtenElsewhere, createdAt: KnownEntries.date(day: 30)))
            app.screen.render()
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst, "not before the tick")
            app.screen.tick()
            XCTAssertEqual(app.listedTitles, [KnownEntries.writtenElsewhere] + KnownEntries.newestFirst)
            assertScreenContains(app.screen, "2 of 5")  // the selection stays on the same entry
        }
    }

    func testTheAppsOwnWritesAndIdleTicksChangeNothing() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("j")
            let before = app.lines
            app.screen.tick()
            app.screen.tick()
            XCTAssertEqual(app.lines, before)
        }
    }

    func testAnEntryDeletedElsewhereWhileItsDetailsAreOpenSaysSo() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14))
            try app.press("enter")
            XCTAssertEqual(app.lines[1], "Daily walk")
            let elsewhere = try EntryDatabase(path: directory.databasePath)
            let walk = try XCTUnwrap(try elsewhere.entries.page(PageRequest(order: .newest)).first)
            try elsewhere.entries.delete(id: walk.id)
            app.screen.tick()
            assertScreenContains(app.screen, "This entry no longer exists.")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, Array(KnownEntries.newestFirst.dropFirst()))
        }
    }

    func testChangesWhileSettingsIsOpenShowWhenItCloses() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            try app.press("s")
            let elsewhere = try EntryDatabase(path: directory.databasePath)
            try elsewhere.entries.insert(
                EntryDraft(title: KnownEntries.writtenElsewhere, createdAt: KnownEntries.date(day: 30)))
            app.screen.tick()
            XCTAssertNotNil(try app.window.presentedScene, "Settings stays open")
            XCTAssertEqual(
                app.listedTitles.first, KnownEntries.writtenElsewhere, "the list under the box already shows it")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, [KnownEntries.writtenElsewhere] + KnownEntries.newestFirst)
        }
    }
}
