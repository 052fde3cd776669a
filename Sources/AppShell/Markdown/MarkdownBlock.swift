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
    case leading, trailing, center
}

/// The top-level blocks of a document, parsed as far as they are asked for, with whether a blank row
/// follows each when shown. A long code block or paragraph is split into pieces that follow each other
/// without a blank row, so that no one block takes long to lay out.
public struct MarkdownDocument: Sendable {
    /// The blocks parsed so far.
    public private(set) var blocks: [MarkdownBlock] = []
    /// `spacedAfter[i]`: a blank row separates block `i` from the next (known once the next is parsed).
    private var spacedAfter: [Bool] = []
    /// The line each parsed block starts at (for a scroll position without parsing everything).
    private var startLines: [Int] = []
    private let lines: [Substring]
    private var nextLine = 0
    /// Pieces of a split block not yet handed out.
    private var pendingPieces: [MarkdownBlock] = []
    private var pendingStartLine = 0

    /// Finds the lines of `text`; blocks are parsed when asked for.
    public init(parsing text: String) {
        lines = TextWrapper.lines(of: text).map { text[$0] }
    }

    /// Whether every block has been parsed.
    public var isComplete: Bool { nextLine >= lines.count && pendingPieces.isEmpty }

    /// The number of lines of the text.
    public var lineCount: Int { lines.count }

    /// Block `index`, parsing up to it; nil past the last block.
    public mutating func block(_ index: Int) -> MarkdownBlock? {
        while blocks.count <= index + 1, parseNext() {}
        return index < blocks.count ? blocks[index] : nil
    }

    /// Whether a blank row follows block `index` (which must exist).
    public mutating func isSpaced(after index: Int) -> Bool {
        _ = block(index + 1)
        return index + 1 < blocks.count && spacedAfter[index]
    }

    /// The line block `index` starts at (which must exist).
    public func startLine(of index: Int) -> Int { startLines[index] }

    /// Parses every block (to find the last one).
    public mutating func parseAll() {
        while parseNext() {}
    }

    private mutating func parseNext() -> Bool {
        if pendingPieces.isEmpty {
            var index = nextLine
            guard let block = MarkdownBlockParser.nextBlock(lines, at: &index) else {
                nextLine = lines.count
                return false
            }
            pendingStartLine = lines[nextLine..<index].firstIndex { !MarkdownLine.isBlank($0) } ?? nextLine
            nextLine = index
            pendingPieces = Self.pieces(of: block).reversed()
            if !spacedAfter.isEmpty { spacedAfter[spacedAfter.count - 1] = true }
        } else if !spacedAfter.isEmpty {
            spacedAfter[spacedAfter.count - 1] = false
        }
        blocks.append(pendingPieces.removeLast())
        spacedAfter.append(false)
        startLines.append(pendingStartLine)
        return true
    }

    /// Lines per piece of a split code block or paragraph.
    static let pieceLines = 200

    private static func pieces(of block: MarkdownBlock) -> [MarkdownBlock] {
        switch block {
        case .code(let lines) where lines.count > pieceLines:
            return stride(from: 0, to: lines.count, by: pieceLines).map { .code(lines: Array(lines[$0..<min(lines.count, $0 + pieceLines)])) }
        case .paragraph(let lines) where lines.count > pieceLines:
            return stride(from: 0, to: lines.count, by: pieceLines).map { .paragraph(lines: Array(lines[$0..<min(lines.count, $0 + pieceLines)])) }
        default:
            return [block]
        }
    }
}
