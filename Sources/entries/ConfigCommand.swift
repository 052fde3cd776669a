import AppFactory
import ArgumentParser
import EntryModel
import Foundation
import PostgreSQLAddress
import SQLiteStore

/// `entries config [--path] [--json]`: each effective setting, its value and where it came from.
struct ConfigCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show each setting in force and where it came from (or the config file's path).",
        discussion: """
            Your config file is $XDG_CONFIG_HOME/entries/config.yaml (~/.config/entries/config.yaml). \
            What decides a setting, first match wins: a command-line option, the environment, the config \
            file, the journal's own preferences (chosen in Settings), the default. The database, the \
            editor and the theme are yours (config); the sort order, date format, colour and confirming \
            deletes are also the journal's, and a value in the config wins over it at every start.

            An invalid config file is reported with every problem located (file:line:column), and every \
            command refuses to run until it is fixed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print only the config file's path (whether or not it exists).")
    var path = false

    @Flag(help: "Print a JSON array of {name, value, source, from} instead of a table.")
    var json = false

    func execute() throws {
        let environment = ProcessInfo.processInfo.environment
        if path {
            try StandardStreams.writeOutput(UserConfigurationFile.path(environment: environment) + "\n")
            return
        }
        let access = try global.databaseAccess(environment: environment)
        // The journal is read when it exists; `entries config` never creates one. An encrypted one
        // without a terminal or command to give its passphrase shows the other settings without its own.
        var journal: Preferences?
        if FileManager.default.fileExists(atPath: access.path) {
            do {
                let database = try access.openForReading()
                defer { database.close() }
                journal = try PreferencesStore(settings: database.settings).load()
            } catch PassphraseError.noTerminal {
                journal = nil
            }
        }
        // With named journals (`journals:`), which one is open, by name.
        let named =
            access.configuration.journals.isEmpty
            ? []
            : [
                EffectiveSetting(
                    name: "journal", value: access.journalName ?? "(none: a file no journal of the config names)",
                    source: access.effective.source)
            ]
        let settings =
            [access.effective] + named + [
                Self.encryption(of: access.path),
                EffectiveSettings.editor(environment: environment, configuration: access.configuration),
                EffectiveSettings.theme(configuration: access.configuration),
                EffectiveSettings.colors(configuration: access.configuration),
                EffectiveSettings.mouse(configuration: access.configuration),
                EffectiveSettings.template(configuration: access.configuration),
            ] + EffectiveSettings.preview(configuration: access.configuration) + [
                EffectiveSettings.listRow(configuration: access.configuration)
            ]
            + EffectiveSettings.preferences(journal: journal, configuration: access.configuration)
        try StandardStreams.writeOutput(json ? Self.json(settings) : Self.table(settings))
    }

    /// Whether the journal is encrypted (`entries init --encrypted`, `entries encrypt`).
    private static func encryption(of path: String) -> EffectiveSetting {
        let value: String
        if PostgreSQLLocation.isPostgreSQL(path) {
            value = "none (a PostgreSQL server's disk is its operator's to encrypt)"
        } else if !FileManager.default.fileExists(atPath: path) {
            value = "none (no journal yet)"
        } else {
            value = JournalKey.isEncrypted(path: path) ? "encrypted (passphrase)" : "none"
        }
        return EffectiveSetting(name: "encryption", value: value, source: .journalFile)
    }

    private static func table(_ settings: [EffectiveSetting]) -> String {
        let nameWidth = settings.map(\.name.count).max() ?? 0
        let valueWidth = min(
            48, settings.map { TerminalText.width(TerminalText.visible(SecretRedaction.redacted($0.value))) }.max() ?? 0
        )
        return settings.map { setting in
            let value = TerminalText.visible(SecretRedaction.redacted(setting.value))
            let padding = max(1, valueWidth - TerminalText.width(value) + 2)
            return setting.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
                + value + String(repeating: " ", count: padding) + setting.source.description + "\n"
        }.joined()
    }

    private struct Row: Encodable {
        var name: String
        var value: String
        /// command-line, environment, config, journal or default.
        var source: String
        /// The option, variable, `file:line`, `journal (Settings)` or `default`.
        var from: String
    }

    private static func json(_ settings: [EffectiveSetting]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A location's password is masked here as in every message (it is refused when used).
        let rows = settings.map {
            Row(
                name: $0.name, value: SecretRedaction.redacted($0.value), source: $0.source.kind,
                from: $0.source.description)
        }
        return String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n"
    }
}
