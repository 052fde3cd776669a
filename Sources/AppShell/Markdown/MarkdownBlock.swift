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

/// The top-level blocks of a document, with whether a blank row follows each when shown. A long code
/// block or paragraph is split into pieces that follow each other without a blank row, so that no one
/// block takes long to lay out.
public struct MarkdownDocument: Sendable {
    public var blocks: [MarkdownBlock]
    /// `spacedAfter[i]`: a blank row separates block `i` from the next.
    public var spacedAfter: [Bool]

    public init(blocks: [MarkdownBlock], spacedAfter: [Bool]? = nil) {
        self.blocks = blocks
        self.spacedAfter = spacedAfter ?? blocks.indices.map { $0 < blocks.count - 1 }
    }

    /// Parses `text` (see `MarkdownBlockParser`).
    public init(parsing text: String) {
        let lines = TextWrapper.lines(of: text).map { text[$0] }
        var blocks: [MarkdownBlock] = []
        var spaced: [Bool] = []
        for block in MarkdownBlockParser.parse(lines) {
            for (index, piece) in Self.pieces(of: block).enumerated() {
                if index > 0, !spaced.isEmpty { spaced[spaced.count - 1] = false }
                blocks.append(piece)
                spaced.append(true)
            }
        }
        if !spaced.isEmpty { spaced[spaced.count - 1] = false }
        self.init(blocks: blocks, spacedAfter: spaced)
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
