import AppShell
import EntriesContext
import EntryModel
import Foundation
import SQLiteStore

/// The precedence rules, written once for the app, the subcommands and `entries config`: command-line
/// flag > environment > config file > the journal's preferences (Settings) > default.
public enum EffectiveSettings {
    /// The database file: `--database`, else `$ENTRIES_DATABASE`, else `database:` in the config, else
    /// `$XDG_DATA_HOME/entries/entries.sqlite` (`~/.local/share/…`).
    public static func database(
        flag: String?, environment: [String: String], configuration: UserConfiguration
    ) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.database.rawValue
        if let flag, !flag.isEmpty {
            return EffectiveSetting(
                name: name, value: DatabaseLocation.resolve(explicitPath: flag, environment: environment),
                source: .commandLine(option: "--database"))
        }
        if let variable = environment["ENTRIES_DATABASE"], !variable.isEmpty {
            return EffectiveSetting(
                name: name, value: DatabaseLocation.resolve(explicitPath: nil, environment: environment),
                source: .environment(variable: "ENTRIES_DATABASE"))
        }
        if let configured = configuration.database {
            return EffectiveSetting(
                name: name, value: configured.value,
                source: .configFile(path: configuration.path, line: configured.line))
        }
        return EffectiveSetting(
            name: name, value: DatabaseLocation.resolve(explicitPath: nil, environment: environment), source: .builtIn)
    }

    /// The editor command: `$ENTRIES_EDITOR`, else `editor:` in the config, else `$VISUAL`, else
    /// `$EDITOR`, else `vi`. The config beats `VISUAL`/`EDITOR` (as git's `core.editor` does): those
    /// are every program's default, the config is a choice made for this one.
    public static func editor(environment: [String: String], configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.editor.rawValue
        func set(_ variable: String) -> String? {
            environment[variable].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        if let command = set("ENTRIES_EDITOR") {
            return EffectiveSetting(name: name, value: command, source: .environment(variable: "ENTRIES_EDITOR"))
        }
        if let configured = configuration.editor {
            return EffectiveSetting(
                name: name, value: configured.value,
                source: .configFile(path: configuration.path, line: configured.line))
        }
        for variable in ["VISUAL", "EDITOR"] {
            if let command = set(variable) {
                return EffectiveSetting(name: name, value: command, source: .environment(variable: variable))
            }
        }
        return EffectiveSetting(name: name, value: "vi", source: .builtIn)
    }

    /// The theme: `theme:` in the config, else `dark`. (`NO_COLOR` still wins: the window then draws no
    /// colour whatever the theme.)
    public static func theme(configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.theme.rawValue
        if let configured = configuration.theme {
            return EffectiveSetting(
                name: name, value: configured.value,
                source: .configFile(path: configuration.path, line: configured.line))
        }
        return EffectiveSetting(name: name, value: "dark", source: .builtIn)
    }

    /// Mouse reports: `mouse:` in the config, else on.
    public static func mouse(configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.mouse.rawValue
        if let configured = configuration.mouse {
            return EffectiveSetting(
                name: name, value: String(configured.value),
                source: .configFile(path: configuration.path, line: configured.line))
        }
        return EffectiveSetting(name: name, value: "true", source: .builtIn)
    }

    /// The preview pane: `preview:`, `preview-width:` and `preview-height:` in the config, else
    /// `EntryPreviewLayout/standard` (on, beside from 100 columns, below from 32 rows).
    public static func preview(configuration: UserConfiguration) -> [EffectiveSetting] {
        typealias Setting = UserConfigurationParser.Setting
        let standard = EntryPreviewLayout.standard
        func setting<Value>(
            _ name: Setting, _ configured: UserConfiguration.Located<Value>?, _ standard: Value
        ) -> EffectiveSetting {
            guard let configured else {
                return EffectiveSetting(name: name.rawValue, value: "\(standard)", source: .builtIn)
            }
            return EffectiveSetting(
                name: name.rawValue, value: "\(configured.value)",
                source: .configFile(path: configuration.path, line: configured.line))
        }
        return [
            setting(.preview, configuration.preview, standard.shownAtStart),
            setting(.previewWidth, configuration.previewWidth, standard.minimumWidth),
            setting(.previewHeight, configuration.previewHeight, standard.minimumHeight),
        ]
    }

    /// The list row in its one-line form (`list-row:`), else the `EntryList` layout (built-in, or a
    /// file: `entries layout show` says which).
    public static func listRow(configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.listRow.rawValue
        guard let configured = configuration.listRow, let format = configuration.listRowFormat else {
            return EffectiveSetting(name: name, value: "(the EntryList layout: entries layout show)", source: .builtIn)
        }
        return EffectiveSetting(
            name: name, value: QuotedExcerpt.quoted(format),
            source: .configFile(path: configuration.path, line: configured.line))
    }

    /// The new-entry template (`template:`), as one line (`\n` for its line breaks), else none.
    public static func template(configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.template.rawValue
        guard let configured = configuration.template else {
            return EffectiveSetting(name: name, value: "(none)", source: .builtIn)
        }
        let oneLine = configured.value.replacingOccurrences(of: "\n", with: "\\n")
        return EffectiveSetting(
            name: name, value: QuotedExcerpt.quoted(oneLine),
            source: .configFile(path: configuration.path, line: configured.line))
    }

    /// The roles the config recolours (`colors:`), as one line: `selection.background=#ffd700, …`.
    public static func colors(configuration: UserConfiguration) -> EffectiveSetting {
        let name = UserConfigurationParser.Setting.colors.rawValue
        guard let configured = configuration.colors else {
            return EffectiveSetting(name: name, value: "(the theme's)", source: .builtIn)
        }
        let parts = configured.value.flatMap { colors in
            [("foreground", colors.foreground), ("background", colors.background)].compactMap { field, color in
                color.map { "\(colors.role.rawValue).\(field)=\(describe($0))" }
            }
        }
        return EffectiveSetting(
            name: name, value: parts.joined(separator: ", "),
            source: .configFile(path: configuration.path, line: configured.line))
    }

    private static func describe(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case .ansi(let index): return Color.ansiNames[Int(index) % 16]
        case .indexed(let index): return String(index)
        case let .rgb(red, green, blue):
            return "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The editor that runs, for the app and every command: the one ``editor(environment:configuration:)``
    /// resolves (and `entries config` reports), run as its words without a shell (`ExternalEditor`),
    /// its program looked up in the environment's `PATH`.
    public static func externalEditor(
        environment: [String: String], configuration: UserConfiguration,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) -> ExternalEditor {
        ExternalEditor(
            command: editor(environment: environment, configuration: configuration).value,
            searchPath: environment["PATH"], temporaryDirectory: temporaryDirectory)
    }

    /// The preferences the journal and the config share, each with its source: the config's value,
    /// else the journal's (`journal` is nil when there is no journal yet), else the default. A journal
    /// value equal to the default is reported as the default: it reads the same either way.
    public static func preferences(journal: Preferences?, configuration: UserConfiguration) -> [EffectiveSetting] {
        let stored = journal ?? .defaults
        let effective = configuration.applied(to: stored)
        let defaults = Preferences.defaults
        func source<Value: Equatable>(
            _ configured: UserConfiguration.Located<Value>?, _ keyPath: KeyPath<Preferences, Value>
        ) -> SettingSource {
            if let configured { return .configFile(path: configuration.path, line: configured.line) }
            return stored[keyPath: keyPath] == defaults[keyPath: keyPath] ? .builtIn : .journal
        }
        typealias Setting = UserConfigurationParser.Setting
        return [
            EffectiveSetting(
                name: Setting.sort.rawValue, value: effective.sortOrder.rawValue,
                source: source(configuration.sortOrder, \.sortOrder)),
            EffectiveSetting(
                name: Setting.dateFormat.rawValue, value: effective.dateStyle.rawValue,
                source: source(configuration.dateStyle, \.dateStyle)),
            EffectiveSetting(
                name: Setting.confirmDelete.rawValue, value: String(effective.confirmBeforeDelete),
                source: source(configuration.confirmBeforeDelete, \.confirmBeforeDelete)),
            EffectiveSetting(
                name: Setting.color.rawValue, value: String(effective.colorEnabled),
                source: source(configuration.colorEnabled, \.colorEnabled)),
            EffectiveSetting(
                name: Setting.firstDayOfWeek.rawValue, value: effective.firstWeekday.rawValue,
                source: source(configuration.firstWeekday, \.firstWeekday)),
        ]
    }
}
