/// Where the columns of a row go at one width: which columns are shown (by index into
/// ``Layout/columns``) and how wide each is. The widths and the gaps between them never exceed the
/// width: the last columns are cut at the edge, as `ListView` cuts them.
public struct LayoutRowPlan: Hashable, Sendable {
    /// Indices into the layout's columns, left to right.
    public var shown: [Int]
    /// The width of each shown column, cut at the right edge.
    public var widths: [Int]
    /// The width each shown column asked for, before the cut at the right edge.
    public var sizes: [Int]
    /// Columns between two shown columns.
    public var gap: Int

    /// The columns a `ListView` draws the plan with.
    public func listColumns(of layout: Layout) -> [ListColumn] {
        zip(shown, widths).map { ListColumn(.fixed($1), alignment: layout.columns[$0].alignment.textAlignment) }
    }
}

extension Layout {
    /// The plan of a row `width` columns wide. `natural(i)` is the widest value column `i` (a `fit`
    /// column) has: the room left by fixed columns and gaps is shared out from it.
    ///
    /// Fixed columns and uncapped `fit` columns take their width; `fit max N%` and `N%` columns take
    /// their share of what is left (the room); the `fill` column takes the rest, at least its minimum.
    public func rowPlan(width: Int, natural: (Int) -> Int) -> LayoutRowPlan {
        let width = max(0, width)
        let shown = columns.indices.filter { columns[$0].shownFrom <= width }
        let gaps = gap * max(0, shown.count - 1)
        var sizes = [Int](repeating: 0, count: shown.count)
        var taken = 0
        for (slot, index) in shown.enumerated() {
            switch columns[index].width {
            case .fixed(let size): sizes[slot] = size
            case .fit(nil): sizes[slot] = min(max(0, natural(index)), LayoutLoader.maximumNumber)
            default: continue
            }
            taken += sizes[slot]
        }
        let room = max(0, width - gaps - taken)
        for (slot, index) in shown.enumerated() {
            switch columns[index].width {
            case .fit(let percent?): sizes[slot] = min(max(0, natural(index)), room * percent / 100)
            case .share(let percent): sizes[slot] = room * percent / 100
            default: continue
            }
        }
        if let slot = shown.firstIndex(where: {
            if case .fill = columns[$0].width { return true } else { return false }
        }),
            case .fill(let minimum) = columns[shown[slot]].width
        {
            let others = sizes.reduce(0, +) - sizes[slot]
            sizes[slot] = max(minimum, width - gaps - others)
        }
        // Cut at the right edge: a column that starts beyond it gets no width.
        var x = 0
        let widths = sizes.map { size -> Int in
            let placed = max(0, min(size, width - x))
            x += size + gap
            return placed
        }
        return LayoutRowPlan(shown: shown, widths: widths, sizes: sizes, gap: gap)
    }

    /// The text of one column, its items joined; `value(item)` gives an outlet item's value (for a
    /// flag: any text when on, empty when off).
    public func text(of column: LayoutColumn, theme: Theme, value: (LayoutItem) -> StyledText) -> StyledText {
        Self.text(of: column.items, style: column.role.map { theme[$0] } ?? .plain, theme: theme, value: value)
    }

    /// The text of items in a part drawn in `style` (an item's own role goes over it).
    public static func text(
        of items: [LayoutItem], style: Style, theme: Theme, value: (LayoutItem) -> StyledText
    ) -> StyledText {
        if items.count == 1 { return text(of: items[0], style: style, theme: theme, value: value) }
        var text = StyledText()
        for item in items { text.append(self.text(of: item, style: style, theme: theme, value: value)) }
        return text
    }

    private static func text(
        of item: LayoutItem, style: Style, theme: Theme, value: (LayoutItem) -> StyledText
    ) -> StyledText {
        let style = item.role.map { theme[$0] } ?? style
        var text: StyledText
        switch item.content {
        case .literal(let literal):
            return StyledText(literal, style: style)
        case .outlet:
            text = value(item)
        }
        if item.type == .flag {
            guard !text.isEmpty else { return StyledText("", style: style) }
            return StyledText(item.prefix + (item.label ?? "*") + item.suffix, style: style)
        }
        // The common case (a value in one plain span, nothing around it) costs one span, not a copy.
        if item.label == nil, item.prefix.isEmpty, item.suffix.isEmpty, text.spans.count == 1,
            text.spans[0].style == .plain,
            !text.spans[0].text.isEmpty
        {
            return StyledText(text.spans[0].text, style: style)
        }
        if text.isEmpty {
            text = StyledText(item.empty)
        } else if !item.prefix.isEmpty || !item.suffix.isEmpty {
            text = StyledText(item.prefix) + text + StyledText(item.suffix)
        }
        if let label = item.label { text = StyledText(label) + text }
        return style == .plain ? text : text.over(style)
    }

