import EntryModel
import Foundation

/// Settings that read from an inner repository but refuse writes, as a read-only or full disk would;
/// `failReads` makes reads fail too.
final class FailingSettingsRepository: SettingsRepository, @unchecked Sendable {
    // @unchecked: the flags are set before use, on the test's thread.
    struct WriteRefused: Error, CustomStringConvertible {
        var description: String { "the settings could not be saved: disk full" }
    }

    let inner: InMemorySettingsRepository
    var failReads = false
    /// How many writes succeed before they start failing (to simulate a save failing half-way).
    var writesBeforeFailure = 0
    private(set) var writeAttempts = 0

    init(values: [String: String] = [:]) {
        self.inner = InMemorySettingsRepository(values: values)
    }

    func value(forKey key: String) throws -> String? {
        if failReads { throw WriteRefused() }
        return try inner.value(forKey: key)
    }

    func setValue(_ value: String?, forKey key: String) throws {
        writeAttempts += 1
        guard writeAttempts <= writesBeforeFailure else { throw WriteRefused() }
        try inner.setValue(value, forKey: key)
    }
}
