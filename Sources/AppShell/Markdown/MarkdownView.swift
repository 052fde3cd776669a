/// A scrollable view of Markdown, rendered: headings, emphasis, code, quotes, lists, tables, links.
///
/// Built like `TextView` for big texts: the document's blocks are found only as far as they are shown
/// (the end is found when asked for, by `G` or End, by a skim that parses only the last screen's
/// blocks), and only the blocks on screen are laid out, each once
/// per width (cached), so a 10 MB entry opens at once and scrolls without touching what is not shown.
/// Keys are `TextView`'s.
@MainActor
public final class MarkdownView {
    /// The Markdown shown; setting it parses its blocks and starts at the top.
    public var text: String {
        didSet {
            document = MarkdownDocument(parsing: text)
            rowCache.removeAll()
            fitCache = nil
            topBlock = 0
            topRow = 0
        }
    }
    /// The theme the view draws in; setting it restyles the Markdown and lays the shown blocks out again.
    public var theme: Theme {
        didSet {
            layout.styles = MarkdownStyles(theme: theme)
            rowCache.removeAll()
        }
    }
    /// Whether a scroll bar is drawn in the rightmost column when the text does not fit.
    public var showsScrollIndicator: Bool
    /// Restyles each row on screen before it is drawn (a search's matches marked), or nil. Called for
    /// the visible rows only, on every render.
    public var rowDecoration: ((StyledText) -> StyledText)?
    /// The block at the top of the view, and its row at the top.
    public private(set) var topBlock = 0
    /// The row of `topBlock`'s layout shown on the view's first row, 0 for the block's first.
    public private(set) var topRow = 0
    /// How many blocks have been laid out since creation: lets tests prove layout is lazy.
    public private(set) var laidOutBlockCount = 0

    private var document: MarkdownDocument
    private var layout: MarkdownLayout
    private var rowCache: [Int: [StyledText]] = [:]
    private var layoutWidth = 0
    private var fitCache: (size: Size, fits: Bool)?
    private var viewport = Size(width: 80, height: 24)
    private let rowCacheLimit = 2048

    /// With `keepsLineBreaks` (the default) a line break inside a paragraph shows as one, as GitHub
    /// comments and Obsidian show them; without, it is a space (CommonMark).
    public init(text: String, theme: Theme = .default, showsScrollIndicator: Bool = true, keepsLineBreaks: Bool = true)
    {
        self.text = text
        self.theme = theme
        self.showsScrollIndicator = showsScrollIndicator
        self.document = MarkdownDocument(parsing: text)
        self.layout = MarkdownLayout(styles: MarkdownStyles(theme: theme), keepsLineBreaks: keepsLineBreaks)
    }

    /// The number of top-level blocks found so far (long ones count once per piece).
    public var parsedBlockCount: Int { document.blockCount }

