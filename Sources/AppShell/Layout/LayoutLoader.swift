import Foundation
import Yams

/// Reads and checks layout files (see `LAYOUT.md`) against the scene kinds that exist: every problem of
/// a file at once, as `File.layout:line:col: error: …`, the way storyboards are checked.
///
/// A layout comes from a stranger: it goes through the storyboards' YAML reader (size, depth, aliases,
/// duplicate keys, control characters), every number is bounded (a width of 10^9 is an error, not an
/// allocation), and so are the columns, lines and literal texts, so no file makes drawing slow.
public struct LayoutLoader: Sendable {
    /// The kinds a file may lay out, by name.
    public var kinds: [LayoutKind]

    /// Widths, gaps and thresholds above this are refused: no terminal is this wide.
    public static let maximumNumber = 1_000
    /// A row has at most this many columns, a stack at most this many lines.
    public static let maximumParts = 32
    /// A column or a line places at most this many items.
    public static let maximumItems = 16
    /// Literal text (`text`, `label`, `prefix`, `suffix`, `empty`) is at most this many columns wide.
    public static let maximumTextWidth = 200
    /// Every layout must leave its fixed widths, minimums and gaps within this many columns.
    public static let narrowestWidth = 40

    /// A loader that accepts layouts only for the given scene kinds (a file naming another kind is an error).
    public init(kinds: [LayoutKind]) {
        self.kinds = kinds
    }

    /// The layout written in `text`, or nil, and every problem found, naming the file `fileName`.
    /// The layout is nil whenever there is an error: a layout is used whole or not at all.
    public func parse(
        _ text: String, fileName: String, origin: String? = nil
    ) -> (layout: Layout?, diagnostics: [StoryboardDiagnostic]) {
        var reader = StoryboardYAMLReader(fileName: fileName)
        reader.inputGuard.fileKind = ("layout", "layouts", "five")
        let yaml = reader.read(text)
        guard yaml.diagnostics.isEmpty else { return (nil, yaml.diagnostics) }
        var parser = LayoutFileParser(reader: NodeReader(fileName: fileName, duplicates: yaml.duplicates), kinds: kinds)
        let layout = yaml.root.flatMap { parser.layout($0, origin: origin ?? fileName) }
        let diagnostics = parser.reader.diagnostics.sortedByLocation()
        if yaml.root == nil {
            let empty = StoryboardDiagnostic(
                .error, fileName: fileName, line: 0, column: 0,
                message: "the file is empty; a layout starts with `kind:`")
            return (nil, [empty])
        }
        return (diagnostics.errors.isEmpty ? layout : nil, diagnostics)
    }

    /// The layout in the file at `url` (its name in messages: the path as given).
    public func load(_ url: URL) -> (layout: Layout?, diagnostics: [StoryboardDiagnostic]) {
        switch StoryboardSource.file(url).read() {
        case .failure(var diagnostic):
            diagnostic.fileName = url.path
            return (nil, [diagnostic])
        case .success(let text):
            return parse(text, fileName: url.path, origin: url.path)
        }
    }
}

/// The walk over one file's nodes; problems go to `reader`.
struct LayoutFileParser {
    var reader: NodeReader
    let kinds: [LayoutKind]

    private static let itemFields = ["outlet", "text", "date", "label", "prefix", "suffix", "empty", "role"]
    private static let columnFields = ["show", "width", "align", "shown-from"] + itemFields
    private static let lineFields =
        ["show", "align", "overflow", "max-lines", "hide-empty", "rule", "bold"] + itemFields

