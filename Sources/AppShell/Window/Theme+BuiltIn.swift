/// The themes a person picks by name (`theme: light` in the config): each readable on the terminal
/// background it is named for. Colours are the 16 ANSI ones, which every colour terminal has and
/// which follow the terminal's own palette.
extension Theme {
    /// Colours for a dark background: ``Theme/default``.
    public static let dark = Theme.default

    /// Colours for a light background: no yellow or cyan text (unreadable on white), blue and magenta
    /// instead, and a selection in white on blue.
    public static let light = Theme(
        header: Style(foreground: .brightWhite, background: .blue, attributes: .bold),
        statusBar: .plain,
        statusInfo: Style(foreground: .blue),
        statusError: Style(foreground: .brightWhite, background: .red, attributes: .bold),
        selection: Style(foreground: .brightWhite, background: .blue),
        border: Style(foreground: .blue),
        borderTitle: Style(foreground: .blue, attributes: .bold),
        dim: Style(attributes: .dim),
        dimmedContentAttributes: .dim,
        keyName: Style(foreground: .magenta, attributes: .bold),
        cursor: Style(attributes: .reverse),
        scrollThumb: Style(foreground: .blue)
    )

    /// The strongest contrast: bright white and black, bold key names and selection, nothing dimmed.
    public static let highContrast = Theme(
        header: Style(foreground: .black, background: .brightWhite, attributes: .bold),
        statusBar: Style(foreground: .brightWhite),
        statusInfo: Style(foreground: .brightWhite, attributes: .bold),
        statusError: Style(foreground: .brightWhite, background: .red, attributes: .bold),
        selection: Style(foreground: .black, background: .brightYellow, attributes: .bold),
        border: Style(foreground: .brightWhite),
        borderTitle: Style(foreground: .brightWhite, attributes: .bold),
        dim: Style(foreground: .brightWhite),
        dimmedContentAttributes: [],
        keyName: Style(foreground: .brightYellow, attributes: [.bold, .underline]),
        cursor: Style(attributes: .reverse),
        scrollThumb: Style(foreground: .brightWhite, attributes: .bold),
        // Not yellow: the selection is.
        highlight: Style(foreground: .brightWhite, background: .magenta, attributes: [.bold, .underline])
    )

    /// No colour at all: bold, dim and reverse only (``Theme/monochrome``).
    public static let mono = Theme.monochrome

    /// The built-in themes by the name a config file uses, in the order they are offered.
    public static let builtIn: [(name: String, theme: Theme)] = [
        ("dark", .dark), ("light", .light), ("high-contrast", .highContrast), ("mono", .mono),
    ]

    /// The built-in theme with this name, if there is one.
    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }?.theme
    }
}

extension Color {
    /// Bright yellow (ANSI 11): readable on black, for the high-contrast theme.
    public static let brightYellow = Color.ansi(11)
}
