/// The user's preferences, kept in the database's `settings` table (see ``PreferencesStore``) and
/// edited in the Settings context. Both contexts read them; the App Controller passes changes on.
public struct Preferences: Hashable, Sendable, Codable {
    /// The order of the list of entries. Default: newest first.
    public var sortOrder: EntrySortOrder = .newest
    /// How dates are shown. Default: ``DateStyle/short``.
    public var dateStyle: DateStyle = .short
    /// Whether the UI uses colour (it never does when `NO_COLOR` is set). Default: true.
    public var colorEnabled: Bool = true
    /// Whether deleting an entry asks first. Default: true.
    public var confirmBeforeDelete: Bool = true
    /// The first day of the week in the calendar. Default: Monday.
    public var firstWeekday: FirstWeekday = .monday
    /// The name of the interface's theme (`dark`, `light`, `high-contrast`, `mono`: the window's
    /// built-in themes; a name the app does not know reads as the default). Unlike the others this one
    /// is the person's, not the journal's: the app keeps it in the person's config file. Default: dark.
    public var themeName: String = Preferences.defaultThemeName

    /// The theme of a fresh install.
    public static let defaultThemeName = "dark"

    /// Creates preferences; everything left out keeps its default.
    public init(
        sortOrder: EntrySortOrder = .newest, dateStyle: DateStyle = .short, colorEnabled: Bool = true,
        confirmBeforeDelete: Bool = true, firstWeekday: FirstWeekday = .monday,
        themeName: String = Preferences.defaultThemeName
    ) {
        self.themeName = themeName
        self.firstWeekday = firstWeekday
        self.sortOrder = sortOrder
        self.dateStyle = dateStyle
        self.colorEnabled = colorEnabled
        self.confirmBeforeDelete = confirmBeforeDelete
    }

    /// The preferences of a fresh journal: every property at its default.
    public static let defaults = Preferences()
}
