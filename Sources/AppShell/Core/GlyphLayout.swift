/// One drawable piece of sanitized text: what one cell shows (two cells when `width` is 2).
///
/// A glyph of width 0 is a combining mark that belongs to the glyph before it.
public struct Glyph: Hashable, Sendable {
    /// Never contains a control character (see `TextSanitizer`).
    public var text: String
    public var width: Int
    public var style: Style

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
    private var characters: String.Iterator?
    private var style = Style.plain
    private var pending: [Glyph] = []
    private var pendingIndex = 0
    /// The column the next glyph starts at, relative to the start of the text.
    public private(set) var column: Int
    /// Whether the last glyph was a real grapheme, which a following combining mark may join.
    private var lastWasGrapheme = false

    public init(spans: [Span], startColumn: Int = 0) {
        self.spans = spans
        self.column = startColumn
    }

    public init(_ text: String, style: Style = .plain) {
        self.init(spans: [Span(text, style: style)])
    }

    public mutating func next() -> Glyph? {
        while true {
            if pendingIndex < pending.count {
                let glyph = pending[pendingIndex]
                pendingIndex += 1
                column += glyph.width
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
                width += TextSanitizer.isUnsafe(scalar) ? TextSanitizer.notation(for: scalar).utf8.count : CharacterWidth.of(scalar)
            }
            return width
        }
        return CharacterWidth.of(character)
    }

    private mutating func nextCharacter() -> Character? {
        while true {
            if let character = characters?.next() { return character }
            guard spanIndex < spans.count else { return nil }
            characters = spans[spanIndex].text.makeIterator()
            style = spans[spanIndex].style
            spanIndex += 1
        }
    }

    /// The glyph for `character`, or nil when it queued several (notation, tab) or draws nothing.
    private mutating func layOut(_ character: Character) -> Glyph? {
        if character == "\t" {
            queue(Array(repeating: Glyph(text: " ", width: 1, style: style), count: Self.tabWidth - column % Self.tabWidth))
            lastWasGrapheme = false
            return nil
        }
        let scalars = character.unicodeScalars
        if scalars.contains(where: TextSanitizer.isUnsafe) {
            var glyphs: [Glyph] = []
            for scalar in scalars {
                if TextSanitizer.isUnsafe(scalar) {
                    glyphs += TextSanitizer.notation(for: scalar).map { Glyph(text: String($0), width: 1, style: style) }
                } else if CharacterWidth.of(scalar) > 0 {
                    glyphs.append(Glyph(text: String(Character(scalar)), width: CharacterWidth.of(scalar), style: style))
                }
            }
            queue(glyphs)
            lastWasGrapheme = false
            return nil
        }
        let width = CharacterWidth.of(character)
        let text = scalars.count > TextSanitizer.maximumScalarsPerCell
            ? String(String.UnicodeScalarView(scalars.prefix(TextSanitizer.maximumScalarsPerCell)))
            : String(character)
        if width == 0 {
            // A mark with nothing to sit on (start of text, after a control) or an invisible format
            // character: only a mark right after a grapheme is kept.
            guard lastWasGrapheme, scalars.contains(where: { $0.properties.generalCategory != .format }) else { return nil }
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