    /// Draws the rows on screen from the top position into `area`, with the scroll bar when needed.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let needsIndicator = showsScrollIndicator && area.width >= 2 && !fits(in: area.size)
        let textArea = Rect(x: area.x, y: area.y, width: area.width - (needsIndicator ? 1 : 0), height: area.height)
        viewport = textArea.size
        clampPosition()
        var block = topBlock, row = topRow
        for y in textArea.y..<textArea.maxY {
            guard document.block(block) != nil else { break }
            let rows = rows(ofBlock: block)
            if row < rows.count {
                buffer.put(
                    rowDecoration?(rows[row]) ?? rows[row], at: Point(x: textArea.x, y: y), maxWidth: textArea.width,
                    clip: textArea)
            }
            if row + 1 < rows.count { row += 1 } else { block += 1; row = 0 }
        }
        if needsIndicator { drawIndicator(into: &buffer, column: area.maxX - 1, top: area.y, height: area.height) }
    }

    /// Scrolls; returns false for keys the view does not use.
    public func handle(_ key: Key) -> Bool {
        let page = max(1, viewport.height - 1)
        switch key {
        case .down, .character("j"): scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .pageDown, .character(" "): scroll(by: page)
        case .pageUp, .character("b"): scroll(by: -page)
        case .home, .character("g"): scrollToTop()
        case .end, .character("G"): (topBlock, topRow) = bottomPosition()
        default: return false
        }
        return true
    }

    /// Goes back to the first row of the document.
    public func scrollToTop() {
        topBlock = 0
        topRow = 0
    }

    /// Moves the view by `rows` rendered rows (negative: up), stopping at either end.
    public func scroll(by rows: Int) {
        prepareCache(width: viewport.width)
        var position = WrappedScrollPosition(unit: topBlock, row: topRow)
        position.move(by: rows, rowCount: { self.rows(ofBlock: $0).count }, hasUnit: { self.document.block($0) != nil })
        (topBlock, topRow) = (position.unit, position.row)
        clampPosition()
    }

    // MARK: - Layout

    /// The rendered rows of a block, with the blank row after it when one follows.
    private func rows(ofBlock block: Int) -> [StyledText] {
        if let cached = rowCache[block] { return cached }
        if rowCache.count >= rowCacheLimit { rowCache.removeAll(keepingCapacity: true) }
        guard let markdown = document.block(block) else { return [] }
        var rows = layout.rows(of: markdown, width: layoutWidth)
        if document.isSpaced(after: block) { rows.append(StyledText()) }
        rowCache[block] = rows
        laidOutBlockCount += 1
        return rows
    }

    private func prepareCache(width: Int) {
        guard width != layoutWidth else { return }
        layoutWidth = width
        rowCache.removeAll()
    }

    /// Whether the whole document fits in `size`: lays out blocks only until it is known not to.
    private func fits(in size: Size) -> Bool {
        if let fitCache, fitCache.size == size { return fitCache.fits }
        var fits = true
        var total = 0
        var block = 0
        while let markdown = document.block(block) {
            total += layout.rows(of: markdown, width: size.width).count + (document.isSpaced(after: block) ? 1 : 0)
            if total > size.height {
                fits = false
                break
            }
            block += 1
        }
        fitCache = (size, fits)
        return fits
    }

    private func bottomPosition() -> (Int, Int) {
        prepareCache(width: viewport.width)
        document.parseAll()
        var remaining = max(1, viewport.height)
        var block = document.blockCount - 1
        while block >= 0 {
            let count = rows(ofBlock: block).count
            if count >= remaining { return (block, count - remaining) }
            remaining -= count
            block -= 1
        }
        return (0, 0)
    }

    private func clampPosition() {
        prepareCache(width: viewport.width)
        guard document.block(0) != nil else {
            (topBlock, topRow) = (0, 0)
            return
        }
        topBlock = max(0, topBlock)
        if document.block(topBlock) == nil { topBlock = document.blockCount - 1 }
        topRow = max(0, min(topRow, rows(ofBlock: topBlock).count - 1))
        // Past the bottom only when what follows does not fill the view.
        if showsLastRow() {
            let bottom = bottomPosition()
            if (topBlock, topRow) > bottom { (topBlock, topRow) = bottom }
        }
    }

    /// Whether the last row is on screen: looks ahead one screen from the top, parsing no further.
    private func showsLastRow() -> Bool {
        var rowsBelow = rows(ofBlock: topBlock).count - topRow
        var next = topBlock + 1
        while rowsBelow <= viewport.height, document.block(next) != nil {
            rowsBelow += rows(ofBlock: next).count
            next += 1
        }
        return rowsBelow <= viewport.height
    }

    /// A track with a thumb placed by the top block's first line's share of all lines (exact row
    /// counts would need the whole document laid out).
    private func drawIndicator(into buffer: inout Buffer, column: Int, top: Int, height: Int) {
        let count = max(1, document.lineCount)
        let atBottom = showsLastRow()
        let thumbSize = max(1, min(height, height * height / max(height, count)))
        let start: Int
        if atBottom {
            start = height - thumbSize
        } else if topBlock == 0 && topRow == 0 {
            start = 0
        } else {
            start = max(
                0,
                min(
                    height - thumbSize - 1,
                    max(1, Int(Double(document.startLine(of: topBlock)) / Double(count) * Double(height)))))
        }
        for y in 0..<height {
            let isThumb = y >= start && y < start + thumbSize
            buffer.setGrapheme(
                isThumb ? "█" : "│", width: 1, style: isThumb ? theme.scrollThumb : theme.dim, x: column, y: top + y)
        }
    }
}
