/// The styles of the window's chrome and of the widgets: injected, never global.
///
/// `Theme.default` uses colours and survives `withoutColor` (coloured backgrounds turn into reverse
/// video); `Theme.monochrome` uses attributes only, for `NO_COLOR` and `TERM=dumb`.
public struct Theme: Hashable, Sendable {
    /// The header line with the title path.
    public var header: Style
    /// The bottom bar when it shows key hints.
    public var statusBar: Style
    /// An informational status message.
    public var statusInfo: Style
    /// An error status message.
    public var statusError: Style
    /// The selected row of a list, the default answer of a dialog.
    public var selection: Style
    /// Borders of modal boxes and overlays.
    public var border: Style
    /// Titles drawn in borders.
    public var borderTitle: Style
    /// Secondary text: empty-state messages, placeholders, scroll tracks.
    public var dim: Style
    /// Added to the content under a modal box.
    public var dimmedContentAttributes: Style.Attributes
    /// Key names in the help overlay and the status bar hints.
    public var keyName: Style
    /// The text cursor of a line input.
    public var cursor: Style
    /// The thumb of a scroll indicator.
    public var scrollThumb: Style
    /// The words a search matched, in the rows and snippets of its results. Marked by an attribute
    /// too (underline), so that it still shows without colour and on a selected row.
    public var highlight: Style
    /// A link in a text that leads somewhere (an entry's `[[Title]]`). Underlined too, so that it
    /// shows without colour.
    public var link: Style
    /// A link that leads nowhere (no entry has that title or id): told apart without colour too.
    public var missingLink: Style

    /// Creates a theme from a style per role; `highlight`, `link` and `missingLink` have defaults that keep an
    /// attribute without colour.
    public init(
        header: Style, statusBar: Style, statusInfo: Style, statusError: Style, selection: Style,
        border: Style, borderTitle: Style, dim: Style, dimmedContentAttributes: Style.Attributes,
        keyName: Style, cursor: Style, scrollThumb: Style,
        highlight: Style = Style(foreground: .black, background: .yellow, attributes: [.bold, .underline]),
        link: Style = Style(foreground: .cyan, attributes: .underline),
        missingLink: Style = Style(foreground: .red, attributes: [.dim, .italic, .underline])
    ) {
        self.header = header
        self.statusBar = statusBar
        self.statusInfo = statusInfo
        self.statusError = statusError
        self.selection = selection
        self.border = border
        self.borderTitle = borderTitle
        self.dim = dim
        self.dimmedContentAttributes = dimmedContentAttributes
        self.keyName = keyName
        self.cursor = cursor
        self.scrollThumb = scrollThumb
        self.highlight = highlight
        self.link = link
        self.missingLink = missingLink
    }

    /// Colours on a default background.
    public static let `default` = Theme(
        header: Style(foreground: .brightWhite, background: .blue, attributes: .bold),
        statusBar: .plain,
        statusInfo: Style(foreground: .green),
        statusError: Style(foreground: .brightWhite, background: .red, attributes: .bold),
        selection: Style(foreground: .black, background: .cyan),
        border: Style(foreground: .cyan),
        borderTitle: Style(foreground: .cyan, attributes: .bold),
        dim: Style(attributes: .dim),
        dimmedContentAttributes: .dim,
        keyName: Style(foreground: .yellow, attributes: .bold),
        cursor: Style(attributes: .reverse),
        scrollThumb: Style(foreground: .cyan)
    )

    /// Attributes only: bold, dim, reverse.
    public static let monochrome = Theme.default.withoutColor

    /// This theme with every style reduced to attributes (see `Style.withoutColor`).
    public var withoutColor: Theme {
        Theme(
            header: header.withoutColor, statusBar: statusBar.withoutColor, statusInfo: statusInfo.withoutColor,
            statusError: statusError.withoutColor, selection: selection.withoutColor, border: border.withoutColor,
            borderTitle: borderTitle.withoutColor, dim: dim.withoutColor,
            dimmedContentAttributes: dimmedContentAttributes,
            keyName: keyName.withoutColor, cursor: cursor.withoutColor, scrollThumb: scrollThumb.withoutColor,
            highlight: highlight.withoutColor, link: link.withoutColor, missingLink: missingLink.withoutColor
        )
    }
}
