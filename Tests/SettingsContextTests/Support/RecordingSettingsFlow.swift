import AppShell
import EntryModel
import SettingsContext

/// A ``SettingsFlow`` that records every call and, like the App Controller, dismisses Settings from
/// the window on `hideSettings` and `showDetails(for:)`.
@MainActor
final class RecordingSettingsFlow: SettingsFlow {
    enum Call: Equatable {
        case hideSettings
        case showDetails(EntrySummary)
        case preferencesDidChange(Preferences)
        case showError(String)
        case quit
    }

    func quit() {
        calls.append(.quit)
    }

    private(set) var calls: [Call] = []
    /// The window Settings is presented in, if any.
    weak var window: Window?

    func hideSettings() {
        calls.append(.hideSettings)
        window?.dismiss()
    }

    func showDetails(for entry: EntrySummary) {
        calls.append(.showDetails(entry))
        window?.dismiss()
    }

    func preferencesDidChange(_ preferences: Preferences) {
        calls.append(.preferencesDidChange(preferences))
    }

    func showError(_ error: any Error) {
        calls.append(.showError(String(describing: error)))
    }

    /// The preferences reported so far, oldest first.
    var reportedPreferences: [Preferences] {
        calls.compactMap { if case .preferencesDidChange(let preferences) = $0 { preferences } else { nil } }
    }

    /// The errors reported so far, as text.
    var errors: [String] {
        calls.compactMap { if case .showError(let text) = $0 { text } else { nil } }
    }

    func reset() { calls = [] }
}
