import AppShell

/// The one-line form of a list row's layout, for the config file (`list-row: "{star}{title} {created:short}  {tags}"`),
/// as newsboat's `articlelist-format`: `{outlet}` or `{outlet:date-format}` places a value (for a flag,
/// `{star:★ }` gives its mark), text touching a value is written with it only when the value is not
/// empty (`[{tags}]`), other text is written as it is, and spaces part the columns (the fewest spaces
/// between two columns is the gap). The column with `title` (else the first with a text outlet) fills the rest; a column of
/// tags or text is at most 40% of the row; the others are as wide as their values.
///
/// It compiles to the layout file it stands for and that file goes through `LayoutLoader`: the
/// same checks (unknown outlets with "did you mean", a format the outlet's type does not take,
/// control characters), the problems placed at their column in the config line.
public enum EntryListRowFormat {
    /// A longer line is refused: a row that wide shows on no terminal.
    public static let maximumLength = 1_000

    /// The layout `format` stands for, or nil and every problem, placed at `line` and from `column`
    /// (the column of the value's first character) of `fileName`.
    public static func layout(
        _ format: String, fileName: String, line: Int, column: Int, origin: String
    ) -> (layout: Layout?, diagnostics: [StoryboardDiagnostic]) {
        func problem(_ offset: Int, _ message: String) -> (Layout?, [StoryboardDiagnostic]) {
            (
                nil,
                [
                    StoryboardDiagnostic(
                        .error, fileName: fileName, line: line, column: column + offset, message: message)
                ]
            )
        }
        guard format.count <= maximumLength else {
            return problem(0, "`list-row` is \(format.count) characters long; at most \(maximumLength)")
        }
        let parsed = parts(of: format)
        let syntax = parsed.failures.map {
            StoryboardDiagnostic(
                .error, fileName: fileName, line: line, column: column + $0.offset, message: $0.message)
        }
        if parsed.columns.isEmpty {
            return syntax.isEmpty ? problem(0, "`list-row` is empty; place at least `{title}`") : (nil, syntax)
        }
        // The values that were read are checked too: every problem of the line at once.
        let compiled = compile(
            parsed.columns, gap: parsed.gap, fileName: fileName, line: line, column: column, origin: origin)
        let diagnostics = (syntax + compiled.diagnostics).sorted { $0.column < $1.column }
        return (syntax.isEmpty ? compiled.layout : nil, diagnostics)
    }

    /// One thing a column shows, and where it starts in the line (in characters).
    enum Part: Equatable {
        case outlet(name: String, format: String?, offset: Int)
        case text(String, offset: Int)

        var offset: Int {
            switch self {
            case .outlet(_, _, let offset), .text(_, let offset): return offset
            }
        }
    }

    struct Failure {
        var offset: Int
        var message: String
    }

    /// The columns of `format` (each a list of parts), the fewest spaces between two of them, and the
    /// braces that do not pair (each skipped, so that the rest is read and checked as well).
    static func parts(of format: String) -> (columns: [[Part]], gap: Int, failures: [Failure]) {
        var failures: [Failure] = []
        var columns: [[Part]] = []
        var current: [Part] = []
        var literal = ""
        var literalStart = 0
        var spaces = 0
        var gap: Int?
        let characters = Array(format)
        var index = 0
        func endLiteral() {
            if !literal.isEmpty { current.append(.text(literal, offset: literalStart)) }
            literal = ""
        }
        func endColumn() {
            endLiteral()
            if !current.isEmpty { columns.append(current) }
            current = []
        }
        while index < characters.count {
            let character = characters[index]
            if character == " " {
                endColumn()
                spaces += 1
                index += 1
                continue
            }
            if spaces > 0, !columns.isEmpty { gap = min(gap ?? spaces, spaces) }
            spaces = 0
            if character == "}" {
                failures.append(Failure(offset: index, message: "`}` closes no `{`; a value is written `{title}`"))
                index += 1
                continue
            }
            guard character == "{" else {
                if literal.isEmpty { literalStart = index }
                literal.append(character)
                index += 1
                continue
            }
            guard let close = characters[index...].firstIndex(of: "}") else {
                failures.append(
                    Failure(
                        offset: index, message: "`{` is never closed; a value is written `{title}` or `{created:short}`"
                    ))
                break
            }
            let inside = String(characters[(index + 1)..<close])
            if let next = inside.firstIndex(of: "{") {
                failures.append(
                    Failure(
                        offset: index, message: "`{` is never closed before the next `{`; a value is written `{title}`")
                )
                index += 1 + inside.distance(from: inside.startIndex, to: next)
                continue
            }
            let pieces = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = pieces.first, !name.isEmpty, !name.contains(" ") else {
                failures.append(
                    Failure(
                        offset: index,
                        message:
                            "`{\(TextSanitizer.sanitized(String(inside.prefix(40))))}` names no outlet; write `{title}`, `{created:short}`…"
                    ))
                index = close + 1
                continue
            }
            endLiteral()
            current.append(.outlet(name: name, format: pieces.count > 1 ? pieces[1] : nil, offset: index + 1))
            index = close + 1
        }
        endColumn()
        return (columns, min(gap ?? 2, 8), failures)
    }

