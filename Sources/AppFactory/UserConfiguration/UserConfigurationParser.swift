import AppShell
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import PostgreSQLAddress
import Yams

/// Checks a config file's text like a storyboard: every problem at once, each with its line and
/// column, and "did you mean" for a misspelt setting or value.
struct UserConfigurationParser {
    /// The settings a config file may hold, as written in it.
    enum Setting: String, CaseIterable {
        case database
        case editor
        case theme
        case colors
        case mouse
        case sort
        case dateFormat = "date-format"
        case confirmDelete = "confirm-delete"
        case color
        case firstDayOfWeek = "first-day-of-week"
        case template
        case preview
        case previewWidth = "preview-width"
        case previewHeight = "preview-height"
        case listRow = "list-row"
        case journals
        case defaultJournal = "default-journal"
    }

    let path: String
    let home: String
    private(set) var diagnostics: [StoryboardDiagnostic] = []
    /// `list-row:` as written, once read.
    private var listRowFormat: String?
    /// Where each journal of `journals:` is named, for problems found after the whole file is read.
    private var journalNameLocations: [String: SourceLocation] = [:]

    init(path: String, home: String) {
        self.path = path
        self.home = home
    }

    mutating func parse(_ text: String) -> UserConfiguration {
        var configuration = UserConfiguration(path: path)
        // The app's one YAML guard: size, depth, aliases, complex and duplicate keys, before Yams
        // composes anything (an alias bomb used as a key would hash forever).
        let report = YAMLInputGuard(maximumBytes: Self.maximumBytes, maximumDepth: Self.maximumDepth).check(text)
        switch report.problem {
        case nil:
            break
        case .tooLarge(let bytes):
            error(.file, "the file is \(bytes) bytes; a config file is limited to \(Self.maximumBytes) bytes")
            return configuration
        case .tooDeep(let location):
            error(
                SourceLocation(line: location.line, column: 0),
                "the file nests deeper than a config file can; it is a flat list of `setting: value` lines")
            return configuration
        case .alias(let name, let location):
            error(
                location,
                "YAML aliases (`*\(Self.excerpt(name))`) are not supported in a config file; write the value out")
            return configuration
        case .complexKey(let location):
            error(location, "a setting's name must be a plain word, not a list, a mapping or an alias")
            return configuration
        }
        if !report.duplicates.isEmpty {
            for duplicate in report.duplicates {
                error(
                    duplicate.location,
                    "`\(Self.excerpt(duplicate.name))` is set twice (first at line \(duplicate.firstLocation.line)); keep one"
                )
            }
            return configuration
        }
        let root: Node?
        do {
            root = try compose(yaml: text, Resolver.default, Constructor.default, .utf8)
        } catch let YamlError.duplicatedKeysInMapping(names, context) {
            // Keys the guard saw as different (`1` and `"1"`) but Yams as one.
            let first = SourceLocation(line: context.mark.line, column: context.mark.column)
            error(first, "`\(Self.excerpt(names.first ?? ""))` is set twice; keep one")
            return configuration
        } catch let yamlError as YamlError {
            reportSyntax(yamlError)
            return configuration
        } catch {
            self.error(.file, "cannot read the file as YAML: \(error)")
            return configuration
        }
        guard let root else { return configuration }
        guard case .mapping(let mapping) = root else {
            error(Self.location(of: root), "expected `setting: value` lines, found \(Self.describe(root))")
            return configuration
        }
        var defaultJournalNode: Node?
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let keyScalar) = keyNode, let setting = Setting(rawValue: keyScalar.string) else {
                unknownSetting(keyNode)
                continue
            }
            let line = Self.location(of: keyNode).line
            switch setting {
            case .database:
                configuration.database = textValue(valueNode, setting).map { .init(expandingTilde($0), line: line) }
            case .editor:
                configuration.editor = textValue(valueNode, setting).map { .init($0, line: line) }
            case .theme:
                configuration.theme = themeName(valueNode).map { .init($0, line: line) }
            case .colors:
                configuration.colors = .init(roleColors(valueNode), line: line)
            case .mouse:
                configuration.mouse = boolean(valueNode, setting).map { .init($0, line: line) }
            case .sort:
                configuration.sortOrder = choice(valueNode, setting, EntrySortOrder.self).map { .init($0, line: line) }
            case .dateFormat:
                configuration.dateStyle = choice(valueNode, setting, DateStyle.self).map { .init($0, line: line) }
            case .confirmDelete:
                configuration.confirmBeforeDelete = boolean(valueNode, setting).map { .init($0, line: line) }
            case .color:
                configuration.colorEnabled = boolean(valueNode, setting).map { .init($0, line: line) }
            case .firstDayOfWeek:
                configuration.firstWeekday = choice(valueNode, setting, FirstWeekday.self).map { .init($0, line: line) }
            case .template:
                configuration.template = templateText(valueNode, problem: &configuration.templateProblem).map {
                    .init($0, line: line)
                }
            case .preview:
                configuration.preview = boolean(valueNode, setting).map { .init($0, line: line) }
            case .previewWidth:
                configuration.previewWidth = size(valueNode, setting).map { .init($0, line: line) }
            case .previewHeight:
                configuration.previewHeight = size(valueNode, setting).map { .init($0, line: line) }
            case .listRow:
                configuration.listRow = listRowLayout(valueNode).map { .init($0, line: line) }
                configuration.listRowFormat = listRowFormat
            case .journals:
                configuration.journals = namedJournals(valueNode)
            case .defaultJournal:
                configuration.defaultJournal = textValue(valueNode, setting).map { .init($0, line: line) }
                defaultJournalNode = valueNode
            }
        }
        checkDefaultJournal(configuration, node: defaultJournalNode)
        return configuration
    }

    // MARK: Values

    private mutating func textValue(_ node: Node, _ setting: Setting) -> String? {
        guard case .scalar(let scalar) = node, Self.tagName(node) != .null,
            !scalar.string.trimmingCharacters(in: .whitespaces).isEmpty
        else {
            error(Self.location(of: node), "`\(setting.rawValue)` must be a text, found \(Self.describe(node))")
            return nil
        }
        return scalar.string
    }

    /// `list-row:` the one-line form of the list row's layout, compiled and checked as a layout file
    /// is (``EntryListRowFormat``), its problems at their column in the line.
    private mutating func listRowLayout(_ node: Node) -> Layout? {
        guard let text = textValue(node, .listRow) else { return nil }
        listRowFormat = text
        let location = Self.location(of: node)
        // The column of the value's first character: after the opening quote of a quoted value.
        let quoted = node.scalar.map { $0.style == .doubleQuoted || $0.style == .singleQuoted } ?? false
        let compiled = EntryListRowFormat.layout(
            text, fileName: path, line: location.line, column: location.column + (quoted ? 1 : 0),
            origin: "\(path):\(location.line) (list-row)")
        diagnostics += compiled.diagnostics
        return compiled.diagnostics.errors.isEmpty ? compiled.layout : nil
    }

    private mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: Node, _ setting: Setting, _ type: Value.Type
    ) -> Value? where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, let value = Value(rawValue: scalar.string) else {
            let found = Self.describe(node)
            let hint =
                node.scalar.flatMap { Suggestion.closest(to: $0.string, among: names) }.map {
                    "; did you mean `\($0)`?"
                } ?? ""
            error(
                Self.location(of: node),
                "`\(setting.rawValue)` must be one of \(names.joined(separator: ", ")), found \(found)\(hint)")
            return nil
        }
        return value
    }

    private mutating func themeName(_ node: Node) -> String? {
        let names = Theme.builtIn.map(\.name)
        guard case .scalar(let scalar) = node, Theme.named(scalar.string) != nil else {
            let hint =
                node.scalar.flatMap { Suggestion.closest(to: $0.string, among: names) }.map {
                    "; did you mean `\($0)`?"
                } ?? ""
            error(
                Self.location(of: node),
                "`theme` must be one of \(names.joined(separator: ", ")), found \(Self.describe(node))\(hint)")
            return nil
        }
        return scalar.string
    }

    /// `colors:` a mapping of roles to `{foreground: C, background: C}`.
    private mutating func roleColors(_ node: Node) -> [UserConfiguration.RoleColors] {
        guard case .mapping(let mapping) = node else {
            error(
                Self.location(of: node),
                "`colors` must map roles (\(Theme.Role.allCases.map(\.rawValue).joined(separator: ", "))) "
                    + "to {foreground: …, background: …}, found \(Self.describe(node))")
            return []
        }
        var result: [UserConfiguration.RoleColors] = []
        for (roleNode, value) in mapping {
            let roles = Theme.Role.allCases.map(\.rawValue)
            guard case .scalar(let roleName) = roleNode, let role = Theme.Role(rawValue: roleName.string) else {
                let hint =
                    roleNode.scalar.flatMap { Suggestion.closest(to: $0.string, among: roles) }.map {
                        "did you mean `\($0)`?"
                    }
                    ?? "the roles are \(roles.joined(separator: ", "))"
                error(Self.location(of: roleNode), "unknown role \(Self.describe(roleNode)) in `colors`; \(hint)")
                continue
            }
            guard case .mapping(let fields) = value else {
                error(
                    Self.location(of: value),
                    "`\(role.rawValue)` must be {foreground: …, background: …}, found \(Self.describe(value))")
                continue
            }
            var colors = UserConfiguration.RoleColors(role: role, line: Self.location(of: roleNode).line)
            for (fieldNode, colorNode) in fields {
                let field = fieldNode.scalar?.string ?? ""
                guard field == "foreground" || field == "background" else {
                    let hint =
                        Suggestion.closest(to: field, among: ["foreground", "background"]).map {
                            "; did you mean `\($0)`?"
                        } ?? ""
                    error(
                        Self.location(of: fieldNode),
                        "`\(role.rawValue)` has only foreground and background, found \(Self.describe(fieldNode))\(hint)"
                    )
                    continue
                }
                guard case .scalar(let colorText) = colorNode, let color = Color(name: colorText.string) else {
                    let hint =
                        colorNode.scalar.flatMap { Suggestion.closest(to: $0.string, among: Color.ansiNames) }.map {
                            "; did you mean `\($0)`?"
                        } ?? ""
                    error(
                        Self.location(of: colorNode),
                        "`\(role.rawValue).\(field)` must be a colour (a name such as red or bright-blue, "
                            + "0–255, or \"#rrggbb\"), found \(Self.describe(colorNode))\(hint)")
                    continue
                }
                if field == "foreground" { colors.foreground = color } else { colors.background = color }
            }
            result.append(colors)
        }
        return result
    }

    private mutating func boolean(_ node: Node, _ setting: Setting) -> Bool? {
        if case .scalar(let scalar) = node {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        error(Self.location(of: node), "`\(setting.rawValue)` must be true or false, found \(Self.describe(node))")
        return nil
    }

    /// A number of columns or rows (`preview-width: 100`), within ``EntryPreviewLayout/allowedSizes``.
    private mutating func size(_ node: Node, _ setting: Setting) -> Int? {
        let range = EntryPreviewLayout.allowedSizes
        guard case .scalar(let scalar) = node, let value = Int(scalar.string), range.contains(value) else {
            error(
                Self.location(of: node),
                "`\(setting.rawValue)` must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(Self.describe(node))"
            )
            return nil
        }
        return value
    }

    private mutating func unknownSetting(_ keyNode: Node) {
        let names = Setting.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = keyNode else {
            error(Self.location(of: keyNode), "expected a setting name, found \(Self.describe(keyNode))")
            return
        }
        let hint =
            Suggestion.closest(to: scalar.string, among: names).map { "did you mean `\($0)`?" }
            ?? "the settings are \(names.joined(separator: ", "))"
        error(Self.location(of: keyNode), "unknown setting `\(Self.excerpt(scalar.string))`; \(hint)")
    }

    // MARK: Journals

    /// `journals:` a mapping of names to locations. A location is an absolute file path (or `~/…`) or a
    /// `postgresql://` URL that parses; a relative path would name another file in every folder. Two
    /// names for one file (or one server database) are refused: the journal would be counted twice
    /// and its name would depend on which line was read.
    private mutating func namedJournals(_ node: Node) -> [NamedJournal] {
        guard case .mapping(let mapping) = node else {
            error(
                Self.location(of: node),
                "`journals` must map names to a file or a postgresql:// URL (work: ~/work.sqlite), found \(Self.describe(node))"
            )
            return []
        }
        var result: [NamedJournal] = []
        var firstNameOf: [String: NamedJournal] = [:]
        for (nameNode, valueNode) in mapping {
            guard case .scalar(let nameScalar) = nameNode, Self.isJournalName(nameScalar.string) else {
                error(
                    Self.location(of: nameNode),
                    "a journal's name is one word of letters, digits, `-`, `_` or `.` "
                        + "(at most \(Self.journalNameLimit) characters, not starting with `-`), found \(Self.describe(nameNode))"
                )
                continue
            }
            let name = nameScalar.string
            guard case .scalar(let scalar) = valueNode, Self.tagName(valueNode) != .null,
                !scalar.string.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                error(
                    Self.location(of: valueNode),
                    "the journal `\(name)` must be a file path or a postgresql:// URL, found \(Self.describe(valueNode))"
                )
                continue
            }
            let location = expandingTilde(scalar.string)
            let identity: String
            if PostgreSQLLocation.isPostgreSQL(location) {
                do {
                    // The user may be left out (it is `$PGUSER` or `$USER` when used): only the shape is checked here.
                    // Host names ignore case; users and database names do not.
                    let parsed = try PostgreSQLLocation(parsing: location, environment: ["PGUSER": "\u{1}"])
                    identity = "\(parsed.user)@\(parsed.host.lowercased()):\(parsed.port)/\(parsed.database)"
                } catch let problem as PostgreSQLLocationError {
                    error(
                        Self.location(of: valueNode),
                        "the journal `\(name)` is not a usable postgresql:// URL: \(problem.reason)")
                    continue
                } catch {
                    self.error(Self.location(of: valueNode), "the journal `\(name)` is not a usable postgresql:// URL")
                    continue
                }
            } else {
                guard location.hasPrefix("/") else {
                    error(
                        Self.location(of: valueNode),
                        "the journal `\(name)` must be an absolute path (or start with ~/), "
                            + "found \(Self.describe(valueNode)), which would name another file in every folder")
                    continue
                }
                identity = URL(fileURLWithPath: location).standardizedFileURL.resolvingSymlinksInPath().path
            }
            let journal = NamedJournal(name: name, location: location, line: Self.location(of: nameNode).line)
            if let first = firstNameOf[identity] {
                error(
                    Self.location(of: nameNode),
                    "`\(name)` names the same journal as `\(first.name)` (line \(first.line)); keep one name for it")
                continue
            }
            firstNameOf[identity] = journal
            journalNameLocations[name] = Self.location(of: nameNode)
            result.append(journal)
        }
        return result
    }

    /// `default-journal:` must name one of `journals:`, and only one setting may say where the
    /// default journal is (`database:`, `default-journal:` or a journal named `default`).
    private mutating func checkDefaultJournal(_ configuration: UserConfiguration, node: Node?) {
        let names = configuration.journals.map(\.name)
        if let chosen = configuration.defaultJournal, let node {
            if let database = configuration.database {
                error(
                    Self.location(of: node),
                    "`database` (line \(database.line)) and `default-journal` both choose the journal "
                        + "opened by default; keep one")
            } else if configuration.journal(named: chosen.value) == nil {
                let hint =
                    Suggestion.closest(to: chosen.value, among: names).map { "; did you mean `\($0)`?" }
                    ?? (names.isEmpty
                        ? "; name it under `journals:`" : "; the journals are \(names.joined(separator: ", "))")
                error(
                    Self.location(of: node),
                    "`default-journal` names no journal of `journals`: \(Self.describe(node))\(hint)")
            }
        }
        if let database = configuration.database, let named = configuration.journal(named: NamedJournal.defaultName) {
            error(
                journalNameLocations[named.name] ?? SourceLocation(line: named.line, column: 0),
                "`database` (line \(database.line)) and the journal named "
                    + "`\(NamedJournal.defaultName)` both say where the default journal is; keep one")
        }
    }

    static let journalNameLimit = 40

    /// A name a person types after `-j`: no spaces, quotes or option-like dash to trip a shell or the parser.
    static func isJournalName(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= journalNameLimit, !text.hasPrefix("-") else { return false }
        return text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }

    /// The largest template file read.
    static let templateFileLimit = 64 * 1024

    /// `template:` the body of a new entry, written inline, or the path of a file holding it (a value
    /// starting with `/` or `~/`), read now. A missing or unreadable file is its `problem`, not an
    /// error of the whole file: it concerns writing, and is reported by what writes a new entry
    /// (``UserConfiguration/checkTemplate()``), never by a command that only reads.
    private mutating func templateText(_ node: Node, problem: inout UserConfigurationError?) -> String? {
        guard let text = textValue(node, .template) else { return nil }
        guard text.hasPrefix("/") || text.hasPrefix("~/") else { return text }
        let file = expandingTilde(text)
        var status = stat()
        let location = Self.location(of: node)
        func report(_ message: String) -> String? {
            let diagnostic = StoryboardDiagnostic(
                .error, fileName: path, line: location.line, column: location.column, message: message)
            problem = UserConfigurationError(path: path, diagnostics: [diagnostic])
            return nil
        }
        guard stat(file, &status) == 0 else {
            return report("`template` names the file \(Self.excerpt(file)), which does not exist")
        }
        guard status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= Self.templateFileLimit,
            let data = FileManager.default.contents(atPath: file), let body = String(data: data, encoding: .utf8)
        else {
            return report("`template` names \(Self.excerpt(file)), which is not a readable text file of at most 64 KB")
        }
        return body
    }

    private func expandingTilde(_ path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return (home.hasSuffix("/") ? home : home + "/") + path.dropFirst(2) }
        return path
    }

    // MARK: Diagnostics

    private mutating func error(_ location: SourceLocation, _ message: String) {
        diagnostics.append(
            StoryboardDiagnostic(.error, fileName: path, line: location.line, column: location.column, message: message)
        )
    }

    private mutating func reportSyntax(_ yamlError: YamlError) {
        switch yamlError {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            error(SourceLocation(line: mark.line, column: mark.column), "YAML syntax error: \(problem)")
        case let .reader(problem, _, _, _):
            error(.file, "the file is not readable YAML text: \(problem)")
        default:
            error(.file, "cannot read the file as YAML: \(yamlError)")
        }
    }

    private static func location(of node: Node) -> SourceLocation {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? .file
    }

    private static func tagName(_ node: Node) -> Tag.Name {
        Tag.Name(rawValue: node.tag.rawValue)
    }

    /// What was found, for messages: "a list", "the number `42`", "`dakr`".
    private static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch tagName(node) {
            case .null: return "nothing"
            case .int, .float: return "the number `\(excerpt(scalar.string))`"
            default: return "`\(excerpt(scalar.string))`"
            }
        }
    }

    /// At most 40 characters of a value, for messages.
    private static func excerpt(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// A config file is a few lines; the size and depth limits are far above any real one.
    static let maximumBytes = 1 << 20
    static let maximumDepth = 32
}
