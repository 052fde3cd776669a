extension Buffer {
    /// Writes one grapheme at (x, y), keeping wide graphemes whole: overwriting either half of a wide
    /// grapheme blanks its other half, and a wide grapheme whose right half would fall outside the
    /// buffer is written as a blank instead. Positions outside the buffer are ignored.
    ///
    /// `text` must already be sanitized (see `GlyphLayout`); `width` is 1 or 2.
    public mutating func setGrapheme(_ text: String, width: Int, style: Style, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        if width >= 2, x + 1 >= size.width {
            setGrapheme(" ", width: 1, style: style, x: x, y: y)
            return
        }
        releaseWideGrapheme(x: x, y: y)
        if width >= 2 {
            releaseWideGrapheme(x: x + 1, y: y)
            self[x, y] = Cell(text: text, style: style, width: 2)
            self[x + 1, y] = .continuation(style: style)
        } else {
            self[x, y] = Cell(text: text, style: style, width: 1)
        }
    }

    /// Applies `transform` to the style of every cell of `rect` (dimming the content under a modal,
    /// stripping colours).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                var cell = self[x, y]
                cell.style = transform(cell.style)
                self[x, y] = cell
            }
        }
    }

    /// Appends a combining mark to the grapheme at (x, y), up to `TextSanitizer.maximumScalarsPerCell`.
    mutating func appendCombining(_ mark: String, x: Int, y: Int) {
        var cell = self[x, y]
        guard !cell.isContinuation, x < size.width, y < size.height,
            cell.text.unicodeScalars.count + mark.unicodeScalars.count <= TextSanitizer.maximumScalarsPerCell
        else { return }
        cell.text += mark
        self[x, y] = cell
    }

    /// Before (x, y) is overwritten: blanks the other half of the wide grapheme it belongs to, if any.
    private mutating func releaseWideGrapheme(x: Int, y: Int) {
        let cell = self[x, y]
        if cell.isContinuation {
            if x > 0, self[x - 1, y].width == 2 { self[x - 1, y] = Cell(text: " ", style: self[x - 1, y].style) }
        } else if cell.width == 2, x + 1 < size.width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(text: " ", style: self[x + 1, y].style)
        }
    }
}

extension Buffer {
    /// The text of row `y`: each grapheme once (continuation cells add nothing), trailing spaces removed
    /// unless `trimmingTrailingSpaces` is false.
    public func line(_ y: Int, trimmingTrailingSpaces: Bool = true) -> String {
        guard y >= 0, y < size.height else { return "" }
        var text = ""
        for x in 0..<size.width where !self[x, y].isContinuation {
            text += self[x, y].text
        }
        guard trimmingTrailingSpaces else { return text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Every row's text, trailing spaces removed: the screen as a test would write it.
    public var lines: [String] { (0..<size.height).map { line($0) } }
}
