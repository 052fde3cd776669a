import EntryModel
import Foundation

/// The journal's settings as the app sees them for one run: the config file's values put over the
/// stored ones, so that the config wins at start and Settings shows what is in force. A change made
/// in Settings replaces the config's value for the rest of the run and is saved in the journal.
///
/// The theme is the exception: it is the person's, never the journal's. It reads from the config (else
/// the default), and a change made in Settings is written to the config file by `saveTheme`.
final class ConfiguredSettingsRepository: SettingsRepository, @unchecked Sendable {
    // @unchecked: `overrides` and `themeName` are only touched under `lock`.
    private let lock = NSLock()
    private let journal: any SettingsRepository
    private var overrides: [String: String]
    private var themeName: String
    private let saveTheme: @Sendable (String) throws -> Void

    /// - Parameters:
    ///   - journal: the database's settings.
    ///   - configuration: the person's config; only the preferences it sets are put over the journal's.
    ///   - saveTheme: keeps a theme chosen in Settings in the person's config file (``ConfigFileThemeWriter``).
    init(
        journal: any SettingsRepository, configuration: UserConfiguration,
        saveTheme: @escaping @Sendable (String) throws -> Void
    ) {
        self.journal = journal
        self.themeName = configuration.theme?.value ?? Preferences.defaultThemeName
        self.saveTheme = saveTheme
        // The keys come from PreferencesStore itself (they are its own business): the stored preferences
        // are written with and without the config's values, and the keys that differ are the overrides.
        let stored = (try? PreferencesStore(settings: journal).load()) ?? .defaults
        let without = RecordedSettings()
        let with = RecordedSettings()
        try? PreferencesStore(settings: without).save(stored)
        try? PreferencesStore(settings: with).save(configuration.applied(to: stored))
        overrides = with.values.filter { without.values[$0.key] != $0.value }
    }

    func value(forKey key: String) throws -> String? {
        if key == PreferencesStore.themeKey { return lock.withLock { themeName } }
        if let override = lock.withLock({ overrides[key] }) { return override }
        return try journal.value(forKey: key)
    }

    /// What ``value(forKey:)`` gives for each key, the journal's values read at once.
    func values(forKeys keys: [String]) throws -> [String: String] {
        let (theme, overrides) = lock.withLock { (themeName, self.overrides) }
        let fromJournal = keys.filter { $0 != PreferencesStore.themeKey && overrides[$0] == nil }
        var values = try journal.values(forKeys: fromJournal)
        for key in keys {
            if key == PreferencesStore.themeKey {
                values[key] = theme
            } else if let override = overrides[key] {
                values[key] = override
            }
        }
        return values
    }

    func setValue(_ value: String?, forKey key: String) throws {
        if key == PreferencesStore.themeKey {
            // Every save writes every preference: the file is touched only when the theme changed.
            let name = value ?? Preferences.defaultThemeName
            guard name != lock.withLock({ themeName }) else { return }
            try saveTheme(name)
            lock.withLock { themeName = name }
            return
        }
        try journal.setValue(value, forKey: key)
        lock.withLock { overrides[key] = nil }
    }
}

/// Settings written to a dictionary, to read back which keys `PreferencesStore.save` wrote.
private final class RecordedSettings: SettingsRepository, @unchecked Sendable {
    // @unchecked: used on one thread, inside one initializer.
    var values: [String: String] = [:]

    func value(forKey key: String) throws -> String? { values[key] }
    func setValue(_ value: String?, forKey key: String) throws { values[key] = value }
}
