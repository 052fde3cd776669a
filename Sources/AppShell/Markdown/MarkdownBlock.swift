/// One block of a Markdown document, as the block parser finds it: the structure only. Inline text
/// (emphasis, code spans, links) stays as written and is parsed when the block is laid out, so a long
/// document costs one pass over its lines and the inline work only for the blocks on screen.
public indirect enum MarkdownBlock: Hashable, Sendable {
    /// `# Title` (level 1 to 6), or a setext heading (`Title` over `===` or `---`).
    case heading(level: Int, text: String)
    /// Lines of running text, joined by soft (or hard) line breaks.
    case paragraph(lines: [String])
    /// Fenced or indented code: lines shown as written, never wrapped.
    case code(lines: [String])
    /// `> quoted` blocks.
    case quote([MarkdownBlock])
    /// A bullet (`ordered == nil`) or numbered list (first number); `loose` lists have blank lines
    /// between their items.
    case list(start: Int?, loose: Bool, items: [[MarkdownBlock]])
    /// A GitHub-style table: header cells, one alignment per column, body rows.
    case table(header: [String], alignments: [MarkdownColumnAlignment], rows: [[String]])
    /// `---`, `***` or `___` on a line of its own.
    case rule
}

/// How a table column's cells sit: `:--` leading, `--:` trailing, `:-:` centered.
public enum MarkdownColumnAlignment: Hashable, Sendable {
    /// Cells against the left edge (`:--`), the right edge (`--:`), or centered (`:-:`).
    case leading, trailing, center
}

/// The top-level blocks of a document, found as far as they are asked for, with whether a blank row
/// follows each when shown. A long code block or paragraph is split into pieces that follow each other
/// without a blank row, so that no one block takes long to lay out.
///
/// Blocks are found by skimming (`MarkdownBlockSkimmer`: where each ends, no text copied) and parsed
/// only when asked for, each from its own first line (a few recent ones kept): so the end of a 10 MB
/// entry is shown after a skim of its lines, not a parse of all of them.
public struct MarkdownDocument: Sendable {
    private struct TopBlock: Sendable {
        /// Where the parser's search for it starts (blank lines before it included).
        var start: Int
        var extent: MarkdownBlockSkimmer.Extent
        /// The index of its first piece among all blocks.
        var firstPiece: Int
    }

    private let lines: [Substring]
    private var tops: [TopBlock] = []
    private var nextLine = 0
    /// The number of blocks (pieces) found so far.
    public private(set) var blockCount = 0
    /// Parsed top-level blocks' pieces, by top-level index; a few only.
    private var parsed: [Int: [MarkdownBlock]] = [:]
    private static let parsedLimit = 256

    /// Finds the lines of `text`; blocks are found when asked for.
    public init(parsing text: String) {
        lines = TextWrapper.lines(of: text).map { text[$0] }
    }

    /// Whether every block has been found.
    public var isComplete: Bool { nextLine >= lines.count }

    /// The number of lines of the text.
    public var lineCount: Int { lines.count }

    /// Block `index`, finding blocks up to it (and the one after, for the spacing); nil past the last.
    public mutating func block(_ index: Int) -> MarkdownBlock? {
        while blockCount <= index + 1, skimNext() {}
        guard index >= 0, index < blockCount else { return nil }
        let top = topIndex(of: index)
        return pieces(ofTop: top)[index - tops[top].firstPiece]
    }

    /// Whether a blank row follows block `index` (which must exist): between top-level blocks, not
    /// between the pieces of one.
    public mutating func isSpaced(after index: Int) -> Bool {
        _ = block(index + 1)
        guard index + 1 < blockCount else { return false }
        return topIndex(of: index + 1) != topIndex(of: index)
    }

    /// The line block `index` starts at (which must have been found).
    public func startLine(of index: Int) -> Int { tops[topIndex(of: index)].extent.firstLine }

    /// Finds every block (to know the last one), parsing none.
    public mutating func parseAll() {
        while skimNext() {}
    }

    private mutating func skimNext() -> Bool {
        let start = nextLine
        guard let extent = MarkdownBlockSkimmer.nextExtent(lines, at: &nextLine) else {
            nextLine = lines.count
            return false
        }
        tops.append(TopBlock(start: start, extent: extent, firstPiece: blockCount))
        blockCount += extent.pieces
        return true
    }

    /// The top-level block holding block `index`.
    private func topIndex(of index: Int) -> Int {
        var low = 0, high = tops.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if tops[middle].firstPiece <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func pieces(ofTop top: Int) -> [MarkdownBlock] {
        if let pieces = parsed[top] { return pieces }
        if parsed.count >= Self.parsedLimit { parsed.removeAll(keepingCapacity: true) }
        var index = tops[top].start
        var pieces = MarkdownBlockParser.nextBlock(lines, at: &index).map(Self.pieces(of:)) ?? []
        // The skim and the parser agree (tested); should they not, the count found stands.
        let count = tops[top].extent.pieces
        if pieces.count > count { pieces.removeLast(pieces.count - count) }
        while pieces.count < count { pieces.append(.paragraph(lines: [])) }
        parsed[top] = pieces
        return pieces
    }

    /// Lines per piece of a split code block or paragraph.
    static let pieceLines = 200

    static func pieces(of block: MarkdownBlock) -> [MarkdownBlock] {
        switch block {
        case .code(let lines) where lines.count > pieceLines:
            return stride(from: 0, to: lines.count, by: pieceLines).map {
                .code(lines: Array(lines[$0..<min(lines.count, $0 + pieceLines)]))
            }
        case .paragraph(let lines) where lines.count > pieceLines:
            return stride(from: 0, to: lines.count, by: pieceLines).map {
                .paragraph(lines: Array(lines[$0..<min(lines.count, $0 + pieceLines)]))
            }
        default:
            return [block]
        }
    }
}
