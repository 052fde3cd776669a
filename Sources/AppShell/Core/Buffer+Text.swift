/// Which end of a line gives way when it is too long: `.tail` keeps the start ("Long na…"), `.head`
/// keeps the end ("…s › Details", for title paths).
public enum Truncation: Sendable {
    /// `tail` cuts the end of the line and keeps its start; `head` cuts the start and keeps its end.
    case tail, head
}

/// Where a line shorter than its width sits.
public enum TextAlignment: Sendable {
    /// Against the left edge, against the right edge, or with the spare columns split evenly on both sides.
    case leading, trailing, center
}

extension Buffer {
    /// Draws `text` from `point` rightwards on one row and returns the columns it used.
    ///
    /// Text is sanitized (controls shown as `^[`-style notation, see `TextSanitizer`), tabs expand to
    /// the next multiple of `GlyphLayout.tabWidth` columns counted from `point.x`, wide graphemes take
    /// two columns. Drawing stops at `maxWidth` columns, at the edge of `clip` and of the buffer; a wide
    /// grapheme that would be cut there is drawn as a blank. Nothing is wrapped.
    @discardableResult
    public mutating func put(
        _ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil, clip: Rect? = nil
    ) -> Int {
        put(StyledText(text, style: style), at: point, maxWidth: maxWidth, clip: clip)
    }

    /// Draws styled `text` from `point` rightwards on one row; see `put(_:at:style:maxWidth:clip:)`.
    @discardableResult
    public mutating func put(_ text: StyledText, at point: Point, maxWidth: Int? = nil, clip: Rect? = nil) -> Int {
        var layout = GlyphLayout(spans: text.spans)
        let bounds = clip.map { $0.intersection(area) } ?? area
        let right = min(bounds.maxX, maxWidth.map { point.x + max(0, $0) } ?? Int.max)
        return draw(&layout, at: point, bounds: bounds, right: right, cutWideAs: .blank).end - point.x
    }

