/// The keys of the current scene in two aligned columns (key, what it does), scrollable when taller
/// than its area. The window shows it in a box when `?` is pressed.
@MainActor
public final class HelpOverlay {
    public var keys: [KeyHelp] {
        didSet { scrollOffset = min(scrollOffset, maxScrollOffset(height: lastHeight)) }
    }
    public var theme: Theme
    /// The first key shown.
    public private(set) var scrollOffset = 0
    private var lastHeight = 1
    /// Key columns wider than this are truncated, so summaries keep room.
    private let maximumKeyColumnWidth = 16

    public init(keys: [KeyHelp], theme: Theme = .default) {
        self.keys = keys
        self.theme = theme
    }

    /// The size that shows every key without truncation.
    public var preferredSize: Size {
        let keyColumn = min(maximumKeyColumnWidth, keys.map(\.key.displayWidth).max() ?? 0)
        let summaries = keys.map(\.summary.displayWidth).max() ?? 0
        return Size(width: keyColumn + 2 + summaries, height: max(1, keys.count))
    }

    /// Draws the visible keys; a dim "↓" in the last column tells that more follow below.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        lastHeight = area.height
        scrollOffset = min(scrollOffset, maxScrollOffset(height: area.height))
        let keyColumn = min(maximumKeyColumnWidth, keys.map(\.key.displayWidth).max() ?? 0, max(1, area.width / 2))
        let summaryX = area.x + keyColumn + 2
        for row in 0..<area.height {
            let index = scrollOffset + row
            guard index < keys.count else { break }
            let y = area.y + row
            buffer.put(line: StyledText(keys[index].key, style: theme.keyName), at: Point(x: area.x, y: y), width: keyColumn, clip: area)
            if summaryX < area.maxX {
                buffer.put(line: keys[index].summary, at: Point(x: summaryX, y: y), width: area.maxX - summaryX, clip: area)
            }
        }
        if scrollOffset > 0 {
            buffer.put("↑", at: Point(x: area.maxX - 1, y: area.y), style: theme.dim, clip: area)
        }
        if scrollOffset < maxScrollOffset(height: area.height) {
            buffer.put("↓", at: Point(x: area.maxX - 1, y: area.maxY - 1), style: theme.dim, clip: area)
        }
    }

    /// Scrolls with j/k, arrows, PgUp/PgDn, space, g/G, Home/End; returns false for other keys.
    public func handle(_ key: Key) -> Bool {
        let page = max(1, lastHeight - 1)
        switch key {
        case .down, .character("j"): scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .pageDown, .character(" "): scroll(by: page)
        case .pageUp: scroll(by: -page)
        case .home, .character("g"): scrollOffset = 0
        case .end, .character("G"): scrollOffset = maxScrollOffset(height: lastHeight)
        default: return false
        }
        return true
    }

    private func scroll(by rows: Int) {
        scrollOffset = max(0, min(maxScrollOffset(height: lastHeight), scrollOffset + rows))
    }

    private func maxScrollOffset(height: Int) -> Int {
        max(0, keys.count - max(1, height))
    }
}
