import AppShell
import EntryModel

/// A `ControllerRelay` stands in for a controller that is an `EntriesFlow`: a host hands the relay
/// to the Entries context and connects it once its controller exists, with no forwarding of its own.
extension ControllerRelay: EntriesFlow where Controller: EntriesFlow {
    /// Passed on to the controller.
    public func showJournals() { forward("showJournals") { $0.showJournals() } }
    /// Passed on to the controller; with none, the window ends anyway.
    public func quit() { forwardQuit { $0.quit() } }
    /// Passed on to the controller; with none, the window shows it.
    public func showMessage(_ message: String) {
        forwardStatus("showMessage", text: message, kind: .info) { $0.showMessage(message) }
    }
    /// Passed on to the controller; with none, the window shows it.
    public func showError(_ error: any Error) {
        forwardStatus("showError", text: String(describing: error), kind: .error) { $0.showError(error) }
    }
}
