/// A scrollable view of long text, word-wrapped to its width, with a scroll indicator.
///
/// Built for big texts: the text is split into lines once, and only the lines on screen are wrapped,
/// each once per width (cached), so a 10 MB text scrolls without being rewrapped on every frame.
/// Keys: j/k and arrows by a row, PgUp/PgDn, space and `b` by a page, g/G and Home/End to the ends.
@MainActor
public final class TextView {
    /// The text shown; setting it keeps the scroll position where it still exists.
    public var text: String {
        didSet {
            lines = TextWrapper.lines(of: text)
            wrapCache.removeAll()
            fitCache = nil
            topLine = min(topLine, lines.count - 1)
            topRow = 0
        }
    }
    /// The styles of the scroll indicator.
    public var theme: Theme
    /// Whether a scroll bar takes the last column when the text is taller than the view.
    public var showsScrollIndicator: Bool
    /// Restyles each row on screen before it is drawn (a search's matches marked), or nil. Called for
    /// the visible rows only, on every render.
    public var rowDecoration: ((StyledText) -> StyledText)?
    /// The line (of the text, not wrapped) at the top of the view.
    public private(set) var topLine = 0
    /// The row of `topLine` at the top of the view, when it wraps to several.
    public private(set) var topRow = 0
    /// How many lines have been wrapped since creation: lets tests prove wrapping is lazy.
    public private(set) var wrappedLineCount = 0

    private var lines: [Range<String.Index>]
    private var wrapCache: [Int: [Range<String.Index>]] = [:]
    private var wrapWidth = 0
    /// Whether the text fitted the last size asked about.
    private var fitCache: (size: Size, fits: Bool)?
    /// Width and height of the text area at the last render; keys scroll by it.
    private var viewport = Size(width: 80, height: 24)
    /// Enough wrapped lines for many screens; beyond it the cache starts over.
    private let wrapCacheLimit = 4096

    /// Creates a view of `text`, scrolled to its first line.
    public init(text: String, theme: Theme = .default, showsScrollIndicator: Bool = true) {
        self.text = text
        self.theme = theme
        self.showsScrollIndicator = showsScrollIndicator
        self.lines = TextWrapper.lines(of: text)
    }

    /// The number of lines of the text (before wrapping).
    public var lineCount: Int { lines.count }

