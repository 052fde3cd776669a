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
    let entries: EntriesController
    let calendar: CalendarController
    /// Built from the services every context gets: nothing in this app is written for it.
    let trash: TrashController
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
        let controller = JournalDeskController(window: window)
        entries = try EntriesController(
            dependencies: EntriesDependencies(
                repository: repository, flow: controller, presenter: controller, suspender: suspender,
                preferences: .defaults, storyboard: EntriesController.builtInStoryboard(),
                editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment)),
                now: now, timeZone: timeZone))
        calendar = try CalendarController(
            dependencies: CalendarDependencies(
                repository: repository, flow: controller, presenter: window,
                storyboard: CalendarController.builtInStoryboard(),
                colorAllowed: configuration.colorEnabled, now: now, timeZone: timeZone))
        trash = try TrashController(
            services: ContextServices(
                repository: repository, flow: controller, presenter: controller,
                storyboard: TrashController.builtInStoryboard(),
                timeZone: timeZone, now: now, colorAllowed: configuration.colorEnabled))
        controller.entries = entries
        controller.add(calendar, named: CalendarController.storyboardName)
        controller.add(trash, named: TrashController.storyboardName)
        self.controller = controller
        window.replaceRoot(with: entries.rootScene)
    }
}
