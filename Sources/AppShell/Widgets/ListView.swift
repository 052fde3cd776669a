/// A virtualized list with a selection: the terminal's `UITableView`.
///
/// It asks its data source only for the rows on screen, keeps the selection visible while it moves
/// (j/k, arrows, PgUp/PgDn, g/G, Home/End), and tells `selectionDidChange` where it went. Enter and
/// other keys are left to the scene that owns the list.
@MainActor
public final class ListView {
    /// Where the rows come from; call `reload()` after its count changes.
    public var dataSource: any ListDataSource
    /// The styles of the selected row and of the empty-list text.
    public var theme: Theme
    /// Column layout for `.columns` rows; rows of `.text` ignore it.
    public var columns: [ListColumn]
    /// Columns between two list columns.
    public var columnSpacing: Int
    /// Shown when the source has no rows.
    public var emptyText: String
    /// Called with the new selection after a key, `select(_:)` or `reload()` moved it.
    public var selectionDidChange: ((Int?) -> Void)?
    /// The selected row; nil when the list is empty.
    public private(set) var selectedIndex: Int?
    /// The first row on screen.
    public private(set) var scrollOffset = 0
    /// Rows that fit on screen, from the last render (paging uses it).
    public private(set) var visibleRowCount = 1
    /// Lines each row takes: 1, or 2 to show each row's ``ListRow/detail`` under it.
    public var rowHeight = 1 {
        didSet { rowHeight = max(1, rowHeight) }
    }
    /// Where the rows were last drawn: a click there selects the row under it.
    private var renderedArea: Rect?
    /// The column rows drawn in the last frame, by index in the source: a key that moves the selection
    /// changes two rows, and a scroll by a line moves the others, which are copied instead of laid out
    /// again (a row's cells do not depend on its line).
    private var drawnRows: [Int: DrawnRow] = [:]
    /// The rows drawn in this frame so far, the next frame's `drawnRows`.
    private var rowsBeingDrawn: [Int: DrawnRow] = [:]
    /// What `drawnRows` were drawn with besides their own texts; a change forgets them.
    private var drawnRowsLayout: (columns: [ListColumn], spacing: Int, width: Int)?

    /// Creates a list over `dataSource` with its first row selected (none when it is empty).
    public init(
        dataSource: any ListDataSource, theme: Theme = .default, columns: [ListColumn] = [],
        columnSpacing: Int = 2, emptyText: String = "Nothing to show"
    ) {
        self.dataSource = dataSource
        self.theme = theme
        self.columns = columns
        self.columnSpacing = columnSpacing
        self.emptyText = emptyText
        self.selectedIndex = dataSource.count > 0 ? 0 : nil
    }

    /// Re-reads the source's count after it changed: keeps the selection in range (the first row when
    /// the list was empty) and tells `selectionDidChange` if it moved.
    public func reload() {
        let previous = selectedIndex
        clampSelection(count: dataSource.count)
        if selectedIndex != previous { selectionDidChange?(selectedIndex) }
    }

    /// A press of the left button on a row selects it (true); any other mouse event is not the list's.
    private func handleClick(_ event: MouseEvent) -> Bool {
        guard event.action == .press, let area = renderedArea,
            (area.x..<area.maxX).contains(event.x), (area.y..<area.maxY).contains(event.y)
        else { return false }
        let index = scrollOffset + (event.y - area.y) / rowHeight
        guard index < dataSource.count else { return false }
        select(index)
        return true
    }

    /// Selects the row at `index` (clamped to the rows there are), scrolls it into view and tells
    /// `selectionDidChange` if it moved; does nothing on an empty list.
    public func select(_ index: Int) {
        let count = dataSource.count
        guard count > 0 else { return }
        let target = max(0, min(count - 1, index))
        let previous = selectedIndex
        selectedIndex = target
        scrollSelectionIntoView(count: count)
        if target != previous { selectionDidChange?(target) }
    }

