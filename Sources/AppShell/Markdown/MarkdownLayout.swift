/// Lays out one Markdown block as rows of styled text for a width: the rendered screen lines.
///
/// Paragraphs and headings wrap by words; code keeps its lines and cuts them at the edge with a `→`;
/// quotes get a bar, list items a bullet or number and a hanging indent; a table is laid out in
/// columns when it fits, and as one "header: value" line per cell when it does not. Everything drawn
/// is text; `Buffer` sanitizes it as it does all text.
public struct MarkdownLayout: Sendable {
    /// The styles each kind of block and run is drawn in.
    public var styles: MarkdownStyles
    /// Whether a line break inside a paragraph stays one (else it is a space, as in CommonMark).
    public var keepsLineBreaks: Bool

    /// Creates a layout drawing in `styles`; `keepsLineBreaks` keeps a paragraph's line breaks as lines.
    public init(styles: MarkdownStyles, keepsLineBreaks: Bool = true) {
        self.styles = styles
        self.keepsLineBreaks = keepsLineBreaks
    }

    /// The screen rows `block` takes at `width` columns (at least 1), in order, ready to draw.
    public func rows(of block: MarkdownBlock, width: Int) -> [StyledText] {
        let width = max(1, width)
        switch block {
        case .heading(let level, let text):
            let base = level == 1 ? styles.heading1 : level == 2 ? styles.heading2 : styles.heading
            return StyledTextWrapper.rows(of: inline(text).over(base), width: width)
        case .paragraph(let lines):
            return StyledTextWrapper.rows(of: inline(lines.joined(separator: "\n")), width: width)
        case .code(let lines):
            return lines.map { codeRow($0, width: width) }
        case .quote(let blocks):
            let bar = StyledText("│ ", style: styles.marker)
            return stack(blocks, width: width - 2, spaced: true).map { bar + $0 }
        case .list(let start, let loose, let items):
            return listRows(items, start: start, loose: loose, width: width)
        case .table(let header, let alignments, let rows):
            return tableRows(header: header, alignments: alignments, rows: rows, width: width)
        case .rule:
            return [StyledText(String(repeating: "─", count: width), style: styles.rule)]
        }
    }

    /// The most bytes of one paragraph, heading or cell laid out: a 10 MB line would take seconds and
    /// hundreds of megabytes to parse and wrap, to show a few rows of it. The middle is named, not shown.
    public static let inlineByteLimit = 64 * 1024
    /// Of those, the bytes kept from the end, so that the paragraph's last words stay in sight.
    static let inlineTailBytes = 4 * 1024

    /// Inline Markdown as styled text; past `inlineByteLimit`, the middle is cut with a note saying how
    /// much (the start and the last few kilobytes are shown, each parsed alone).
    public func inline(_ text: String) -> StyledText {
        guard text.utf8.count > Self.inlineByteLimit else { return parsed(text) }
        let headEnd = Self.characterBoundary(in: text, atOrBefore: Self.inlineByteLimit - Self.inlineTailBytes)
        let tailStart = Self.characterBoundary(in: text, atOrBefore: text.utf8.count - Self.inlineTailBytes)
        let hidden = text.utf8.distance(from: headEnd, to: tailStart)
        let note = StyledText(
            " … (\(Self.kilobytes(hidden)) more not shown: too long to lay out) … ", style: styles.marker)
        return parsed(String(text[..<headEnd])) + note + parsed(String(text[tailStart...]))
    }

    private func parsed(_ text: String) -> StyledText {
        StyledText(
            MarkdownInlineParser.parse(text, keepingLineBreaks: keepsLineBreaks).map {
                Span($0.text, style: styles.style(for: $0.kind))
            })
    }

    /// The last character boundary at or before `offset` bytes (a scalar boundary inside a character
    /// of more than a few scalars).
    static func characterBoundary(in text: String, atOrBefore offset: Int) -> String.Index {
        var index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        for _ in 0..<64 {
            if let boundary = String.Index(index, within: text) { return boundary }
            index = text.utf8.index(before: index)
        }
        var scalar = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        while String.Index(scalar, within: text.unicodeScalars) == nil { scalar = text.utf8.index(before: scalar) }
        return scalar
    }

    /// "12 KB", "3.4 MB".
    static func kilobytes(_ bytes: Int) -> String {
        bytes >= 1_048_576
            ? "\(bytes / 1_048_576).\(bytes % 1_048_576 * 10 / 1_048_576) MB" : "\(max(1, bytes / 1024)) KB"
    }

