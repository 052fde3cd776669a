/// Key/value preferences (the database's `settings` table), used by the Settings context.
public protocol SettingsRepository: Sendable {
    /// The stored value, or nil when the key was never set.
    func value(forKey key: String) throws -> String?
    /// Stores the value; nil removes the key.
    func setValue(_ value: String?, forKey key: String) throws
}
