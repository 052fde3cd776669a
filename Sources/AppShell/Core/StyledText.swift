/// A run of text in one style.
public struct Span: Hashable, Sendable {
    /// The characters of the run, drawn sanitized (a control character never reaches the terminal raw).
    public var text: String
    /// The style every character of the run is drawn with.
    public var style: Style

    /// Creates a run of `text` in `style` (plain by default).
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// Text made of styled spans, drawn left to right: `StyledText("Name: ", style: bold) + "value"`.
///
/// A string literal is plain text, so APIs taking `StyledText` also take `"literal"`.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The runs in drawing order, left to right.
    public var spans: [Span]

    /// Creates text from runs; with none it is empty.
    public init(_ spans: [Span] = []) {
        self.spans = spans
    }

    /// Creates text of one run: `text` in `style` (plain by default).
    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    /// Plain text, so a literal can stand where styled text is expected.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The columns the text takes when drawn from column 0 (controls shown as notation, tabs expanded).
    public var width: Int {
        var layout = GlyphLayout(spans: spans)
        var columns = 0
        while let glyph = layout.next() { columns += glyph.width }
        return columns
    }

    /// Whether there is no character to draw (no runs, or only empty ones).
    public var isEmpty: Bool { spans.allSatisfy(\.text.isEmpty) }

    /// Appends a span.
    public mutating func append(_ text: String, style: Style = .plain) {
        spans.append(Span(text, style: style))
    }

    /// Appends all spans of `other`.
    public mutating func append(_ other: StyledText) {
        spans.append(contentsOf: other.spans)
    }

    /// The same text with `base` under every span: spans keep their own colours and attributes and
    /// take `base`'s where they have none (a selected row's background under coloured columns).
    public func over(_ base: Style) -> StyledText {
        StyledText(spans.map { Span($0.text, style: $0.style.over(base)) })
    }

    /// The runs of `lhs` followed by those of `rhs`, each keeping its style.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(lhs.spans + rhs.spans)
    }
}

extension String {
    /// The columns this string takes when drawn from column 0: wide characters count 2, combining marks
    /// 0, control characters as their visible notation (`^[` is 2), tabs expanded.
    public var displayWidth: Int { StyledText(self).width }
}

extension Character {
    /// The columns this grapheme cluster takes (0, 1 or 2); control characters are not measured here
    /// (they are drawn as notation, see `TextSanitizer`) and count 0.
    public var displayWidth: Int {
        unicodeScalars.contains(where: TextSanitizer.isUnsafe) ? 0 : CharacterWidth.of(self)
    }
}
