/// One drawable piece of sanitized text: what one cell shows (two cells when `width` is 2).
///
/// A glyph of width 0 is a combining mark that belongs to the glyph before it.
public struct Glyph: Hashable, Sendable {
    /// Never contains a control character (see `TextSanitizer`).
    public var text: String
    /// The columns the glyph covers: 1, 2 for a wide grapheme, 0 for a combining mark.
    public var width: Int
    /// The style of the span the glyph came from.
    public var style: Style

    /// Creates a glyph; the caller guarantees `text` holds no control character and `width` is its columns.
    public init(text: String, width: Int, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }
}

/// Turns styled text into glyphs, lazily, left to right: controls become visible notation, tabs become
/// spaces to the next tab stop, combining marks follow their base. Lazy so that drawing the first 80
/// columns of a 100 000 character line looks at about 80 characters.
public struct GlyphLayout: Sequence, IteratorProtocol {
    /// Tab stops are every `tabWidth` columns, counted from where the text starts.
    public static let tabWidth = 4

    private let spans: [Span]
    private var spanIndex = 0
    /// The span being laid out, and where in it the next character starts.
    private var text = ""
    private var position = "".startIndex
    private var style = Style.plain
    /// Whether a printable ASCII character standing alone skips grapheme breaking (see
    /// ``nextPrintableASCII()``); off only in tests that compare the two ways.
    private let takesASCIIShortcut: Bool
    private var pending: [Glyph] = []
    private var pendingIndex = 0
    /// The column the next glyph starts at, relative to the start of the text.
    public private(set) var column: Int
    /// Whether the last glyph was a real grapheme, which a following combining mark may join.
    private var lastWasGrapheme = false

    /// Lays out `spans`, starting at `startColumn` so that tab stops line up with where the text is drawn.
    public init(spans: [Span], startColumn: Int = 0) {
        self.init(spans: spans, startColumn: startColumn, takesASCIIShortcut: true)
    }

    init(spans: [Span], startColumn: Int, takesASCIIShortcut: Bool) {
        self.spans = spans
        self.column = startColumn
        self.takesASCIIShortcut = takesASCIIShortcut
    }

    /// Lays out one string in one style, starting at column 0.
    public init(_ text: String, style: Style = .plain) {
        self.init(spans: [Span(text, style: style)])
    }

    /// The next glyph, advancing the column by its width; nil after the last.
    public mutating func next() -> Glyph? {
        while true {
            if pendingIndex < pending.count {
                let glyph = pending[pendingIndex]
                pendingIndex += 1
                column += glyph.width
                return glyph
            }
            if takesASCIIShortcut, let glyph = nextPrintableASCII() {
                column += 1
                lastWasGrapheme = true
                return glyph
            }
            guard let character = nextCharacter() else { return nil }
            if let glyph = layOut(character) {
                column += glyph.width
                return glyph
            }
        }
    }

    /// The columns `character` would advance if it came next, without consuming it (for wrapping).
    public static func advance(of character: Character, atColumn column: Int) -> Int {
        if character == "\t" { return tabWidth - column % tabWidth }
        var width = 0
        if character.unicodeScalars.contains(where: TextSanitizer.isUnsafe) {
            for scalar in character.unicodeScalars {
                width +=
                    TextSanitizer.isUnsafe(scalar)
                    ? TextSanitizer.notation(for: scalar).utf8.count : CharacterWidth.of(scalar)
            }
            return width
        }
        return CharacterWidth.of(character)
    }

    /// The glyph of the next character when it is printable ASCII and the byte after it is ASCII too
    /// (or the span ends there): such a character is a grapheme of its own, one column wide and safe
    /// to show, so the grapheme breaking of ``nextCharacter()`` is skipped. A byte of 0x80 or more
    /// after it may be a mark that joins it: that character takes the general way. Most text is
    /// ASCII, and this is where drawing a screen of it spends its time.
    private mutating func nextPrintableASCII() -> Glyph? {
        let utf8 = text.utf8
        guard position < utf8.endIndex else { return nil }
        let byte = utf8[position]
        guard byte >= 0x20, byte < 0x7F else { return nil }
        let after = utf8.index(after: position)
        if after < utf8.endIndex, utf8[after] >= 0x80 { return nil }
        position = after
        return Glyph(text: Self.printableASCII[Int(byte) - 0x20], width: 1, style: style)
    }

    /// The text of each printable ASCII character, 0x20 to 0x7E.
    private static let printableASCII: [String] = (0x20..<0x7F).map { String(Character(Unicode.Scalar(UInt8($0)))) }

    private mutating func nextCharacter() -> Character? {
        while true {
            if position < text.endIndex {
                let character = text[position]
                position = text.index(after: position)
                return character
            }
            guard spanIndex < spans.count else { return nil }
            text = spans[spanIndex].text
            position = text.startIndex
            style = spans[spanIndex].style
            spanIndex += 1
        }
    }

    /// The glyph for `character`, or nil when it queued several (notation, tab) or draws nothing.
    private mutating func layOut(_ character: Character) -> Glyph? {
        if character == "\t" {
            queue(
                Array(
                    repeating: Glyph(text: " ", width: 1, style: style), count: Self.tabWidth - column % Self.tabWidth))
            lastWasGrapheme = false
            return nil
        }
        let scalars = character.unicodeScalars
        if scalars.contains(where: TextSanitizer.isUnsafe) {
            var glyphs: [Glyph] = []
            for scalar in scalars {
                if TextSanitizer.isUnsafe(scalar) {
                    glyphs += TextSanitizer.notation(for: scalar).map {
                        Glyph(text: String($0), width: 1, style: style)
                    }
                } else if CharacterWidth.of(scalar) > 0 {
                    glyphs.append(
                        Glyph(text: String(Character(scalar)), width: CharacterWidth.of(scalar), style: style))
                }
            }
            queue(glyphs)
            lastWasGrapheme = false
            return nil
        }
        let width = CharacterWidth.of(character)
        let text =
            scalars.count > TextSanitizer.maximumScalarsPerCell
            ? String(String.UnicodeScalarView(scalars.prefix(TextSanitizer.maximumScalarsPerCell)))
            : String(character)
        if width == 0 {
            // A mark with nothing to sit on (start of text, after a control) or an invisible format
            // character: only a mark right after a grapheme is kept.
            guard lastWasGrapheme, scalars.contains(where: { $0.properties.generalCategory != .format }) else {
                return nil
            }
            return Glyph(text: text, width: 0, style: style)
        }
        lastWasGrapheme = true
        return Glyph(text: text, width: width, style: style)
    }

    private mutating func queue(_ glyphs: [Glyph]) {
        pending = glyphs
        pendingIndex = 0
    }
}
