/// Key/value preferences (the database's `settings` table), used by the Settings context.
public protocol SettingsRepository: Sendable {
    /// The stored value, or nil when the key was never set.
    func value(forKey key: String) throws -> String?
    /// Stores the value; nil removes the key.
    func setValue(_ value: String?, forKey key: String) throws
    /// The stored values of `keys`, by key (a key never set is absent): what ``value(forKey:)`` gives
    /// for each, read at once where the store can (the preferences are read at every start).
    func values(forKeys keys: [String]) throws -> [String: String]
}

extension SettingsRepository {
    /// The stored values of `keys`, by key, read one by one with ``value(forKey:)``.
    public func values(forKeys keys: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        for key in keys {
            values[key] = try value(forKey: key)
        }
        return values
    }
}
