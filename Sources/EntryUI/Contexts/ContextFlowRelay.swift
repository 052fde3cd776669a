import AppShell

/// A `ControllerRelay` stands in for a controller that is a ``ContextFlow``: a host hands the relay
/// to the contexts built from ``ContextServices`` and connects it once its controller exists.
extension ControllerRelay: ContextFlow where Controller: ContextFlow {
    /// Passed on to the controller.
    public func dismissContext(named name: String) { forward("dismissContext") { $0.dismissContext(named: name) } }
    /// Passed on to the controller.
    public func entriesDidChange() { forward("entriesDidChange") { $0.entriesDidChange() } }
    /// Passed on to the controller; with none, the window shows it.
    public func showMessage(_ message: String) {
        forwardStatus("showMessage", text: message, kind: .info) { $0.showMessage(message) }
    }
    /// Passed on to the controller; with none, the window shows it.
    public func showError(_ error: any Error) {
        forwardStatus("showError", text: String(describing: error), kind: .error) { $0.showError(error) }
    }
    /// Passed on to the controller; with none, the window ends anyway.
    public func quit() { forwardQuit { $0.quit() } }
}
