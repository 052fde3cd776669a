import AppShell
import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
import Foundation
import TrashContext

/// An app that composes the Entries, Calendar and Trash contexts with a CEO of its own and no
/// Settings: the same context modules as `entries`, another App Controller. The contexts are built
/// exactly as the App Factory builds them; only the moves between them are this app's
/// (``JournalDeskController``).
@MainActor
final class JournalDeskApp {
    /// What the run loop runs (tests put it on a `HeadlessScreen`).
    let window: Window
    /// This app's CEO; it owns the contexts (theirs is a relay to it, so nothing is a cycle).
    let controller: JournalDeskController

    /// - Parameters:
    ///   - repository: where the entries are kept (this example: in memory).
    ///   - now: the clock ("today" in the Calendar), injectable for tests.
    ///   - timeZone: whose days the Calendar counts and the list filters by.
    init(
        repository: any EntryRepository, suspender: any TerminalSuspending, environment: [String: String],
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current,
        configuration: WindowConfiguration = .storyboardDriven()
    ) throws {
        window = Window(root: MessageScene(title: "", message: ""), configuration: configuration)
        // The contexts' flow and presenter until the controller, made over them, exists.
        let relay = ControllerRelay<JournalDeskController>()
        let entries = try EntriesController(
            dependencies: EntriesDependencies(
                repository: repository, flow: relay, presenter: relay, suspender: suspender,
                preferences: .defaults, storyboard: EntriesController.builtInStoryboard(),
                editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment)),
                now: now, timeZone: timeZone))
        let calendar = try CalendarController(
            dependencies: CalendarDependencies(
                repository: repository, flow: relay, presenter: window,
                storyboard: CalendarController.builtInStoryboard(),
                colorAllowed: configuration.colorEnabled, now: now, timeZone: timeZone))
        // Built from the services every context gets: nothing in this app is written for it.
        let trash = try TrashController(
            services: ContextServices(
                repository: repository, flow: relay, presenter: relay,
                storyboard: TrashController.builtInStoryboard(),
                timeZone: timeZone, now: now, colorAllowed: configuration.colorEnabled))
        controller = JournalDeskController(
            window: window, entries: entries,
            contexts: [CalendarController.storyboardName: calendar, TrashController.storyboardName: trash])
        relay.connect(to: controller, window: window)
        window.replaceRoot(with: entries.rootScene)
    }
}
