import Yams

/// Typed reads from Yams nodes that never fail silently: each wrong shape becomes a diagnostic with
/// the node's line and column, and reading goes on so that every problem of the file is reported.
struct NodeReader {
    /// One entry of a mapping: its key as written and where each part is.
    struct Entry {
        var key: String
        var keyLocation: SourceLocation
        var value: Node
    }

    var fileName: String
    /// Keys the YAML reader renamed because they were duplicates, by where they are.
    var duplicates: [SourceLocation: StoryboardYAMLReader.DuplicateKey]
    private(set) var diagnostics: [StoryboardDiagnostic] = []

    init(fileName: String, duplicates: [SourceLocation: StoryboardYAMLReader.DuplicateKey]) {
        self.fileName = fileName
        self.duplicates = duplicates
    }

    mutating func error(_ location: SourceLocation, _ message: String) {
        diagnostics.append(
            StoryboardDiagnostic(
                .error, fileName: fileName, line: location.line, column: location.column, message: message))
    }

    mutating func warning(_ location: SourceLocation, _ message: String) {
        diagnostics.append(
            StoryboardDiagnostic(
                .warning, fileName: fileName, line: location.line, column: location.column, message: message))
    }

    static func location(of node: Node, fallback: SourceLocation = .file) -> SourceLocation {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? fallback
    }

    /// The node's resolved tag (`Tag.name` is internal to Yams; its raw value is public).
    static func tagName(_ node: Node) -> Tag.Name {
        Tag.Name(rawValue: node.tag.rawValue)
    }

    /// Text from the file as a message quotes it: at most 40 characters, and visible (a tab, an escape
    /// or a bidirectional override shown as an escape), so that a message stays one short line
    /// wherever it is written, a log as well as a terminal.
    static func shown(_ text: String) -> String {
        TextSanitizer.sanitized(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }

    /// "a list", "the number `42`"...: what was found, for messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            let text = shown(scalar.string)
            switch Self.tagName(node) {
            case .null: return "nothing"
            case .int, .float: return "the number `\(text)`"
            case .bool: return "the boolean `\(text)`"
            case .timestamp: return "the date `\(text)`"
            default: return "`\(text)`"
            }
        }
    }

    /// The entries of a mapping, or nil (with a diagnostic) when `node` is not a mapping. Duplicate keys
    /// are reported with `duplicateMessage(name, firstLine)` and left out.
    mutating func entries(
        of node: Node, expecting what: String, duplicateMessage: (String, Int) -> String
    ) -> [Entry]? {
        guard case .mapping(let mapping) = node else {
            error(Self.location(of: node), "expected \(what), found \(Self.describe(node))")
            return nil
        }
        var result: [Entry] = []
        for (keyNode, value) in mapping {
            let keyLocation = Self.location(of: keyNode)
            guard case .scalar(let scalar) = keyNode else {
                error(keyLocation, "expected a name as key in \(what), found \(Self.describe(keyNode))")
                continue
            }
            if let duplicate = duplicates[keyLocation], scalar.string.unicodeScalars.first == duplicate.mark {
                error(duplicate.location, duplicateMessage(duplicate.name, duplicate.firstLocation.line))
                continue
            }
            result.append(Entry(key: scalar.string, keyLocation: keyLocation, value: value))
        }
        return result
    }

    /// The entries of an object with known fields; unknown fields (typos) are reported with a suggestion.
    mutating func fields(of node: Node, named what: String, allowed: [String]) -> [String: Entry]? {
        guard
            let entries = entries(
                of: node, expecting: what,
                duplicateMessage: { name, line in
                    "field `\(Self.shown(name))` appears twice in \(what) (first on line \(line))"
                })
        else { return nil }
        var fields: [String: Entry] = [:]
        for entry in entries {
            if allowed.contains(entry.key) {
                fields[entry.key] = entry
            } else {
                let hint =
                    Suggestion.closest(to: entry.key, among: allowed).map { "; did you mean `\($0)`?" }
                    ?? "; expected one of: \(allowed.joined(separator: ", "))"
                error(entry.keyLocation, "unknown field `\(Self.shown(entry.key))` in \(what)\(hint)")
            }
        }
        return fields
    }

    /// Free text (a title, a help sentence): a string scalar. Numbers, booleans and nulls are refused
    /// because YAML would silently turn `title: yes` into `true`; quoting fixes them.
    mutating func text(_ entry: Entry?, field: String, in what: String) -> String? {
        guard let entry else { return nil }
        if case .scalar(let scalar) = entry.value, Self.tagName(entry.value) == .str {
            return scalar.string
        }
        let found = Self.describe(entry.value)
        let hint = entry.value.scalar != nil ? " (put it in quotes to use it as text)" : ""
        error(
            Self.location(of: entry.value, fallback: entry.keyLocation),
            "`\(field)` of \(what) must be text, found \(found)\(hint)")
        return nil
    }

    /// A name (a scene identifier, a kind): any non-empty scalar, taken as written.
    mutating func name(_ node: Node, field: String, in what: String, fallback: SourceLocation) -> String? {
        if case .scalar(let scalar) = node, Self.tagName(node) != .null, !scalar.string.isEmpty {
            return scalar.string
        }
        error(
            Self.location(of: node, fallback: fallback),
            "`\(field)` of \(what) must be a name, found \(Self.describe(node))")
        return nil
    }
}

/// "Did you mean…?" for typos: the closest candidate within a small edit distance.
/// Public so that other checked files (the app's config) make the same suggestions.
public enum Suggestion {
    /// The candidate closest to `word`, when one is within a few edits of it (case ignored).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, min(3, (word.count + 1) / 3))
        return
            candidates
            .map { ($0, distance(Array(word.lowercased()), Array($0.lowercased()))) }
            .filter { $0.1 <= limit }
            .min { $0.1 < $1.1 }?.0
    }

    /// Edit distance counting a swap of two neighbours as one edit (`tilte` is one edit from `title`).
    /// Words here are short (field names, identifiers); long ones are not compared.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard a.count < 100, b.count < 100 else { return Int.max }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
