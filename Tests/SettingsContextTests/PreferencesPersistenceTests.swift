import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import Foundation
import SettingsContext
import XCTest

/// Preferences changed in Settings are in the SQLite database: closing and reopening it gives them
/// back, and Settings shows them when opened again.
final class PreferencesPersistenceTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "SettingsContextTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    func testPreferencesChangedInSettingsSurviveClosingAndReopeningTheDatabase() throws {
        let path = folder + "/entries.sqlite"
        try onMainActor {
            let database = try EntryDatabase(path: path)
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), repository: database.entries, settings: database.settings)
            harness.screen.send([.enter, .enter, .down, .left, .down, .enter, .down, .enter, .character("d")])
            let expected = Preferences(
                sortOrder: .title, dateStyle: .iso, colorEnabled: false, confirmBeforeDelete: false)
            XCTAssertEqual(harness.flow.reportedPreferences.last, expected)
            try database.close()

            let reopened = try EntryDatabase(path: path)
            XCTAssertFalse(reopened.wasCreated)
            XCTAssertEqual(try PreferencesStore(settings: reopened.settings).load(), expected)
            let again = try SettingsHarness(
                size: Size(width: 80, height: 24), repository: reopened.entries, settings: reopened.settings)
            assertScreenContains(again.screen, "List sort order        ‹ Title A–Z ›")
            assertScreenContains(again.screen, "Date format            ‹ ISO ›")
            assertScreenContains(again.screen, "Colour                 ‹ Off ›")
            assertScreenContains(again.screen, "Confirm before delete  ‹ Off ›")
            XCTAssertEqual(again.flow.errors, [])
        }
    }

    func testAReadOnlyDatabaseReportsTheFailedSaveAndKeepsTheStoredValue() throws {
        let path = folder + "/entries.sqlite"
        try onMainActor {
            try EntryDatabase(path: path).close()
            var configuration = EntryDatabase.Configuration()
            configuration.readOnly = true
            let database = try EntryDatabase(path: path, configuration: configuration)
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), repository: database.entries, settings: database.settings)
            harness.screen.send(.enter)
            XCTAssertEqual(harness.flow.errors.count, 1)
            XCTAssertEqual(harness.flow.reportedPreferences, [])
            assertScreenContains(harness.screen, "‹ Newest first ›")
            XCTAssertEqual(try PreferencesStore(settings: database.settings).load(), .defaults)
        }
    }
}
