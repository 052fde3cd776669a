/// Where an effective setting came from, in the order that decides: the command line, then the
/// environment, then the config file, then the journal's own preferences (Settings), then the default.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    /// An option such as `--database`.
    case commandLine(option: String)
    /// An environment variable such as `ENTRIES_DATABASE`.
    case environment(variable: String)
    /// A line of the config file.
    case configFile(path: String, line: Int)
    /// The journal's preferences, chosen in Settings and kept in the database.
    case journal
    /// What the journal's file itself is (encrypted or not), read from its first bytes.
    case journalFile
    /// Nothing chose it.
    case builtIn

    /// `--database`, `$ENTRIES_DATABASE`, `/home/me/.config/entries/config.yaml:3`, `journal (Settings)`, `default`.
    public var description: String {
        switch self {
        case .commandLine(let option): return option
        case .environment(let variable): return "$" + variable
        case let .configFile(path, line): return "\(path):\(line)"
        case .journal: return "journal (Settings)"
        case .journalFile: return "journal file"
        case .builtIn: return "default"
        }
    }

    /// One word for scripts (`entries config --json`): command-line, environment, config, journal, default.
    public var kind: String {
        switch self {
        case .commandLine: return "command-line"
        case .environment: return "environment"
        case .configFile: return "config"
        case .journal: return "journal"
        case .journalFile: return "journal-file"
        case .builtIn: return "default"
        }
    }
}

/// One setting as it is in force, and why.
public struct EffectiveSetting: Sendable, Equatable {
    /// As written in the config file (`date-format`).
    public var name: String
    /// The value in force, as `entries config` prints it.
    public var value: String
    /// What set the value: an option, a variable, the config file, the journal, or the default.
    public var source: SettingSource

    /// Creates the setting `name` with `value`, set by `source`.
    public init(name: String, value: String, source: SettingSource) {
        self.name = name
        self.value = value
        self.source = source
    }
}