    /// Whether every outlet item of `items` is empty (a `hide-empty` line is then left out).
    public static func outletsAreEmpty(_ items: [LayoutItem], value: (LayoutItem) -> StyledText) -> Bool {
        items.allSatisfy { item in
            if case .outlet = item.content { return value(item).isEmpty }
            return true
        }
    }

    /// The lines above the body at `width`, at most `height` of them, for a scene `sceneHeight` high:
    /// a `wrap` line takes up to its `max-lines` (default: half the scene's height less one), word
    /// by word, its last line cut with `…` when the text goes on. Each is at most `width` wide once
    /// drawn with `put(line:)`.
    public func lineTexts(
        width: Int, height: Int, sceneHeight: Int? = nil, theme: Theme, value: (LayoutItem) -> StyledText
    ) -> [(text: StyledText, alignment: TextAlignment)] {
        var result: [(text: StyledText, alignment: TextAlignment)] = []
        for line in lines where result.count < height {
            var style = line.role.map { theme[$0] } ?? .plain
            if line.bold { style.attributes.insert(.bold) }
            let alignment = line.alignment.textAlignment
            if let rule = line.rule {
                let count = (max(0, width) + max(1, rule.displayWidth) - 1) / max(1, rule.displayWidth)
                result.append((StyledText(String(repeating: rule, count: count), style: style), alignment))
                continue
            }
            if line.hiddenWhenEmpty, Self.outletsAreEmpty(line.items, value: value) { continue }
            let text = Self.text(of: line.items, style: style, theme: theme, value: value)
            guard line.overflow == .wrap, width > 0 else {
                result.append((text, alignment))
                continue
            }
            let limit = min(
                height - result.count,
                line.maximumLines > 0 ? line.maximumLines : max(1, (sceneHeight ?? height) / 2 - 1))
            let rows = Self.wrappedRows(text.plainText, width: width, maximumRows: limit)
            result.append(contentsOf: rows.map { (StyledText($0, style: text.spans.first?.style ?? style), alignment) })
        }
        return result
    }

    /// The most of a text ever wrapped: a hostile 10 MB value costs no more than this to draw.
    public static let maximumWrappedBytes = 8_192

    /// `text` wrapped by words to `width` on at most `maximumRows` rows; text longer than that ends its
    /// last row with `…` (`put(line:)` cuts the rest there).
    static func wrappedRows(_ text: String, width: Int, maximumRows: Int) -> [String] {
        let maximumRows = max(1, maximumRows)
        let bounded = text.utf8.count <= maximumWrappedBytes ? text : String(text.prefix(maximumWrappedBytes))
        let isCut = bounded.utf8.count < text.utf8.count
        let ranges = TextWrapper.rows(of: bounded[...], width: max(1, width), limit: maximumRows + 1)
        guard ranges.count > maximumRows || isCut else { return ranges.map { String(bounded[$0]) } }
        var rows = ranges.prefix(maximumRows - 1).map { String(bounded[$0]) }
        let rest = String(bounded[ranges[min(maximumRows, ranges.count) - 1].lowerBound...])
        rows.append(ranges.count > maximumRows ? rest : rest + String(repeating: " ", count: max(1, width)) + "…")
        return rows
    }

    /// Draws the lines and leaves the area under them to the body: returns the body's area.
    @discardableResult
    public func renderLines(
        into buffer: inout Buffer, area: Rect, theme: Theme, value: (LayoutItem) -> StyledText
    ) -> Rect {
        guard !area.isEmpty else { return area }
        // The body keeps at least one line when there is more than one.
        let texts = lineTexts(
            width: area.width, height: area.height <= 1 ? area.height : area.height - 1, sceneHeight: area.height,
            theme: theme, value: value)
        for (row, line) in texts.enumerated() {
            buffer.put(
                line: line.text, at: Point(x: area.x, y: area.y + row), width: area.width, alignment: line.alignment,
                clip: area)
        }
        return area.inset(top: texts.count)
    }
}