    /// Draws `text` as a line of exactly `width` columns: shorter text is aligned and the rest filled
    /// with `style`; longer text is truncated with "…" (never through a wide grapheme: the ellipsis
    /// follows the last whole one). Spans are drawn over `style`. Returns the columns of text drawn,
    /// the ellipsis included, padding not.
    @discardableResult
    public mutating func put(
        line text: StyledText, at point: Point, width: Int, style: Style = .plain,
        truncation: Truncation = .tail, alignment: TextAlignment = .leading, clip: Rect? = nil
    ) -> Int {
        guard width > 0 else { return 0 }
        let bounds = (clip.map { $0.intersection(area) } ?? area)
        let lineRect = Rect(x: point.x, y: point.y, width: width, height: 1).intersection(bounds)
        guard !lineRect.isEmpty else { return 0 }
        fill(lineRect, with: Cell(text: " ", style: style))
        let styled = text.over(style)
        let textWidth = Self.width(of: styled, upTo: width + 1)
        if textWidth <= width {
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            case .trailing: offset = width - textWidth
            case .center: offset = (width - textWidth) / 2
            }
            return put(styled, at: Point(x: point.x + offset, y: point.y), maxWidth: width - offset, clip: lineRect)
        }
        switch truncation {
        case .tail: return putTruncatingTail(styled, at: point, width: width, style: style, bounds: lineRect)
        case .head: return putTruncatingHead(styled, at: point, width: width, style: style, bounds: lineRect)
        }
    }

    /// Draws plain `text` as a line of exactly `width` columns; see `put(line:at:width:style:truncation:alignment:clip:)`.
    @discardableResult
    public mutating func put(
        line text: String, at point: Point, width: Int, style: Style = .plain,
        truncation: Truncation = .tail, alignment: TextAlignment = .leading, clip: Rect? = nil
    ) -> Int {
        put(
            line: StyledText(text), at: point, width: width, style: style, truncation: truncation, alignment: alignment,
            clip: clip)
    }

    // MARK: - Drawing glyphs

    enum CutWideGrapheme { case blank, stop }

    /// Draws glyphs from `layout` on row `point.y` between `bounds.x` and `right`; returns the column
    /// after the last one drawn and the style of the first glyph that did not fit, if any.
    mutating func draw(
        _ layout: inout GlyphLayout, at point: Point, bounds: Rect, right: Int, cutWideAs cut: CutWideGrapheme
    ) -> (end: Int, cutStyle: Style?) {
        guard point.y >= bounds.y, point.y < bounds.maxY else { return (point.x, nil) }
        var x = point.x
        var lastDrawnX: Int?
        while let glyph = layout.next() {
            if glyph.width == 0 {
                if let lastX = lastDrawnX { appendCombining(glyph.text, x: lastX, y: point.y) }
                continue
            }
            if x >= right { return (x, glyph.style) }
            if x + glyph.width > right {
                // A wide grapheme cut by the right edge: never half of it.
                guard cut == .blank else { return (x, glyph.style) }
                if x >= bounds.x { setGrapheme(" ", width: 1, style: glyph.style, x: x, y: point.y) }
                return (x + 1, glyph.style)
            }
            if x < bounds.x {
                // Left of the clip; the visible right half of a wide grapheme shows as a blank.
                if x + glyph.width > bounds.x {
                    setGrapheme(" ", width: 1, style: glyph.style, x: bounds.x, y: point.y)
                }
                lastDrawnX = nil
            } else {
                setGrapheme(glyph.text, width: glyph.width, style: glyph.style, x: x, y: point.y)
                lastDrawnX = x
            }
            x += glyph.width
        }
        return (x, nil)
    }

    /// The width of `text`, counting no further than `limit` (so measuring a huge line stays cheap).
    static func width(of text: StyledText, upTo limit: Int) -> Int {
        var layout = GlyphLayout(spans: text.spans)
        var columns = 0
        while columns < limit, let glyph = layout.next() { columns += glyph.width }
        return columns
    }

    private mutating func putTruncatingTail(
        _ text: StyledText, at point: Point, width: Int, style: Style, bounds: Rect
    ) -> Int {
        var layout = GlyphLayout(spans: text.spans)
        let (end, cutStyle) = draw(&layout, at: point, bounds: bounds, right: point.x + width - 1, cutWideAs: .stop)
        put("…", at: Point(x: end, y: point.y), style: cutStyle ?? style, clip: bounds)
        return end + 1 - point.x
    }

    private mutating func putTruncatingHead(
        _ text: StyledText, at point: Point, width: Int, style: Style, bounds: Rect
    ) -> Int {
        // Head truncation needs the end of the text: lay it all out (meant for short texts such as titles).
        var glyphs: [Glyph] = []
        for glyph in GlyphLayout(spans: text.spans) {
            if glyph.width > 0 {
                glyphs.append(glyph)
            } else if let last = glyphs.last,
                last.text.unicodeScalars.count + glyph.text.unicodeScalars.count <= TextSanitizer.maximumScalarsPerCell
            {
                glyphs[glyphs.count - 1].text += glyph.text
            }
        }
        var kept = 0, columns = 0
        while kept < glyphs.count, columns + glyphs[glyphs.count - 1 - kept].width <= width - 1 {
            columns += glyphs[glyphs.count - 1 - kept].width
            kept += 1
        }
        let ellipsisStyle = glyphs.count > kept ? glyphs[glyphs.count - 1 - kept].style : style
        put("…", at: point, style: ellipsisStyle, clip: bounds)
        var x = point.x + 1
        for glyph in glyphs.suffix(kept) {
            setGraphemeClipped(glyph, x: x, y: point.y, bounds: bounds)
            x += glyph.width
        }
        return columns + 1
    }

    private mutating func setGraphemeClipped(_ glyph: Glyph, x: Int, y: Int, bounds: Rect) {
        guard x >= bounds.x, x + glyph.width <= bounds.maxX else { return }
        setGrapheme(glyph.text, width: glyph.width, style: glyph.style, x: x, y: y)
    }
}
