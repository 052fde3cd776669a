import Foundation

/// A message from the Settings context for the app's status line, passed to
/// ``SettingsFlow/showError(_:)`` (the flow's only way to show text): "No entry selected", or a
/// storyboard problem met at run time.
public struct SettingsNotice: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The text to show.
    public var message: String

    /// A notice showing `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message, as is.
    public var description: String { message }
    /// The message, for code that shows `localizedDescription`.
    public var errorDescription: String? { message }
}