    mutating func layout(_ root: Node, origin: String) -> Layout? {
        guard let fields = reader.fields(of: root, named: "a layout", allowed: ["kind", "gap", "row", "lines", "body"])
        else { return nil }
        guard let kindEntry = fields["kind"] else {
            reader.error(
                NodeReader.location(of: root),
                "a layout needs `kind:` (one of: \(kinds.map(\.name).joined(separator: ", ")))")
            return nil
        }
        guard
            let kindName = reader.name(
                kindEntry.value, field: "kind", in: "the layout", fallback: kindEntry.keyLocation)
        else { return nil }
        guard let kind = kinds.first(where: { $0.name == kindName }) else {
            let hint =
                Suggestion.closest(to: kindName, among: kinds.map(\.name)).map { "; did you mean `\($0)`?" }
                ?? "; known kinds: \(kinds.map(\.name).joined(separator: ", "))"
            reader.error(
                NodeReader.location(of: kindEntry.value), "no scene kind `\(Self.shown(kindName))` has a layout\(hint)")
            return nil
        }
        var layout = Layout(kind: kind.name, origin: origin)
        if let gap = fields["gap"] { layout.gap = number(gap, field: "gap", range: 0...8) ?? layout.gap }
        switch kind.shape {
        case .row:
            for name in ["lines", "body"] {
                if let entry = fields[name] {
                    reader.error(
                        entry.keyLocation,
                        "`\(name)` is for kinds that show one thing; `\(kind.name)` lays out a row: use `row:`")
                }
            }
            guard let row = fields["row"] else {
                reader.error(kindEntry.keyLocation, "a layout of `\(kind.name)` needs `row:`, its columns")
                return nil
            }
            layout.columns = columns(row, kind: kind, gap: layout.gap)
        case .lines:
            if let row = fields["row"] {
                reader.error(
                    row.keyLocation, "`row` is for lists; `\(kind.name)` shows one thing: use `lines:` and `body:`")
            }
            if let lines = fields["lines"] { layout.lines = self.lines(lines, kind: kind) }
            if let body = fields["body"] { layout.body = self.body(body, kind: kind) }
        }
        return layout
    }

    // MARK: - Rows

    /// Whether a column's outlets are all counts (`id`, `words`): such a column is right-aligned
    /// unless it says otherwise.
    private static func showsOnlyCounts(_ items: [LayoutItem]) -> Bool {
        let outlets = items.filter { item in
            if case .outlet = item.content { return true }
            return false
        }
        return !outlets.isEmpty && outlets.allSatisfy { $0.type == .count }
    }

    private mutating func columns(_ entry: NodeReader.Entry, kind: LayoutKind, gap: Int) -> [LayoutColumn] {
        guard let nodes = list(entry, what: "`row` (a list of columns)") else { return [] }
        var columns: [LayoutColumn] = []
        var fillLocation: SourceLocation?
        for node in nodes {
            let location = NodeReader.location(of: node, fallback: entry.keyLocation)
            guard let fields = placement(node, what: "a column", allowed: Self.columnFields) else { continue }
            // A column whose items are wrong is still checked to the end: every problem at once.
            let items = self.items(fields, at: location, kind: kind, inRow: true) ?? []
            // Until a width is read: one that neither fills nor counts against the 40 columns.
            var column = LayoutColumn(items: items, width: .fit(maximumPercent: nil))
            if let width = fields["width"] {
                column.width = self.width(width) ?? column.width
            } else {
                reader.error(
                    location, "a column needs `width:` (a number, `fit`, `fit max 40%`, `30%`, `fill`, `fill min 10`)")
            }
            if case .fill = column.width {
                if let first = fillLocation {
                    reader.error(
                        fields["width"]?.keyLocation ?? location,
                        "two columns fill the rest (the first at line \(first.line)); keep one `fill`")
                } else {
                    fillLocation = location
                }
            }
            if let align = fields["align"] {
                column.alignment = choice(align, field: "align") ?? column.alignment
            } else if Self.showsOnlyCounts(items) {
                // Numbers line up by their last digit, as in every table of numbers.
                column.alignment = .right
            }
            if let role = fields["role"] { column.role = self.role(role) }
            if let shownFrom = fields["shown-from"] {
                column.shownFrom = number(shownFrom, field: "shown-from", range: 0...LayoutLoader.maximumNumber) ?? 0
            }
            column.items = items
            columns.append(column)
        }
        let narrow = LayoutLoader.narrowestWidth
        let shown = columns.filter { $0.shownFrom <= narrow }
        let needed =
            shown.reduce(0) { total, column in
                switch column.width {
                case .fixed(let size): return total + size
                case .fill(let minimum): return total + minimum
                case .fit, .share: return total
                }
            } + gap * max(0, shown.count - 1)
        if needed > narrow {
            reader.error(
                entry.keyLocation,
                "at \(narrow) columns wide the row needs \(needed) (fixed widths, minimums and gaps); "
                    + "a layout must fit \(narrow) columns: hide columns below a width with `shown-from:`")
        }
        return columns
    }