    /// Blocks one under the other, a blank row between them when `spaced`.
    private func stack(_ blocks: [MarkdownBlock], width: Int, spaced: Bool) -> [StyledText] {
        var rows: [StyledText] = []
        for (index, block) in blocks.enumerated() {
            if index > 0, spaced { rows.append(StyledText()) }
            rows += self.rows(of: block, width: width)
        }
        return rows
    }

    // MARK: - Code

    /// A code line, tabs expanded, cut with a `→` when wider than the row.
    private func codeRow(_ line: String, width: Int) -> StyledText {
        var expanded = ""
        var column = 0
        var cut = false
        for character in line {
            let advance = GlyphLayout.advance(of: character, atColumn: column)
            if column + advance > width {
                cut = true
                break
            }
            expanded += character == "\t" ? String(repeating: " ", count: advance) : String(character)
            column += advance
        }
        guard cut else { return StyledText(expanded, style: styles.code) }
        // Room for the marker: drop graphemes until one column is free.
        while column > width - 1, let last = expanded.last {
            column -= GlyphLayout.advance(of: last, atColumn: 0)
            expanded.removeLast()
        }
        return StyledText(expanded, style: styles.code) + StyledText("→", style: styles.rule)
    }

    // MARK: - Lists

    private func listRows(_ items: [[MarkdownBlock]], start: Int?, loose: Bool, width: Int) -> [StyledText] {
        let lastNumber = (start ?? 0) + items.count - 1
        let markerWidth = start == nil ? 2 : "\(lastNumber). ".count
        var rows: [StyledText] = []
        for (index, item) in items.enumerated() {
            if index > 0, loose { rows.append(StyledText()) }
            let number = start.map { "\($0 + index)." } ?? "•"
            let marker = number + String(repeating: " ", count: max(1, markerWidth - number.count))
            let indent = StyledText(String(repeating: " ", count: markerWidth))
            var itemRows = stack(item, width: width - markerWidth, spaced: loose)
            if itemRows.isEmpty { itemRows = [StyledText()] }
            for (row, text) in itemRows.enumerated() {
                rows.append((row == 0 ? StyledText(marker, style: styles.marker) : indent) + text)
            }
        }
        return rows
    }

    // MARK: - Tables

    private func tableRows(
        header: [String], alignments: [MarkdownColumnAlignment], rows: [[String]], width: Int
    ) -> [StyledText] {
        let headerCells = header.map { inline($0).over(styles.strong) }
        let bodyCells = rows.map { $0.map(inline) }
        var columnWidths = headerCells.map(\.width)
        for row in bodyCells {
            for (column, cell) in row.enumerated() where column < columnWidths.count {
                columnWidths[column] = max(columnWidths[column], cell.width)
            }
        }
        let total = columnWidths.reduce(0, +) + 3 * max(0, columnWidths.count - 1)
        guard total <= width else { return tableAsRecords(headerCells, bodyCells, width: width) }
        let separator = StyledText(" │ ", style: styles.rule)
        func line(_ cells: [StyledText]) -> StyledText {
            var text = StyledText()
            for (column, cell) in cells.enumerated() {
                if column > 0 { text.append(separator) }
                let room = columnWidths[column] - cell.width
                let before: Int
                switch alignments[column] {
                case .leading: before = 0
                case .trailing: before = room
                case .center: before = room / 2
                }
                text.append(String(repeating: " ", count: before))
                text.append(cell)
                // The last column is not padded: no trailing blanks to draw.
                if column < cells.count - 1 { text.append(String(repeating: " ", count: room - before)) }
            }
            return text
        }
        let rule = StyledText(
            columnWidths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"), style: styles.rule)
        return [line(headerCells), rule] + bodyCells.map(line)
    }

    /// A table too wide for the screen: each row as "header: value" lines, a blank row between rows.
    private func tableAsRecords(_ header: [StyledText], _ rows: [[StyledText]], width: Int) -> [StyledText] {
        var lines: [StyledText] = []
        for (index, row) in rows.enumerated() {
            if index > 0 { lines.append(StyledText()) }
            for (column, cell) in row.enumerated() where column < header.count {
                lines += StyledTextWrapper.rows(
                    of: header[column] + StyledText(": ", style: styles.strong) + cell, width: width)
            }
        }
        if rows.isEmpty {
            lines = StyledTextWrapper.rows(
                of: StyledText(header.map { $0.plainText }.joined(separator: ", "), style: styles.strong), width: width)
        }
        return lines
    }
}
