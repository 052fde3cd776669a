import AppFactory
import EntryModel
import XCTest

/// The precedence table: command-line flag > environment > config file > journal (Settings) > default.
final class EffectiveSettingsPrecedenceTests: XCTestCase {
    private let home = ["HOME": "/home/me"]

    private func configuration(_ configure: (inout UserConfiguration) -> Void) -> UserConfiguration {
        var configuration = UserConfiguration(path: "/home/me/.config/entries/config.yaml")
        configure(&configuration)
        return configuration
    }

    func testDatabase() {
        let configured = configuration { $0.database = .init("/from/config.sqlite", line: 2) }
        let environment = home.merging(["ENTRIES_DATABASE": "/from/env.sqlite"]) { $1 }
        let rows:
            [(
                flag: String?, environment: [String: String], configuration: UserConfiguration, value: String,
                source: SettingSource
            )] = [
                ("/flag.sqlite", environment, configured, "/flag.sqlite", .commandLine(option: "--database")),
                (nil, environment, configured, "/from/env.sqlite", .environment(variable: "ENTRIES_DATABASE")),
                (
                    nil, home, configured, "/from/config.sqlite",
                    .configFile(path: "/home/me/.config/entries/config.yaml", line: 2)
                ),
                (nil, home, configuration { _ in }, "/home/me/.local/share/entries/entries.sqlite", .builtIn),
                (
                    "", home.merging(["ENTRIES_DATABASE": ""]) { $1 }, configured, "/from/config.sqlite",
                    .configFile(path: "/home/me/.config/entries/config.yaml", line: 2)
                ),
            ]
        for row in rows {
            let setting = EffectiveSettings.database(
                flag: row.flag, environment: row.environment, configuration: row.configuration)
            XCTAssertEqual(setting.value, row.value)
            XCTAssertEqual(setting.source, row.source)
        }
    }

    func testEditor() {
        let configured = configuration { $0.editor = .init("nano", line: 3) }
        let everything = ["ENTRIES_EDITOR": "ed", "VISUAL": "vim", "EDITOR": "emacs"]
        let rows: [([String: String], UserConfiguration, String, SettingSource)] = [
            (everything, configured, "ed", .environment(variable: "ENTRIES_EDITOR")),
            (["VISUAL": "vim", "EDITOR": "emacs"], configured, "nano", .configFile(path: configured.path, line: 3)),
            (["VISUAL": "vim", "EDITOR": "emacs"], configuration { _ in }, "vim", .environment(variable: "VISUAL")),
            (["VISUAL": " ", "EDITOR": "emacs"], configuration { _ in }, "emacs", .environment(variable: "EDITOR")),
            ([:], configuration { _ in }, "vi", .builtIn),
        ]
        for (environment, configuration, value, source) in rows {
            let setting = EffectiveSettings.editor(environment: environment, configuration: configuration)
            XCTAssertEqual(setting.value, value)
            XCTAssertEqual(setting.source, source)
        }
        let editor = EffectiveSettings.externalEditor(
            environment: ["VISUAL": "vim", "HOME": "/h"], configuration: configured)
        XCTAssertEqual(editor.command, "nano", "the editor that runs is the one in force")
    }

    func testPreferences() {
        let configured = configuration { $0.sortOrder = .init(.title, line: 4) }
        var journal = Preferences.defaults
        journal.sortOrder = .oldest
        journal.dateStyle = .iso
        let settings = EffectiveSettings.preferences(journal: journal, configuration: configured)
        XCTAssertEqual(settings.map(\.name), ["sort", "date-format", "confirm-delete", "color", "first-day-of-week"])
        XCTAssertEqual(settings.map(\.value), ["title", "iso", "true", "true", "monday"])
        XCTAssertEqual(
            settings.map(\.source),
            [.configFile(path: configured.path, line: 4), .journal, .builtIn, .builtIn, .builtIn])
        let noJournal = EffectiveSettings.preferences(journal: nil, configuration: configuration { _ in })
        XCTAssertEqual(noJournal.map(\.value), ["newest", "short", "true", "true", "monday"])
        XCTAssertEqual(Set(noJournal.map(\.source)).count, 1)
    }
}

extension SettingSource: Hashable {
    /// Hashes a source by its description, so tests can compare sets of sources (equal sources describe themselves
    /// alike).
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