    private mutating func width(_ entry: NodeReader.Entry) -> LayoutWidth? {
        let location = NodeReader.location(of: entry.value, fallback: entry.keyLocation)
        guard case .scalar(let scalar) = entry.value else {
            reader.error(
                location,
                "`width` must be a number, `fit`, `fit max 40%`, `30%`, `fill` or `fill min 10`, found \(NodeReader.describe(entry.value))"
            )
            return nil
        }
        let words = scalar.string.split(separator: " ").map(String.init)
        let maximum = LayoutLoader.maximumNumber
        func count(_ text: String, _ range: ClosedRange<Int>) -> Int? {
            guard text.count <= 6, text.allSatisfy(\.isASCII), let value = Int(text), range.contains(value) else {
                return nil
            }
            return value
        }
        func percent(_ text: String) -> Int? {
            guard text.hasSuffix("%") else { return nil }
            return count(String(text.dropLast()), 1...100)
        }
        switch words.count {
        case 1 where words[0] == "fit": return .fit(maximumPercent: nil)
        case 1 where words[0] == "fill": return .fill(minimum: 1)
        case 3 where words[0] == "fit" && words[1] == "max":
            if let value = percent(words[2]) { return .fit(maximumPercent: value) }
        case 3 where words[0] == "fill" && words[1] == "min":
            if let value = count(words[2], 0...maximum) { return .fill(minimum: value) }
        case 1 where words[0].hasSuffix("%"):
            if let value = percent(words[0]) { return .share(percent: value) }
        case 1:
            if let value = count(words[0], 1...maximum) { return .fixed(value) }
        default: break
        }
        let shown = Self.shown(scalar.string)
        reader.error(
            location,
            "`width: \(shown)` is not a width; write a number from 1 to \(maximum), `fit`, `fit max 40%`, "
                + "a share like `30%` (1–100), `fill` or `fill min 10`")
        return nil
    }

    // MARK: - Lines

    private mutating func lines(_ entry: NodeReader.Entry, kind: LayoutKind) -> [LayoutLine] {
        guard let nodes = list(entry, what: "`lines` (a list of lines)") else { return [] }
        var lines: [LayoutLine] = []
        for node in nodes {
            let location = NodeReader.location(of: node, fallback: entry.keyLocation)
            guard let fields = placement(node, what: "a line", allowed: Self.lineFields) else { continue }
            var line = LayoutLine(items: [])
            if let rule = fields["rule"] {
                line.rule = literal(rule, field: "rule")
                if line.rule?.isEmpty == true {
                    reader.error(rule.keyLocation, "`rule` needs the text to repeat across the width (`─`)")
                }
                for name in ["show", "outlet", "text"] {
                    guard let field = fields[name] else { continue }
                    reader.error(
                        field.keyLocation, "a `rule` line shows only its rule; `\(name)` goes on a line of its own")
                }
            } else {
                line.items = self.items(fields, at: location, kind: kind, inRow: false) ?? []
            }
            if let bold = fields["bold"] { line.bold = flag(bold, field: "bold") ?? false }
            if let align = fields["align"] { line.alignment = choice(align, field: "align") ?? line.alignment }
            if let role = fields["role"] { line.role = self.role(role) }
            if let overflow = fields["overflow"] {
                line.overflow = choice(overflow, field: "overflow") ?? line.overflow
            }
            if let maximum = fields["max-lines"] {
                line.maximumLines = number(maximum, field: "max-lines", range: 0...100) ?? 0
            }
            if let hide = fields["hide-empty"] { line.hiddenWhenEmpty = flag(hide, field: "hide-empty") ?? false }
            lines.append(line)
        }
        return lines
    }

    private mutating func body(_ entry: NodeReader.Entry, kind: LayoutKind) -> LayoutItem? {
        let location = NodeReader.location(of: entry.value, fallback: entry.keyLocation)
        guard let fields = placement(entry.value, what: "the body", allowed: ["outlet"]),
            let outlet = fields["outlet"],
            let name = reader.name(outlet.value, field: "outlet", in: "the body", fallback: outlet.keyLocation),
            let index = outletIndex(name, kind: kind, at: NodeReader.location(of: outlet.value, fallback: location))
        else { return nil }
        guard kind.outlets[index].type == .markdown else {
            let markdown = kind.outlets.filter { $0.type == .markdown }.map { "`\($0.name)`" }.joined(separator: ", ")
            reader.error(
                NodeReader.location(of: outlet.value, fallback: location),
                "`\(name)` is \(kind.outlets[index].type.rawValue); the body shows Markdown (\(markdown.isEmpty ? "this kind has none" : markdown))"
            )
            return nil
        }
        var item = LayoutItem(.outlet(index))
        item.type = .markdown
        return item
    }

    // MARK: - Items

    /// A column or line as a mapping of its fields; a plain name stands for `{outlet: name}`.
    private mutating func placement(_ node: Node, what: String, allowed: [String]) -> [String: NodeReader.Entry]? {
        if case .scalar = node {
            return ["outlet": NodeReader.Entry(key: "outlet", keyLocation: NodeReader.location(of: node), value: node)]
        }
        return reader.fields(of: node, named: what, allowed: allowed)
    }

