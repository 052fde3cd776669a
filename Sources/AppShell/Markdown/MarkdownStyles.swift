/// The styles rendered Markdown is drawn in, taken from the window's theme so that a theme (or
/// `NO_COLOR`) restyles it too.
public struct MarkdownStyles: Hashable, Sendable {
    /// Headings by level: 1, 2, and 3 to 6.
    public var heading1: Style
    /// The style of level 2 headings.
    public var heading2: Style
    /// The style of headings of levels 3 to 6.
    public var heading: Style
    /// The style of emphasised text (italic).
    public var emphasis: Style
    /// The style of strong text (bold).
    public var strong: Style
    /// Inline code and code blocks.
    public var code: Style
    /// A link's text.
    public var link: Style
    /// The address shown after a link's text.
    public var address: Style
    /// Bullets and numbers of lists, the bar of a block quote.
    public var marker: Style
    /// Rules, table lines, and the marker of a code line cut at the edge.
    public var rule: Style

    /// Derives the Markdown styles from `theme`: headings from its
    /// border title, code from its key names, addresses dimmed.
    public init(theme: Theme) {
        heading1 = theme.borderTitle.adding([.bold, .underline])
        heading2 = theme.borderTitle.adding(.bold)
        heading = Style(attributes: .bold)
        emphasis = Style(attributes: .italic)
        strong = Style(attributes: .bold)
        code = Style(foreground: theme.keyName.foreground)
        link = Style(attributes: .underline)
        address = theme.dim
        marker = theme.border
        rule = theme.dim
    }

    /// The style of inline text of `kind`.
    func style(for kind: MarkdownInlineKind) -> Style {
        var style = Style.plain
        if kind.contains(.address) { style = address.over(style) }
        if kind.contains(.code) { style = code.over(style) }
        if kind.contains(.link) { style = link.over(style) }
        if kind.contains(.strong) { style = strong.over(style) }
        if kind.contains(.emphasis) { style = emphasis.over(style) }
        return style
    }
}
