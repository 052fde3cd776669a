import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import XCTest

/// The config's preferences in the app: they win over the journal's at start, Settings shows them,
/// and a change in Settings takes over for the run and is saved in the journal.
final class AppConfiguredPreferencesTests: XCTestCase {
    func testTheConfigWinsOverTheJournalAtStartAndSettingsCanStillChangeIt() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let journal = try EntryDatabase(path: directory.databasePath)
            var stored = Preferences.defaults
            stored.sortOrder = .newest
            try PreferencesStore(settings: journal.settings).save(stored)
            try journal.close()

            var configuration = UserConfiguration(path: "/cfg/config.yaml")
            configuration.sortOrder = .init(.oldest, line: 1)
            let app = try AppHarness(directory: directory, userConfiguration: configuration)
            XCTAssertEqual(app.listedTitles, KnownEntries.oldestFirst)
            try app.press("s")
            assertScreenContains(app.screen, "List sort order        ‹ Oldest first ›")
            try app.press("enter", "esc")  // Oldest first → Title A–Z
            XCTAssertEqual(app.factory.preferences.sortOrder, .title)
            try app.press("q")

            let reopened = try EntryDatabase(path: directory.databasePath)
            XCTAssertEqual(
                try PreferencesStore(settings: reopened.settings).load().sortOrder, .title, "saved in the journal")
            try reopened.close()
            let next = try AppHarness(directory: directory, userConfiguration: configuration)
            XCTAssertEqual(next.factory.preferences.sortOrder, .oldest, "the config wins again at the next start")
        }
    }

    func testTheConfigEditorWinsOverEditorAndVisual() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            var configuration = UserConfiguration(path: "/cfg/config.yaml")
            configuration.editor = .init("sed -i s/Apples/Pears/", line: 2)
            // VISUAL and EDITOR would fail the edit (`false` exits 1): the config's editor must be the one that runs.
            let app = try AppHarness(
                directory: directory, size: Size(width: 60, height: 12),
                environment: ["VISUAL": "false", "EDITOR": "false"],
                userConfiguration: configuration)
            try app.press("j", "enter", "e")
            assertScreenContains(app.screen, "Pears and pastry.")
        }
    }
}