    /// The items of a column or line: its `show:` list, or the one item its own fields describe.
    private mutating func items(
        _ fields: [String: NodeReader.Entry], at location: SourceLocation, kind: LayoutKind, inRow: Bool
    ) -> [LayoutItem]? {
        guard let show = fields["show"] else {
            guard fields["outlet"] != nil || fields["text"] != nil else {
                reader.error(location, "say what to show: `outlet: NAME`, `text: \"…\"` or `show: [a list of them]`")
                return nil
            }
            // The part's `role` is the part's own (read by the caller), not its item's as well.
            return item(fields.filter { $0.key != "role" }, at: location, kind: kind, inRow: inRow).map { [$0] }
        }
        for name in ["outlet", "text"] {
            guard let field = fields[name] else { continue }
            reader.error(field.keyLocation, "`\(name)` and `show` both say what to show; keep one")
        }
        let nodes: [Node]
        if case .sequence(let sequence) = show.value { nodes = Array(sequence) } else { nodes = [show.value] }
        if nodes.isEmpty { reader.error(show.keyLocation, "`show` is empty; place at least one outlet or text") }
        if nodes.count > LayoutLoader.maximumItems {
            reader.error(show.keyLocation, "`show` places \(nodes.count) items; at most \(LayoutLoader.maximumItems)")
            return nil
        }
        var items: [LayoutItem] = []
        for node in nodes {
            let itemLocation = NodeReader.location(of: node, fallback: show.keyLocation)
            guard let itemFields = placement(node, what: "an item of `show`", allowed: Self.itemFields) else {
                continue
            }
            guard itemFields["outlet"] != nil || itemFields["text"] != nil else {
                reader.error(itemLocation, "an item of `show` needs `outlet: NAME` or `text: \"…\"`")
                continue
            }
            if let item = item(itemFields, at: itemLocation, kind: kind, inRow: inRow) { items.append(item) }
        }
        return items
    }

    private mutating func item(
        _ fields: [String: NodeReader.Entry], at location: SourceLocation, kind: LayoutKind, inRow: Bool
    ) -> LayoutItem? {
        var item: LayoutItem
        var outlet: LayoutOutlet?
        if let outletEntry = fields["outlet"] {
            if let textEntry = fields["text"] {
                reader.error(textEntry.keyLocation, "`text` and `outlet` both say what to show; keep one")
            }
            let valueLocation = NodeReader.location(of: outletEntry.value, fallback: outletEntry.keyLocation)
            guard
                let name = reader.name(
                    outletEntry.value, field: "outlet", in: "a layout", fallback: outletEntry.keyLocation),
                let index = outletIndex(name, kind: kind, at: valueLocation)
            else { return nil }
            outlet = kind.outlets[index]
            if kind.outlets[index].type == .markdown {
                reader.error(
                    valueLocation,
                    "`\(name)` is Markdown: only `body:` can show it (a \(inRow ? "column" : "line") is one line of text)"
                )
            }
            item = LayoutItem(.outlet(index))
            item.type = kind.outlets[index].type
            if item.type == .flag { item.label = kind.outlets[index].mark }
        } else {
            guard let text = literal(fields["text"], field: "text") else { return nil }
            item = LayoutItem(.literal(text))
        }
        if let date = fields["date"] {
            if let outlet, outlet.type != .date {
                reader.error(date.keyLocation, "`date` formats a date; `\(outlet.name)` is \(outlet.type.rawValue)")
            } else if outlet == nil {
                reader.error(date.keyLocation, "`date` formats a date outlet; literal text has no date")
            }
            item.dateFormat = choice(date, field: "date") ?? .preferred
        }
        if let label = fields["label"] { item.label = literal(label, field: "label") }
        if let prefix = fields["prefix"] { item.prefix = literal(prefix, field: "prefix") ?? "" }
        if let suffix = fields["suffix"] { item.suffix = literal(suffix, field: "suffix") ?? "" }
        if let empty = fields["empty"] { item.empty = literal(empty, field: "empty") ?? "" }
        if let role = fields["role"] { item.role = self.role(role) }
        return item
    }

    private mutating func outletIndex(_ name: String, kind: LayoutKind, at location: SourceLocation) -> Int? {
        if let index = kind.outletIndex(named: name) { return index }
        let names = kind.outlets.map(\.name)
        let hint =
            Suggestion.closest(to: name, among: names).map { "; did you mean `\($0)`?" }
            ?? "; it offers: \(names.joined(separator: ", "))"
        reader.error(location, "`\(kind.name)` has no outlet `\(LayoutFileParser.shown(name))`\(hint)")
        return nil
    }