    /// Draws the wrapped lines from the top position into `area`, with the scroll bar when needed.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let needsIndicator = showsScrollIndicator && area.width >= 2 && !fits(in: area.size)
        let textArea = Rect(x: area.x, y: area.y, width: area.width - (needsIndicator ? 1 : 0), height: area.height)
        viewport = textArea.size
        clampPosition()
        var line = topLine, row = topRow
        var linesShown = 0
        for y in textArea.y..<textArea.maxY {
            guard line < lines.count else { break }
            let rows = rows(ofLine: line)
            let rowText = String(text[rows[row]])
            if let rowDecoration {
                buffer.put(
                    rowDecoration(StyledText(rowText)), at: Point(x: textArea.x, y: y), maxWidth: textArea.width,
                    clip: textArea)
            } else {
                buffer.put(rowText, at: Point(x: textArea.x, y: y), maxWidth: textArea.width, clip: textArea)
            }
            if row == 0 || y == textArea.y { linesShown += 1 }
            if row + 1 < rows.count { row += 1 } else { line += 1; row = 0 }
        }
        if needsIndicator {
            drawIndicator(
                into: &buffer, column: area.maxX - 1, top: area.y, height: area.height, linesShown: linesShown)
        }
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
        case .end, .character("G"): scrollToBottom()
        default: return false
        }
        return true
    }

    /// Goes back to the first row of the text.
    public func scrollToTop() {
        topLine = 0
        topRow = 0
    }

    /// Scrolls so the last row is at the bottom of the view.
    public func scrollToBottom() {
        (topLine, topRow) = bottomPosition()
    }

    /// Moves the view by `rows` wrapped rows (negative: up), stopping at either end.
    public func scroll(by rows: Int) {
        prepareCache(width: viewport.width)
        var position = WrappedScrollPosition(unit: topLine, row: topRow)
        let lineCount = lines.count
        position.move(by: rows, rowCount: { self.rows(ofLine: $0).count }, hasUnit: { $0 < lineCount })
        (topLine, topRow) = (position.unit, position.row)
        clampPosition()
    }

    /// Scrolls as little as needed for `line` (a line of the text, before wrapping) to be in view: its
    /// first row at the top when it is above the view, its last row at the bottom when it is below (its
    /// first row at the top when it is taller than the view). Uses the size of the last render.
    public func reveal(line: Int) {
        guard lines.indices.contains(line) else { return }
        prepareCache(width: viewport.width)
        let start = (line, 0)
        if start < (topLine, topRow) {
            (topLine, topRow) = start
            return
        }
        let lineCount = lines.count
        var lowest = WrappedScrollPosition(unit: line, row: rows(ofLine: line).count - 1)
        lowest.move(
            by: -(max(1, viewport.height) - 1), rowCount: { self.rows(ofLine: $0).count }, hasUnit: { $0 < lineCount })
        // A line taller than the view: its first row at the top rather than its last at the bottom.
        let end = (lowest.unit, lowest.row)
        let top = end < start ? end : start
        if (topLine, topRow) < top { (topLine, topRow) = top }
        clampPosition()
    }

    /// True when the last row is on screen.
    public var isAtBottom: Bool {
        let bottom = bottomPosition()
        return (topLine, topRow) >= bottom
    }

    // MARK: - Wrapping

    private func rows(ofLine line: Int) -> [Range<String.Index>] {
        if let cached = wrapCache[line] { return cached }
        if wrapCache.count >= wrapCacheLimit { wrapCache.removeAll(keepingCapacity: true) }
        let rows = TextWrapper.rows(of: text[lines[line]], width: wrapWidth)
        wrapCache[line] = rows
        wrappedLineCount += 1
        return rows
    }

    private func prepareCache(width: Int) {
        guard width != wrapWidth else { return }
        wrapWidth = width
        wrapCache.removeAll()
    }

    /// Whether the whole text fits in `size` without scrolling: wraps at most `height + 1` rows, and
    /// remembers the answer for the size.
    private func fits(in size: Size) -> Bool {
        if let fitCache, fitCache.size == size { return fitCache.fits }
        var fits = lines.count <= size.height
        if fits {
            var total = 0
            for line in lines {
                total += TextWrapper.rows(of: text[line], width: size.width, limit: size.height + 1 - total).count
                if total > size.height {
                    fits = false
                    break
                }
            }
        }
        fitCache = (size, fits)
        return fits
    }

    /// The top position that shows the last row at the bottom (wraps only the last screenful).
    private func bottomPosition() -> (Int, Int) {
        prepareCache(width: viewport.width)
        var remaining = max(1, viewport.height)
        var line = lines.count - 1
        while line >= 0 {
            let count = rows(ofLine: line).count
            if count >= remaining { return (line, count - remaining) }
            remaining -= count
            line -= 1
        }
        return (0, 0)
    }

    private func clampPosition() {
        prepareCache(width: viewport.width)
        topLine = max(0, min(topLine, lines.count - 1))
        topRow = max(0, min(topRow, rows(ofLine: topLine).count - 1))
        let bottom = bottomPosition()
        if (topLine, topRow) > bottom { (topLine, topRow) = bottom }
    }

    /// A track with a thumb: its position follows the top line (lines, not rows: exact row counts
    /// would need the whole text wrapped), its size the share of lines on screen.
    private func drawIndicator(into buffer: inout Buffer, column: Int, top: Int, height: Int, linesShown: Int) {
        let thumbSize = max(1, min(height, (height * max(1, linesShown) + lines.count / 2) / max(1, lines.count)))
        let start: Int
        if isAtBottom {
            start = height - thumbSize
        } else {
            let fraction =
                (Double(topLine) + Double(topRow) / Double(max(1, rows(ofLine: topLine).count))) / Double(lines.count)
            start = min(height - thumbSize, (topLine == 0 && topRow == 0) ? 0 : max(1, Int(fraction * Double(height))))
        }
        for y in 0..<height {
            let isThumb = y >= start && y < start + thumbSize
            buffer.setGrapheme(
                isThumb ? "█" : "│", width: 1, style: isThumb ? theme.scrollThumb : theme.dim, x: column, y: top + y)
        }
    }
}
