import AppShell
import Foundation
import SQLiteStore

/// The journal a run uses: its location (with what chose it, as `entries config` shows it) and its
/// name when it has one.
public struct ChosenJournal: Sendable, Equatable {
    /// The journal's name: the one asked for, the config's name of the file given, or `default` for
    /// the unnamed default; nil for a file no journal of the config names.
    public var name: String?
    /// The location (`database` in `entries config`) and what chose it.
    public var location: EffectiveSetting

    /// Creates the choice of the journal at `location`, named `name` (nil for a file no journal of the config names).
    public init(name: String?, location: EffectiveSetting) {
        self.name = name
        self.location = location
    }
}

/// A journal that cannot be chosen as asked. Both are usage errors (exit status 64).
public enum JournalChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `-j NAME` or `$ENTRIES_JOURNAL` names no journal of the config.
    case unknownName(String, source: SettingSource, known: [String])
    /// Both `--database` and `--journal` were given.
    case pathAndName
    /// Entries were to go from a journal into the same journal (`entries move 3 --to work` on `work`).
    case sameJournal(name: String)

    /// What is wrong with the choice and how to fix it; an unknown name lists the journals and the
    /// closest one.
    public var description: String {
        switch self {
        case let .unknownName(name, source, known):
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            let hint = Suggestion.closest(to: name, among: known).map { "; did you mean `\($0)`?" } ?? "."
            return
                "no journal is named `\(shown)` (\(source))\(hint) The journals are \(known.joined(separator: ", ")) "
                + "(`journals:` in the config file names them, `entries journals` lists them)."
        case .pathAndName:
            return "--database and --journal both choose the journal; give one"
        case .sameJournal(let name):
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            return
                "the entries are in `\(shown)` already: --to names another journal (choose the one they are in with -j NAME)"
        }
    }
}

extension UserConfiguration {
    /// Every journal a person can open by name: the config's `journals:`, and the unnamed default
    /// (`database:`, else the built-in file) as `default` unless a journal is named so or is kept
    /// there (then it is listed once, under its own name).
    public func journalsByName(environment: [String: String]) -> [NamedJournal] {
        guard let unnamed = unnamedDefault(environment: environment) else { return journals }
        return [unnamed] + journals
    }

    /// The unnamed default journal as `default`, when no journal of `journals:` is named so or kept
    /// at its location.
    private func unnamedDefault(environment: [String: String]) -> NamedJournal? {
        guard journal(named: NamedJournal.defaultName) == nil else { return nil }
        let location = defaultLocation(environment: environment)
        guard journalName(of: location) == nil else { return nil }
        return NamedJournal(name: NamedJournal.defaultName, location: location, line: database?.line ?? 0)
    }

    /// Where the unnamed default journal is: `database:` in the config, else the built-in file.
    fileprivate func defaultLocation(environment: [String: String]) -> String {
        EffectiveSettings.database(
            flag: nil, environment: environment.filter { $0.key != "ENTRIES_DATABASE" }, configuration: self
        ).value
    }

    /// The name of the journal of `journals:` kept at `location`, when one is.
    func journalName(of location: String) -> String? {
        // Most configs name no journal: then the path's links are not resolved for nothing (Foundation
        // reads every folder of it, about 0.3 ms of each start).
        guard !journals.isEmpty else { return nil }
        func same(_ path: String) -> String {
            path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path : path
        }
        let wanted = same(location)
        return journals.first { same($0.location) == wanted }?.name
    }
}

extension EffectiveSettings {
    /// The journal this run uses, first match wins: `--database PATH` or `--journal NAME` (not both),
    /// `$ENTRIES_JOURNAL`, `$ENTRIES_DATABASE`, `default-journal:` in the config, the journal named
    /// `default`, `database:` in the config, the built-in file.
    ///
    /// A name beats a path in the environment: `$ENTRIES_DATABASE` is often set once for every shell,
    /// `ENTRIES_JOURNAL=work` for one session or script.
    ///
    /// - Throws: ``JournalChoiceError`` for a name no journal has, or both options.
    public static func journal(
        databaseFlag: String?, journalFlag: String?, environment: [String: String], configuration: UserConfiguration
    ) throws(JournalChoiceError) -> ChosenJournal {
        let databaseFlag = databaseFlag.flatMap { $0.isEmpty ? nil : $0 }
        let journalFlag = journalFlag.flatMap { $0.isEmpty ? nil : $0 }
        if databaseFlag != nil && journalFlag != nil { throw .pathAndName }
        if let journalFlag {
            return try named(
                journalFlag, source: .commandLine(option: "--journal"), environment: environment,
                configuration: configuration)
        }
        if databaseFlag == nil, let variable = environment["ENTRIES_JOURNAL"], !variable.isEmpty {
            return try named(
                variable, source: .environment(variable: "ENTRIES_JOURNAL"), environment: environment,
                configuration: configuration)
        }
        if databaseFlag == nil, environment["ENTRIES_DATABASE"].map({ $0.isEmpty }) ?? true {
            if let chosen = configuration.defaultJournal, let journal = configuration.journal(named: chosen.value) {
                return ChosenJournal(name: journal.name, location: located(journal, configuration: configuration))
            }
            if let journal = configuration.journal(named: NamedJournal.defaultName) {
                return ChosenJournal(name: journal.name, location: located(journal, configuration: configuration))
            }
        }
        let location = database(flag: databaseFlag, environment: environment, configuration: configuration)
        let name =
            configuration.journalName(of: location.value)
            ?? (location.source == .builtIn || location.source.kind == "config" ? NamedJournal.defaultName : nil)
        return ChosenJournal(name: name, location: location)
    }

    /// The journal of the config named `name`, given by the command-line option `option` (`--to` of
    /// `entries move`), as `-j NAME` would choose it.
    ///
    /// - Throws: ``JournalChoiceError/unknownName(_:source:known:)`` with a "did you mean".
    public static func journal(
        named name: String, option: String, environment: [String: String], configuration: UserConfiguration
    ) throws(JournalChoiceError) -> ChosenJournal {
        try named(name, source: .commandLine(option: option), environment: environment, configuration: configuration)
    }

    private static func named(
        _ name: String, source: SettingSource, environment: [String: String], configuration: UserConfiguration
    ) throws(JournalChoiceError) -> ChosenJournal {
        let journals = configuration.journalsByName(environment: environment)
        // `default` still opens the default file when the config lists it under its own name.
        let keptAtDefault =
            name == NamedJournal.defaultName && configuration.journal(named: name) == nil
            ? configuration.journalName(of: configuration.defaultLocation(environment: environment)) : nil
        guard let journal = journals.first(where: { $0.name == (keptAtDefault ?? name) }) else {
            throw .unknownName(name, source: source, known: journals.map(\.name))
        }
        let settingName = UserConfigurationParser.Setting.database.rawValue
        return ChosenJournal(
            name: journal.name, location: EffectiveSetting(name: settingName, value: journal.location, source: source))
    }

    private static func located(_ journal: NamedJournal, configuration: UserConfiguration) -> EffectiveSetting {
        EffectiveSetting(
            name: UserConfigurationParser.Setting.database.rawValue, value: journal.location,
            source: .configFile(path: configuration.path, line: journal.line))
    }
}