    // MARK: - Values

    private mutating func list(_ entry: NodeReader.Entry, what: String) -> [Node]? {
        guard case .sequence(let sequence) = entry.value else {
            reader.error(
                NodeReader.location(of: entry.value, fallback: entry.keyLocation),
                "expected \(what), found \(NodeReader.describe(entry.value))")
            return nil
        }
        if sequence.count > LayoutLoader.maximumParts {
            reader.error(
                entry.keyLocation, "\(what) has \(sequence.count) entries; at most \(LayoutLoader.maximumParts)")
            return nil
        }
        return Array(sequence)
    }

    /// Literal text: at most ``LayoutLoader/maximumTextWidth`` columns and no control characters
    /// (`"\e[31m"` in double quotes is an escape sequence once YAML has read it).
    private mutating func literal(_ entry: NodeReader.Entry?, field: String) -> String? {
        guard let entry, let text = reader.text(entry, field: field, in: "a layout") else { return nil }
        let location = NodeReader.location(of: entry.value, fallback: entry.keyLocation)
        if let unsafe = text.unicodeScalars.first(where: { TextSanitizer.isUnsafe($0) || $0 == "\t" }) {
            let code = String(unsafe.value, radix: 16, uppercase: true)
            reader.error(
                location,
                "`\(field)` contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code); "
                    + "a layout's text is shown as written, never as terminal commands")
            return nil
        }
        if text.count > LayoutLoader.maximumTextWidth * 4 || text.displayWidth > LayoutLoader.maximumTextWidth {
            reader.error(location, "`\(field)` is wider than \(LayoutLoader.maximumTextWidth) columns")
            return nil
        }
        return text
    }

    private mutating func number(_ entry: NodeReader.Entry, field: String, range: ClosedRange<Int>) -> Int? {
        if case .scalar(let scalar) = entry.value, NodeReader.tagName(entry.value) == .int,
            scalar.string.count <= 6, let value = Int(scalar.string), range.contains(value)
        {
            return value
        }
        reader.error(
            NodeReader.location(of: entry.value, fallback: entry.keyLocation),
            "`\(field)` must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(NodeReader.describe(entry.value))"
        )
        return nil
    }

    private mutating func flag(_ entry: NodeReader.Entry, field: String) -> Bool? {
        if case .scalar(let scalar) = entry.value, NodeReader.tagName(entry.value) == .bool {
            return ["true", "yes", "on"].contains(scalar.string.lowercased())
        }
        reader.error(
            NodeReader.location(of: entry.value, fallback: entry.keyLocation),
            "`\(field)` must be true or false, found \(NodeReader.describe(entry.value))")
        return nil
    }

    private mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ entry: NodeReader.Entry, field: String
    ) -> Value? where Value.RawValue == String {
        let location = NodeReader.location(of: entry.value, fallback: entry.keyLocation)
        let names = Value.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = entry.value else {
            reader.error(
                location,
                "`\(field)` must be one of: \(names.joined(separator: ", ")); found \(NodeReader.describe(entry.value))"
            )
            return nil
        }
        if let value = Value(rawValue: scalar.string) { return value }
        let hint =
            Suggestion.closest(to: scalar.string, among: names).map { "; did you mean `\($0)`?" }
            ?? "; expected one of: \(names.joined(separator: ", "))"
        reader.error(location, "unknown \(field) `\(Self.shown(scalar.string))`\(hint)")
        return nil
    }

    private mutating func role(_ entry: NodeReader.Entry) -> Theme.Role? {
        let location = NodeReader.location(of: entry.value, fallback: entry.keyLocation)
        let names = Theme.Role.allCases.map(\.rawValue)
        if case .scalar(let scalar) = entry.value, let role = Theme.Role(rawValue: scalar.string) { return role }
        let written = entry.value.scalar?.string ?? NodeReader.describe(entry.value)
        let hint =
            Suggestion.closest(to: written, among: names).map { "; did you mean `\($0)`?" }
            ?? "; the theme's roles are: \(names.joined(separator: ", "))"
        reader.error(location, "unknown theme role `\(Self.shown(written))`\(hint)")
        return nil
    }

    /// A name from the file as a message shows it: at most 40 characters (the message goes through the
    /// sanitizer on its way to a terminal like everything else).
    static func shown(_ text: String) -> String {
        TextSanitizer.sanitized(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }
}
