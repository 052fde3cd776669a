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
    /// The first day of the week in the Journal's calendar. Default: Monday.
    public var firstWeekday: FirstWeekday = .monday

    public init(
        sortOrder: EntrySortOrder = .newest, dateStyle: DateStyle = .short, colorEnabled: Bool = true,
        confirmBeforeDelete: Bool = true, firstWeekday: FirstWeekday = .monday
    ) {
        self.firstWeekday = firstWeekday
        self.sortOrder = sortOrder
        self.dateStyle = dateStyle
        self.colorEnabled = colorEnabled
        self.confirmBeforeDelete = confirmBeforeDelete
    }

    public static let defaults = Preferences()
}
