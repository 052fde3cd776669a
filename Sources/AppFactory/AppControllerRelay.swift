import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
import SettingsContext

/// What the contexts hold as their flow and presenter: it forwards every call to the App Controller.
///
/// The contexts need the CEO when they are made, and the CEO directs the contexts, so one of them
/// has to be told about the other afterwards. Doing it here, once, in a forwarder the factory wires
/// before anything runs, keeps every `let` of the App Controller and of the contexts a `let`. Calls
/// before the wiring (none happen: nothing runs until the App Controller launches) are dropped.
@MainActor
final class AppControllerRelay: EntriesFlow, SettingsFlow, CalendarFlow, ContextFlow, ModalPresenter {
    /// Held weakly: the factory owns the App Controller, the contexts own this relay.
    weak var controller: AppController?

    func hideSettings() { controller?.hideSettings() }
    func hideCalendar() { controller?.hideCalendar() }
    func showJournals() { controller?.showJournals() }
    func dismissContext(named name: String) { controller?.dismissContext(named: name) }
    func entriesDidChange() { controller?.entriesDidChange() }
    func showEntries(on day: CivilDay) { controller?.showEntries(on: day) }
    func showEntry(_ entry: EntrySummary, on day: CivilDay) { controller?.showEntry(entry, on: day) }
    func showDetails(for entry: EntrySummary) { controller?.showDetails(for: entry) }
    func preferencesDidChange(_ preferences: Preferences) { controller?.preferencesDidChange(preferences) }
    func quit() { controller?.quit() }
    func showMessage(_ message: String) { controller?.showMessage(message) }
    func showError(_ error: any Error) { controller?.showError(error) }

    var presentedScene: (any Scene)? { controller?.presentedScene }
    func present(_ scene: any Scene) { controller?.present(scene) }
    func dismiss() { controller?.dismiss() }
    func toggleHelp() { controller?.toggleHelp() }
    func requestRepaint() { controller?.requestRepaint() }
    func presentContext(named name: String) throws { try controller?.presentContext(named: name) }
}
