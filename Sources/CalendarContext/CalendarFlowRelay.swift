import AppShell
import EntryModel

/// A `ControllerRelay` stands in for a controller that is a `CalendarFlow`: a host hands the relay
/// to the Calendar context and connects it once its controller exists, with no forwarding of its own.
extension ControllerRelay: CalendarFlow where Controller: CalendarFlow {
    /// Passed on to the controller.
    public func hideCalendar() { forward("hideCalendar") { $0.hideCalendar() } }
    /// Passed on to the controller.
    public func showEntries(on day: CivilDay) { forward("showEntries") { $0.showEntries(on: day) } }
    /// Passed on to the controller.
    public func showEntry(_ entry: EntrySummary, on day: CivilDay) {
        forward("showEntry") { $0.showEntry(entry, on: day) }
    }
    /// Passed on to the controller; with none, the window ends anyway.
    public func quit() { forwardQuit { $0.quit() } }
    /// Passed on to the controller; with none, the window shows it.
    public func showError(_ error: any Error) {
        forwardStatus("showError", text: String(describing: error), kind: .error) { $0.showError(error) }
    }
}
