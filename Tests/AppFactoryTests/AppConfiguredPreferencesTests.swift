@testable import AppFactory
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

    /// The app reads the preferences once at start through the config's repository: read at once,
    /// they are what reading each key alone gives (the config's values over the journal's, the theme
    /// the config's), so the start shows the same preferences.
    func testThePreferencesReadAtOnceAreTheOnesReadKeyByKey() throws {
        let directory = try TemporaryDirectory.withKnownEntries()
        defer { directory.remove() }
        let journal = try EntryDatabase(path: directory.databasePath)
        defer { try? journal.close() }
        var stored = Preferences.defaults
        stored.sortOrder = .newest
        stored.dateStyle = .relative
        stored.colorEnabled = false
        try PreferencesStore(settings: journal.settings).save(stored)
        var configuration = UserConfiguration(path: "/cfg/config.yaml")
        configuration.sortOrder = .init(.oldest, line: 1)
        let repository = ConfiguredSettingsRepository(
            journal: journal.settings, configuration: configuration, saveTheme: { _ in })
        let keys = ["sortOrder", "dateStyle", "colorEnabled", "confirmBeforeDelete", "firstWeekday", "theme", "unset"]
        var one: [String: String] = [:]
        for key in keys { one[key] = try repository.value(forKey: key) }
        XCTAssertEqual(try repository.values(forKeys: keys), one)
        XCTAssertEqual(one["sortOrder"], "oldest")
        let loaded = try PreferencesStore(settings: repository).load()
        XCTAssertEqual(loaded.sortOrder, .oldest)
        XCTAssertEqual(loaded.dateStyle, .relative)
        XCTAssertEqual(loaded.colorEnabled, false)
        XCTAssertEqual(loaded.themeName, Preferences.defaultThemeName)
    }
}