    /// Draws the rows on screen into `area` with the selection highlighted, or `emptyText` when there are none.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        visibleRowCount = max(1, area.height / rowHeight)
        renderedArea = area
        let count = dataSource.count
        clampSelection(count: count)
        guard count > 0 else {
            buffer.put(
                line: emptyText, at: Point(x: area.x, y: area.y), width: area.width, style: theme.dim, clip: area)
            return
        }
        defer {
            // Only the rows on screen are kept.
            swap(&drawnRows, &rowsBeingDrawn)
            rowsBeingDrawn.removeAll(keepingCapacity: true)
        }
        for row in 0..<min(visibleRowCount, count - scrollOffset) {
            let index = scrollOffset + row
            let style = index == selectedIndex ? theme.selection : Style.plain
            let top = area.y + row * rowHeight
            let rowRect = Rect(x: area.x, y: top, width: area.width, height: 1)
            let listRow = dataSource.row(at: index)
            draw(listRow, in: rowRect, style: style, buffer: &buffer, index: index)
            for line in 1..<rowHeight where top + line < area.maxY {
                let lineRect = Rect(x: area.x, y: top + line, width: area.width, height: 1)
                buffer.fill(lineRect, with: Cell(text: " ", style: style))
                if line == 1, let detail = listRow.detail, area.width > 2 {
                    buffer.put(
                        line: detail, at: Point(x: area.x + 2, y: top + 1), width: area.width - 2, style: style,
                        clip: lineRect)
                }
            }
        }
    }

    /// Moves the selection; returns false for keys the list does not use.
    public func handle(_ key: Key) -> Bool {
        if case .mouse(let event) = key { return handleClick(event) }
        let count = dataSource.count
        guard count > 0 else {
            return [
                .down, .up, .pageDown, .pageUp, .home, .end, .character("j"), .character("k"), .character("g"),
                .character("G"),
            ].contains(key)
        }
        let current = selectedIndex ?? 0
        let page = max(1, visibleRowCount)
        switch key {
        case .down, .character("j"): select(current + 1)
        case .up, .character("k"): select(current - 1)
        case .pageDown: select(current + page)
        case .pageUp: select(current - page)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(count - 1)
        default: return false
        }
        return true
    }

    /// A column row as drawn: its texts, its style and its cells (a function of those, the columns,
    /// their spacing and the width alone, since the row's rect is filled first).
    private struct DrawnRow {
        var texts: [StyledText]
        var style: Style
        var cells: [Cell]
    }

    private func draw(_ row: ListRow, in rect: Rect, style: Style, buffer: inout Buffer, index: Int) {
        guard case .columns(let texts) = row.content, rect.height == 1, rect.x >= 0, rect.y >= 0,
            rect.maxX <= buffer.size.width, rect.y < buffer.size.height
        else {
            draw(row, in: rect, style: style, buffer: &buffer)
            return
        }
        if let layout = drawnRowsLayout,
            layout.columns != columns || layout.spacing != columnSpacing || layout.width != rect.width
        {
            drawnRows.removeAll()
        }
        drawnRowsLayout = (columns, columnSpacing, rect.width)
        if let drawn = drawnRows[index], drawn.style == style, drawn.texts == texts {
            buffer.put(row: drawn.cells, in: rect)
            rowsBeingDrawn[index] = drawn
            return
        }
        draw(row, in: rect, style: style, buffer: &buffer)
        rowsBeingDrawn[index] = DrawnRow(texts: texts, style: style, cells: buffer.cells(ofRow: rect))
    }

    /// Forgets the rows drawn so far: the next frame lays out every row again (tests compare the two).
    func forgetDrawnRows() {
        drawnRows.removeAll()
        rowsBeingDrawn.removeAll()
        drawnRowsLayout = nil
    }

    private func draw(_ row: ListRow, in rect: Rect, style: Style, buffer: inout Buffer) {
        let origin = Point(x: rect.x, y: rect.y)
        switch row.content {
        case .text(let text):
            buffer.put(line: text, at: origin, width: rect.width, style: style, clip: rect)
        case .columns(let texts):
            buffer.fill(rect, with: Cell(text: " ", style: style))
            let frames = ListColumn.layout(columns, width: rect.width, spacing: columnSpacing)
            for (index, frame) in frames.enumerated() where index < texts.count && frame.width > 0 {
                buffer.put(
                    line: texts[index], at: Point(x: rect.x + frame.x, y: rect.y), width: frame.width, style: style,
                    alignment: columns[index].alignment, clip: rect
                )
            }
        case .custom(let render):
            // Drawn into a buffer of the row's size and copied: a custom row cannot reach outside itself.
            var rowBuffer = Buffer(size: rect.size, filling: Cell(text: " ", style: style))
            render(&rowBuffer, rowBuffer.area, style)
            buffer.fill(rect, with: Cell(text: " ", style: style))  // repairs wide graphemes cut by the edges
            for x in 0..<rect.width {
                buffer[rect.x + x, rect.y] = rowBuffer[x, 0]
            }
        }
    }

    private func clampSelection(count: Int) {
        if count == 0 {
            selectedIndex = nil
            scrollOffset = 0
            return
        }
        selectedIndex = max(0, min(count - 1, selectedIndex ?? 0))
        scrollSelectionIntoView(count: count)
    }

    private func scrollSelectionIntoView(count: Int) {
        let height = max(1, visibleRowCount)
        let selected = selectedIndex ?? 0
        if selected < scrollOffset { scrollOffset = selected }
        if selected >= scrollOffset + height { scrollOffset = selected - height + 1 }
        scrollOffset = max(0, min(scrollOffset, count - height))
    }
}