    /// The layout file the parts stand for, one item a line, checked by the loader; its problems are
    /// placed back at the item's column in the config line.
    private static func compile(
        _ columns: [[Part]], gap: Int, fileName: String, line: Int, column: Int, origin: String
    )
        -> (layout: Layout?, diagnostics: [StoryboardDiagnostic])
    {
        let kind = EntryListLayout.kind
        func type(_ part: Part) -> LayoutValueType? {
            guard case .outlet(let name, _, _) = part, let index = kind.outletIndex(named: name) else { return nil }
            return kind.outlets[index].type
        }
        let titleColumn = columns.firstIndex {
            $0.contains { if case .outlet("title", _, _) = $0 { return true } else { return false } }
        }
        let textColumn = columns.firstIndex { $0.contains { [.text, .tags].contains(type($0)) } }
        let fill = titleColumn ?? textColumn
        var lines = ["kind: EntryList", "gap: \(gap)", "row:"]
        // The line of the generated file each item is on → where it starts in the config's line.
        var offsets: [Int: Int] = [:]
        for (index, parts) in columns.enumerated() {
            let width: String
            if index == fill {
                width = "fill"
            } else if parts.contains(where: { [.text, .tags].contains(type($0)) }) {
                width = "fit max 40%"
            } else {
                width = "fit"
            }
            lines.append("  - width: \(width)")
            offsets[lines.count] = parts[0].offset
            lines.append("    show:")
            // Text touching a value is written with it only when it is not empty (`[{tags}]`): before
            // it, its prefix; after the last value of the column, its suffix.
            var pending: [String] = []
            var pendingOffset: Int?
            var items: [(fields: String, offset: Int)] = []
            for part in parts {
                switch part {
                case let .outlet(name, format, offset):
                    var fields = "outlet: \(quoted(name))"
                    if let format {
                        // A flag's "format" is its mark when on (`{star:★ }`); a date's, its date format.
                        fields += type(part) == .flag ? ", label: \(quoted(format))" : ", date: \(quoted(format))"
                    }
                    if !pending.isEmpty { fields += ", prefix: \(quoted(pending.joined()))" }
                    items.append((fields, offset))
                    pending = []
                    pendingOffset = nil
                case .text(let text, let offset):
                    pending.append(text)
                    if pendingOffset == nil { pendingOffset = offset }
                }
            }
            if !pending.isEmpty, let offset = pendingOffset {
                if let last = items.indices.last {
                    items[last].fields += ", suffix: \(quoted(pending.joined()))"
                } else {
                    items.append(("text: \(quoted(pending.joined()))", offset))
                }
            }
            for item in items {
                lines.append("      - {\(item.fields)}")
                offsets[lines.count] = item.offset
            }
        }
        let loaded = LayoutLoader(kinds: [kind]).parse(
            lines.joined(separator: "\n") + "\n", fileName: fileName, origin: origin)
        let placed = loaded.diagnostics.map { diagnostic -> StoryboardDiagnostic in
            var placed = diagnostic
            placed.line = line
            placed.column = column + (offsets[diagnostic.line] ?? 0)
            return placed
        }
        return (loaded.layout, placed)
    }

    /// `text` as a YAML double-quoted scalar: a control character is written as its escape, so that
    /// the loader reports it as one (a layout's text is never a terminal command).
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let code = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - code.count) + code
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
