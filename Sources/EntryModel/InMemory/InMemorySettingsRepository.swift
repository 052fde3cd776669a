import Foundation

/// Settings kept in memory: a ``SettingsRepository`` for tests and embedding apps. Thread-safe.
public final class InMemorySettingsRepository: SettingsRepository, @unchecked Sendable {
    // @unchecked: every access to `values` goes through `lock`.
    private let lock = NSLock()
    private var values: [String: String]

    /// A repository holding `values`.
    public init(values: [String: String] = [:]) {
        self.values = values
    }

    /// Reads the value from the dictionary, under the lock.
    public func value(forKey key: String) throws -> String? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    /// Sets the value in the dictionary, under the lock; nil removes the key.
    public func setValue(_ value: String?, forKey key: String) throws {
        lock.lock()
        defer { lock.unlock() }
        values[key] = value
    }
}
