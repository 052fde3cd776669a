import AppShell
import EntryModel

/// A `ControllerRelay` stands in for a controller that is a `SettingsFlow`: a host hands the relay
/// to the Settings context and connects it once its controller exists, with no forwarding of its own.
extension ControllerRelay: SettingsFlow where Controller: SettingsFlow {
    /// Passed on to the controller.
    public func hideSettings() { forward("hideSettings") { $0.hideSettings() } }
    /// Passed on to the controller.
    public func showDetails(for entry: EntrySummary) { forward("showDetails") { $0.showDetails(for: entry) } }
    /// Passed on to the controller.
    public func preferencesDidChange(_ preferences: Preferences) {
        forward("preferencesDidChange") { $0.preferencesDidChange(preferences) }
    }
    /// Passed on to the controller; with none, the window shows it.
    public func showError(_ error: any Error) {
        forwardStatus("showError", text: String(describing: error), kind: .error) { $0.showError(error) }
    }
    /// Passed on to the controller; with none, the window ends anyway.
    public func quit() { forwardQuit { $0.quit() } }
}
