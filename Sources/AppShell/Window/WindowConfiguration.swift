/// How a `Window` looks and which keys it handles itself. Every property has a default.
public struct WindowConfiguration: Sendable {
    /// The styles of the header, status bar, modal boxes and help overlay.
    public var theme: Theme = .default
    /// When false, every cell is reduced to attributes after drawing (see `Style.withoutColor`), so no
    /// colour reaches the terminal whatever the scenes drew. The caller decides (`NO_COLOR`, `TERM=dumb`).
    public var colorEnabled: Bool = true
    /// Keys that quit before any scene sees them.
    public var alwaysQuitKeys: Set<Key> = [.control("c")]
    /// Keys that quit only when no scene handled them (so `q` can still be typed into a search field);
    /// empty when the scenes bind quit themselves (a storyboard's `q: quit`).
    public var unhandledQuitKeys: Set<Key> = [.character("q")]
    /// The key that toggles the help overlay when no scene handled it; nil when the scenes bind help
    /// themselves (a storyboard's `"?": help`).
    public var helpKey: Key? = .character("?")
    /// The key that clears the terminal and draws everything again when no scene handled it (and over
    /// the help overlay): the way out when another program, or a terminal that disagrees about a
    /// grapheme's width, left something on the screen. Storyboards bind it to the `repaint` action
    /// themselves; this keeps the terminal convention where a scene does not (a dialog, a search field).
    public var repaintKey: Key = .control("l")
    /// How long a status message stays up unless a key clears it first.
    public var statusDuration: Duration = .seconds(4)
    /// Between the titles of the header's title path.
    public var titleSeparator: String = " › "

    /// For an app whose storyboards bind every key, quit and help included: the window itself only
    /// quits on Ctrl-C.
    public static func storyboardDriven(theme: Theme = .default, colorEnabled: Bool = true) -> WindowConfiguration {
        WindowConfiguration(theme: theme, colorEnabled: colorEnabled, unhandledQuitKeys: [], helpKey: nil)
    }

    /// Creates a configuration; every argument left out keeps the default of its property.
    public init(
        theme: Theme = .default, colorEnabled: Bool = true, alwaysQuitKeys: Set<Key> = [.control("c")],
        unhandledQuitKeys: Set<Key> = [.character("q")], helpKey: Key? = .character("?"),
        statusDuration: Duration = .seconds(4), titleSeparator: String = " › "
    ) {
        self.theme = theme
        self.colorEnabled = colorEnabled
        self.alwaysQuitKeys = alwaysQuitKeys
        self.unhandledQuitKeys = unhandledQuitKeys
        self.helpKey = helpKey
        self.statusDuration = statusDuration
        self.titleSeparator = titleSeparator
    }
}
