/// The keys of the current scene in two aligned columns (key, what it does), scrollable when taller
/// than its area. A line without a key (the scene's help sentence) is wrapped across the whole width.
/// The window shows it in a box when `?` is pressed.
@MainActor
public final class HelpOverlay {
    /// The lines shown, in order; setting them keeps the scroll position within the new lines.
    public var keys: [KeyHelp] {
        didSet { scrollOffset = min(scrollOffset, maxScrollOffset(in: lastSize)) }
    }
    /// The styles of the key column and the summaries.
    public var theme: Theme
    /// The first row shown (a wrapped sentence takes several rows).
    public private(set) var scrollOffset = 0
    private var lastSize = Size(width: 1, height: 1)
    /// Key columns wider than this are truncated, so summaries keep room.
    private let maximumKeyColumnWidth = 24
    /// Sentences wrap at this width rather than widen the box past its keys.
    private let comfortableSentenceWidth = 48
    /// Columns kept at the right for the "↑"/"↓" scroll marks (a blank, then the mark) when scrolling.
    private static let indicatorWidth = 2

    /// Creates an overlay listing `keys`, scrolled to the top.
    public init(keys: [KeyHelp], theme: Theme = .default) {
        self.keys = keys
        self.theme = theme
    }

    /// The size that shows every key without truncation, sentences wrapped at a comfortable width.
    public var preferredSize: Size {
        preferredSize(fitting: Size(width: .max, height: .max))
    }

    /// The size that best shows the keys in `available`: key lines whole when they fit, sentences
    /// wrapped, and room for the scroll marks when the rows do not all fit.
    public func preferredSize(fitting available: Size) -> Size {
        let keyed = keys.filter { !$0.key.isEmpty }
        let keyLinesWidth =
            keyed.isEmpty
            ? 0 : keyColumnWidth(for: keyed, width: .max) + 2 + (keyed.map(\.summary.displayWidth).max() ?? 0)
        let sentenceWidth = keys.filter { $0.key.isEmpty }.map(\.summary.displayWidth).max() ?? 0
        var width = min(
            available.width, max(1, keyLinesWidth, min(sentenceWidth, max(keyLinesWidth, comfortableSentenceWidth))))
        let rows = layout(width: width).count
        if rows > available.height {
            width = min(available.width, width + Self.indicatorWidth)
        }
        return Size(
            width: width,
            height: max(
                1,
                min(available.height, layout(width: textWidth(in: Size(width: width, height: available.height))).count))
        )
    }

    /// Draws the visible rows; a dim "↑"/"↓" in a column of its own tells that more rows are above/below.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        lastSize = area.size
        scrollOffset = min(scrollOffset, maxScrollOffset(in: area.size))
        let textWidth = textWidth(in: area.size)
        let rows = layout(width: textWidth)
        let keyColumn = keyColumnWidth(for: keys.filter { !$0.key.isEmpty }, width: textWidth)
        let summaryX = area.x + keyColumn + 2
        for row in 0..<area.height {
            let index = scrollOffset + row
            guard index < rows.count else { break }
            let y = area.y + row
            switch rows[index] {
            case .text(let text):
                buffer.put(line: text, at: Point(x: area.x, y: y), width: textWidth, clip: area)
            case .key(let help):
                buffer.put(
                    line: StyledText(help.key, style: theme.keyName), at: Point(x: area.x, y: y),
                    width: min(keyColumn, textWidth), clip: area)
                if summaryX < area.x + textWidth {
                    buffer.put(
                        line: help.summary, at: Point(x: summaryX, y: y), width: area.x + textWidth - summaryX,
                        clip: area)
                }
            case .wholeKey(let key):
                buffer.put(
                    line: StyledText(key, style: theme.keyName), at: Point(x: area.x, y: y), width: textWidth,
                    clip: area)
            case .summary(let summary):
                if summaryX < area.x + textWidth {
                    buffer.put(
                        line: summary, at: Point(x: summaryX, y: y), width: area.x + textWidth - summaryX, clip: area)
                }
            }
        }
        if scrollOffset > 0 {
            buffer.put("↑", at: Point(x: area.maxX - 1, y: area.y), style: theme.dim, clip: area)
        }
        if scrollOffset < maxScrollOffset(in: area.size) {
            buffer.put("↓", at: Point(x: area.maxX - 1, y: area.maxY - 1), style: theme.dim, clip: area)
        }
    }

    /// Scrolls with j/k, arrows, PgUp/PgDn, space, g/G, Home/End; returns false for other keys.
    public func handle(_ key: Key) -> Bool {
        let page = max(1, lastSize.height - 1)
        switch key {
        case .down, .character("j"): scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .pageDown, .character(" "): scroll(by: page)
        case .pageUp: scroll(by: -page)
        case .home, .character("g"): scrollOffset = 0
        case .end, .character("G"): scrollOffset = maxScrollOffset(in: lastSize)
        default: return false
        }
        return true
    }

    // MARK: Layout

    /// One row of the overlay: a key with its summary, or a row of a wrapped sentence. A key wider
    /// than the key column (`esc/backspace` in a narrow box) takes a row of its own, its summary the
    /// next, rather than being cut: a key name cut short names no key.
    private enum Row {
        case key(KeyHelp)
        case text(String)
        case wholeKey(String)
        case summary(String)
    }

    /// The rows at `width` columns of text.
    private func layout(width: Int) -> [Row] {
        let keyColumn = keyColumnWidth(for: keys.filter { !$0.key.isEmpty }, width: width)
        return keys.flatMap { help -> [Row] in
            if !help.key.isEmpty {
                return help.key.displayWidth > keyColumn ? [.wholeKey(help.key), .summary(help.summary)] : [.key(help)]
            }
            return TextWrapper.rows(of: help.summary[...], width: width).map { .text(String(help.summary[$0])) }
        }
    }

    /// The columns left for text in `size`: all of them, or all but the scroll marks' when the rows
    /// do not fit (the marks never cover text).
    private func textWidth(in size: Size) -> Int {
        guard layout(width: size.width).count > size.height else { return size.width }
        return max(0, size.width - Self.indicatorWidth)
    }

    private func keyColumnWidth(for keyed: [KeyHelp], width: Int) -> Int {
        min(maximumKeyColumnWidth, keyed.map(\.key.displayWidth).max() ?? 0, max(1, width / 2))
    }

    private func scroll(by rows: Int) {
        scrollOffset = max(0, min(maxScrollOffset(in: lastSize), scrollOffset + rows))
    }

    private func maxScrollOffset(in size: Size) -> Int {
        max(0, layout(width: textWidth(in: size)).count - max(1, size.height))
    }
}
