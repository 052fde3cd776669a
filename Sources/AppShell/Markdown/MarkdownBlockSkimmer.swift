/// Finds where each top-level block of a document ends, and how many pieces it is shown as, without
/// building it: what `MarkdownBlockParser.nextBlock` would consume, decided by the same line tests
/// but with no text copied and no quote or list item parsed inside.
///
/// It lets the end of a 10 MB entry be shown at once (`G`): the whole document is skimmed (a few
/// byte tests per line), and only the blocks on screen are parsed, each from its own start line, where
/// the parser needs nothing of what came before. Where a block ends depends on the lines before it
/// (a fence opened far above makes everything after it code), so the skim has to start at the top;
/// it is the parser's own walk, minus the work. MarkdownDocumentTests compare the two on generated
/// documents.
enum MarkdownBlockSkimmer {
    /// One top-level block: where its lines start (after blank lines), where the next block's search
    /// starts, and how many pieces `MarkdownDocument` splits it into.
    struct Extent: Equatable {
        var firstLine: Int
        var end: Int
        var pieces: Int
    }

    /// The block starting at `index` or after the blank lines there (nil at the end); moves `index`
    /// past it, as `MarkdownBlockParser.nextBlock` does.
    static func nextExtent(_ lines: [Substring], at index: inout Int) -> Extent? {
        while index < lines.count, isBlank(lines[index]) { index += 1 }
        guard index < lines.count else { return nil }
        let first = index
        let line = lines[index]
        let byte = MarkdownLine.firstNonSpaceByte(line) ?? 0
        let pieces: Int
        if let fence = fence(line) {
            pieces = pieceCount(lines: skipFencedCode(lines, at: &index, fence: fence))
        } else if (byte == UInt8(ascii: "#") && MarkdownLine.atxHeading(line) != nil)
            || (ruleBytes.contains(byte) && MarkdownLine.isRule(line))
        {
            index += 1
            pieces = 1
        } else if quoteContent(line) != nil {
            skipQuote(lines, at: &index)
            pieces = 1
        } else if listMarker(line) != nil {
            skipList(lines, at: &index)
            pieces = 1
        } else if MarkdownLine.indent(of: line) >= 4 {
            pieces = pieceCount(lines: skipIndentedCode(lines, at: &index))
        } else if skipTable(lines, at: &index) {
            pieces = 1
        } else {
            pieces = pieceCount(lines: skipParagraph(lines, at: &index))
        }
        return Extent(firstLine: first, end: index, pieces: pieces)
    }

    // Each line test below first looks at the line's first byte, as `interruptsParagraph` does: most
    // lines start with a letter, and no block starts so.
    private static let ruleBytes: Set<UInt8> = Set("*-_".utf8)
    private static let listBytes: Set<UInt8> = Set("-+*0123456789".utf8)

    /// `MarkdownLine.isBlank` on bytes: only spaces and tabs.
    private static func isBlank(_ line: Substring) -> Bool {
        MarkdownLine.firstNonSpaceByte(line) == nil
    }

    private static func listMarker(_ line: Substring) -> MarkdownLine.ListMarker? {
        guard let byte = MarkdownLine.firstNonSpaceByte(line), listBytes.contains(byte) else { return nil }
        return MarkdownLine.listMarker(line)
    }

    private static func pieceCount(lines: Int) -> Int {
        max(1, (lines + MarkdownDocument.pieceLines - 1) / MarkdownDocument.pieceLines)
    }

    /// A fence, cheaply: only a line whose first non-space byte is a backtick or tilde can be one.
    private static func fence(_ line: Substring) -> (character: Character, length: Int, indent: Int, info: Substring)? {
        guard let byte = MarkdownLine.firstNonSpaceByte(line), byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")
        else { return nil }
        return MarkdownLine.fence(line)
    }

    /// The code lines of a fenced block.
    private static func skipFencedCode(
        _ lines: [Substring], at index: inout Int,
        fence: (character: Character, length: Int, indent: Int, info: Substring)
    ) -> Int {
        var count = 0
        index += 1
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let closing = Self.fence(line), closing.character == fence.character, closing.length >= fence.length,
                closing.info.isEmpty
            {
                return count
            }
            count += 1
        }
        return count
    }

    /// The code lines of an indented block (trailing blank lines not counted).
    private static func skipIndentedCode(_ lines: [Substring], at index: inout Int) -> Int {
        var count = 0, trailingBlanks = 0
        while index < lines.count {
            let line = lines[index]
            if isBlank(line) {
                trailingBlanks += 1
            } else if MarkdownLine.indent(of: line) >= 4 {
                count += trailingBlanks + 1
                trailingBlanks = 0
            } else {
                break
            }
            index += 1
        }
        return count
    }

    private static func quoteContent(_ line: Substring) -> Substring? {
        guard MarkdownLine.firstNonSpaceByte(line) == UInt8(ascii: ">") else { return nil }
        return MarkdownLine.quoteContent(line)
    }

    private static func skipQuote(_ lines: [Substring], at index: inout Int) {
        var last: Substring?
        while index < lines.count {
            let line = lines[index]
            if let content = quoteContent(line) {
                last = content
            } else if let previous = last, !isBlank(previous), !isBlank(line),
                !MarkdownLine.interruptsParagraph(line), fence(previous) == nil
            {
                last = line
            } else {
                break
            }
            index += 1
        }
    }

    private static func skipList(_ lines: [Substring], at index: inout Int) {
        guard let first = listMarker(lines[index]) else { return }
        while index < lines.count, let marker = listMarker(lines[index]), marker.symbol == first.symbol,
            !(MarkdownLine.isRule(lines[index]) && marker.number == nil)
        {
            var lastIsBlank = isBlank(marker.content)
            index += 1
            while index < lines.count {
                let line = lines[index]
                if isBlank(line) {
                    lastIsBlank = true
                } else if MarkdownLine.indent(of: line) >= marker.contentIndent {
                    lastIsBlank = false
                } else if !lastIsBlank, !MarkdownLine.interruptsParagraph(line), listMarker(line) == nil {
                    lastIsBlank = false
                } else {
                    break
                }
                index += 1
            }
        }
    }

    /// Whether a table starts at `index` (then moves past it), by the parser's test.
    private static func skipTable(_ lines: [Substring], at index: inout Int) -> Bool {
        // Byte tests first: Foundation's `contains` is slow, and few lines hold a `|`.
        guard index + 1 < lines.count, lines[index].utf8.contains(UInt8(ascii: "|")), lines[index].contains("|"),
            lines[index + 1].utf8.contains(UInt8(ascii: "-")),
            let alignments = MarkdownLine.tableAlignments(lines[index + 1]),
            MarkdownLine.tableCells(lines[index]).count == alignments.count
        else { return false }
        index += 2
        while index < lines.count, !isBlank(lines[index]), !MarkdownLine.interruptsParagraph(lines[index]) {
            index += 1
        }
        return true
    }

    /// The lines of a paragraph (0 when it turned out to be a setext heading: one piece).
    private static func skipParagraph(_ lines: [Substring], at index: inout Int) -> Int {
        var count = 1
        index += 1
        while index < lines.count {
            let line = lines[index]
            if isBlank(line) { break }
            if MarkdownLine.setextLevel(line) != nil {
                index += 1
                return 0
            }
            if MarkdownLine.interruptsParagraph(line) { break }
            count += 1
            index += 1
        }
        return count
    }
}
