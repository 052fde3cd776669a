/// Turns lines of Markdown into blocks (see `MarkdownBlock`), following CommonMark's block rules for
/// what journal text uses: ATX and setext headings, paragraphs, fenced and indented code, block quotes
/// (with lazy continuation lines), bullet and numbered lists (nested by indentation), GitHub tables and
/// thematic breaks. One pass over the lines; quotes and list items parse their own lines again, once
/// per level of nesting, within the bounds of `MarkdownNesting` (past them, the rest of the quote or
/// item is shown as written, as code).
/// Raw HTML and link reference definitions are left as text (shown, never interpreted).
enum MarkdownBlockParser {
    static func parse(_ lines: [Substring]) -> [MarkdownBlock] {
        var nesting = MarkdownNesting()
        return parse(lines, nesting: &nesting)
    }

    private static func parse(_ lines: [Substring], nesting: inout MarkdownNesting) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var index = 0
        while let block = nextBlock(lines, at: &index, nesting: &nesting) { blocks.append(block) }
        return blocks
    }

    /// The block starting at `index` or after the blank lines there (nil at the end); moves `index`
    /// past it. Lets a document be parsed only as far as it is shown.
    static func nextBlock(_ lines: [Substring], at index: inout Int) -> MarkdownBlock? {
        var nesting = MarkdownNesting()
        return nextBlock(lines, at: &index, nesting: &nesting)
    }

    /// The blocks inside a quote or list item: parsed when the bounds allow, else shown as written.
    private static func nested(_ lines: [Substring], nesting: inout MarkdownNesting) -> [MarkdownBlock] {
        guard nesting.enter(lines) else {
            var code = lines.map(String.init)
            while code.last?.isEmpty == true { code.removeLast() }
            return code.isEmpty ? [] : [.code(lines: code)]
        }
        defer { nesting.leave() }
        return parse(lines, nesting: &nesting)
    }

    private static func nextBlock(
        _ lines: [Substring], at index: inout Int, nesting: inout MarkdownNesting
    ) -> MarkdownBlock? {
        while index < lines.count, MarkdownLine.isBlank(lines[index]) { index += 1 }
        guard index < lines.count else { return nil }
        let line = lines[index]
        if let fence = MarkdownLine.fence(line) {
            return fencedCode(lines, at: &index, fence: fence)
        } else if let heading = MarkdownLine.atxHeading(line) {
            index += 1
            return .heading(level: heading.level, text: String(heading.text))
        } else if MarkdownLine.isRule(line) {
            index += 1
            return .rule
        } else if MarkdownLine.quoteContent(line) != nil {
            return quote(lines, at: &index, nesting: &nesting)
        } else if MarkdownLine.listMarker(line) != nil {
            return list(lines, at: &index, nesting: &nesting)
        } else if MarkdownLine.indent(of: line) >= 4 {
            return indentedCode(lines, at: &index)
        } else if let table = table(lines, at: &index) {
            return table
        } else {
            return paragraph(lines, at: &index)
        }
    }

    private static func fencedCode(
        _ lines: [Substring], at index: inout Int,
        fence: (character: Character, length: Int, indent: Int, info: Substring)
    ) -> MarkdownBlock {
        var code: [String] = []
        index += 1
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let closing = MarkdownLine.fence(line), closing.character == fence.character,
                closing.length >= fence.length, closing.info.isEmpty
            {
                return .code(lines: code)
            }
            code.append(
                String(MarkdownLine.dropIndent(line, columns: min(fence.indent, MarkdownLine.indent(of: line)))))
        }
        return .code(lines: code)
    }

    private static func indentedCode(_ lines: [Substring], at index: inout Int) -> MarkdownBlock {
        var code: [String] = []
        while index < lines.count {
            let line = lines[index]
            if MarkdownLine.isBlank(line) {
                code.append("")
            } else if MarkdownLine.indent(of: line) >= 4 {
                code.append(String(MarkdownLine.dropIndent(line, columns: 4)))
            } else {
                break
            }
            index += 1
        }
        while code.last == "" { code.removeLast() }
        return .code(lines: code)
    }

    private static func quote(
        _ lines: [Substring], at index: inout Int, nesting: inout MarkdownNesting
    ) -> MarkdownBlock {
        var inner: [Substring] = []
        while index < lines.count {
            let line = lines[index]
            if let content = MarkdownLine.quoteContent(line) {
                inner.append(content)
            } else if let last = inner.last, !MarkdownLine.isBlank(last), !MarkdownLine.isBlank(line),
                !MarkdownLine.interruptsParagraph(line), MarkdownLine.fence(last) == nil
            {
                inner.append(line)  // a lazy continuation of the quoted paragraph
            } else {
                break
            }
            index += 1
        }
        return .quote(nested(inner, nesting: &nesting))
    }

    private static func list(_ lines: [Substring], at index: inout Int, nesting: inout MarkdownNesting) -> MarkdownBlock
    {
        guard let first = MarkdownLine.listMarker(lines[index]) else { return paragraph(lines, at: &index) }
        var items: [[MarkdownBlock]] = []
        var loose = false
        var blankBeforeItem = false
        while index < lines.count, let marker = MarkdownLine.listMarker(lines[index]), marker.symbol == first.symbol,
            !(MarkdownLine.isRule(lines[index]) && marker.number == nil)
        {
            if blankBeforeItem { loose = true }
            var itemLines: [Substring] = [marker.content]
            index += 1
            while index < lines.count {
                let line = lines[index]
                if MarkdownLine.isBlank(line) {
                    itemLines.append("")
                } else if MarkdownLine.indent(of: line) >= marker.contentIndent {
                    itemLines.append(MarkdownLine.dropIndent(line, columns: marker.contentIndent))
                } else if let last = itemLines.last, !MarkdownLine.isBlank(last),
                    !MarkdownLine.interruptsParagraph(line),
                    MarkdownLine.listMarker(line) == nil
                {
                    itemLines.append(MarkdownLine.trimmed(line))  // lazy continuation
                } else {
                    break
                }
                index += 1
            }
            var trailingBlanks = 0
            while itemLines.count > 1, let last = itemLines.last, MarkdownLine.isBlank(last) {
                itemLines.removeLast()
                trailingBlanks += 1
            }
            blankBeforeItem = trailingBlanks > 0
            let blocks = nested(itemLines, nesting: &nesting)
            if blocks.count > 1, itemLines.contains(where: { MarkdownLine.isBlank($0) }) { loose = true }
            items.append(blocks)
        }
        return .list(start: first.number, loose: loose, items: items)
    }

    /// The most cells of one table parsed and laid out (a 2,000 × 500 table took 7 s and 240 MB).
    static let tableCellLimit = 20_000

    /// A header row, a delimiter row with as many cells, then rows until a blank line or another block.
    private static func table(_ lines: [Substring], at index: inout Int) -> MarkdownBlock? {
        guard index + 1 < lines.count, lines[index].contains("|"),
            let alignments = MarkdownLine.tableAlignments(lines[index + 1])
        else { return nil }
        let header = MarkdownLine.tableCells(lines[index])
        guard header.count == alignments.count else { return nil }
        index += 2
        var rows: [[String]] = []
        // Past `tableCellLimit` cells, rows are counted, not split: the last row says how many more there are.
        let rowLimit = max(1, tableCellLimit / max(1, header.count))
        var unshown = 0
        while index < lines.count, !MarkdownLine.isBlank(lines[index]), !MarkdownLine.interruptsParagraph(lines[index])
        {
            defer { index += 1 }
            guard rows.count < rowLimit else {
                unshown += 1
                continue
            }
            var cells = MarkdownLine.tableCells(lines[index]).map(String.init)
            // Rows keep the header's width: extra cells are dropped, missing ones are empty.
            cells = Array(cells.prefix(header.count)) + Array(repeating: "", count: max(0, header.count - cells.count))
            rows.append(cells)
        }
        if unshown > 0 {
            rows.append(["… (\(unshown) more rows not shown)"] + Array(repeating: "", count: header.count - 1))
        }
        return .table(header: header.map(String.init), alignments: alignments, rows: rows)
    }

    private static func paragraph(_ lines: [Substring], at index: inout Int) -> MarkdownBlock {
        var text: [String] = [
            String(MarkdownLine.dropIndent(lines[index], columns: MarkdownLine.indent(of: lines[index])))
        ]
        index += 1
        while index < lines.count {
            let line = lines[index]
            if MarkdownLine.isBlank(line) { break }
            if let level = MarkdownLine.setextLevel(line) {
                index += 1
                return .heading(level: level, text: text.joined(separator: "\n"))
            }
            if MarkdownLine.interruptsParagraph(line) { break }
            // Keep trailing spaces: two of them make a hard line break.
            text.append(String(MarkdownLine.dropIndent(line, columns: MarkdownLine.indent(of: line))))
            index += 1
        }
        return .paragraph(lines: text)
    }
}
