/// Reads and writes ``Preferences`` in a ``SettingsRepository``, one key per preference.
///
/// A stored value this build does not understand (edited by hand, or from a newer version) falls back
/// to the default for that preference instead of failing.
public struct PreferencesStore: Sendable {
    private let settings: any SettingsRepository

    /// Creates a store reading and writing the preferences in `settings`.
    public init(settings: any SettingsRepository) {
        self.settings = settings
    }

    /// The settings key of ``Preferences/themeName``.
    public static let themeKey = "theme"

    enum Key {
        static let sortOrder = "sortOrder"
        static let dateStyle = "dateStyle"
        static let colorEnabled = "colorEnabled"
        static let confirmBeforeDelete = "confirmBeforeDelete"
        static let firstWeekday = "firstWeekday"
        /// Public: the app routes this key to the person's config file instead of the journal.
        static let themeName = PreferencesStore.themeKey
    }

    /// The stored preferences, with defaults for anything unset or unreadable.
    public func load() throws -> Preferences {
        let defaults = Preferences.defaults
        // One read for all of them: an SQLite journal answers in one transaction, not six.
        let values = try settings.values(forKeys: [
            Key.sortOrder, Key.dateStyle, Key.colorEnabled, Key.confirmBeforeDelete, Key.firstWeekday, Key.themeName,
        ])
        return Preferences(
            sortOrder: values[Key.sortOrder].flatMap(EntrySortOrder.init(rawValue:)) ?? defaults.sortOrder,
            dateStyle: values[Key.dateStyle].flatMap(DateStyle.init(rawValue:)) ?? defaults.dateStyle,
            colorEnabled: values[Key.colorEnabled].flatMap(Bool.init) ?? defaults.colorEnabled,
            confirmBeforeDelete: values[Key.confirmBeforeDelete].flatMap(Bool.init) ?? defaults.confirmBeforeDelete,
            firstWeekday: values[Key.firstWeekday].flatMap(FirstWeekday.init(rawValue:)) ?? defaults.firstWeekday,
            themeName: values[Key.themeName].flatMap { $0.isEmpty ? nil : $0 } ?? defaults.themeName
        )
    }

    /// Stores every preference.
    public func save(_ preferences: Preferences) throws {
        try settings.setValue(preferences.sortOrder.rawValue, forKey: Key.sortOrder)
        try settings.setValue(preferences.dateStyle.rawValue, forKey: Key.dateStyle)
        try settings.setValue(String(preferences.colorEnabled), forKey: Key.colorEnabled)
        try settings.setValue(String(preferences.confirmBeforeDelete), forKey: Key.confirmBeforeDelete)
        try settings.setValue(preferences.firstWeekday.rawValue, forKey: Key.firstWeekday)
        try settings.setValue(preferences.themeName, forKey: Key.themeName)
    }
}
