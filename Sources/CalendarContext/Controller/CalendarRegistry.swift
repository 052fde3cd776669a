import AppShell
import EntryModel

/// The Calendar's side of its storyboard: how to build its one kind of scene, the actions it offers
/// to keys, and the flow actions that leave the context. Which key does what is in Calendar.storyboard.
enum CalendarRegistry {
    /// The kind of the calendar scene, as written after `kind:`.
    static let calendarKind = "Calendar"

    @MainActor
    static func make() -> StoryboardRegistry {
        var registry = StoryboardRegistry()
        registry.register(
            SceneKind(calendarKind, in: CalendarEnvironment.self) { context, environment in
                CalendarScene(title: context.title, environment: environment)
            }
            .action("previousDay", summary: "previous day") { $0.move(days: -1) }
            .action("nextDay", summary: "next day") { $0.move(days: 1) }
            .action("previousWeek", summary: "previous week") { $0.move(days: -7) }
            .action("nextWeek", summary: "next week") { $0.move(days: 7) }
            .action("previousMonth", summary: "previous month") { $0.move(months: -1) }
            .action("nextMonth", summary: "next month") { $0.move(months: 1) }
            .action("previousYear", summary: "previous year") { $0.move(months: -12) }
            .action("nextYear", summary: "next year") { $0.move(months: 12) }
            .action("today", summary: "today") { $0.goToToday() }
            .action("pickDay", summary: "show this day's entries") { $0.pickDay() }
            .action("nextOnThisDay", summary: "next entry on this day") { $0.moveOnThisDay(by: 1) }
            .action("previousOnThisDay", summary: "previous entry on this day") { $0.moveOnThisDay(by: -1) }
            .action("openOnThisDay", summary: "open the entry on this day in the list") { $0.openOnThisDay() }
        )
        registry.registerFlowAction("done", summary: "close the calendar", in: CalendarEnvironment.self) {
            $0.flow.hideCalendar()
        }
        registry.registerFlowAction("quit", summary: "quit", in: CalendarEnvironment.self) { $0.flow.quit() }
        // The context was named Journal until "journal" came to mean the file of entries: a person's
        // keys.yaml section, override file or reference still using the old names is refused with the
        // new one (docs/storyboards.md), never taken for something else or ignored.
        registry.registerFormerContextName("Journal")
        registry.registerFormerName("JournalCalendar", now: calendarKind)
        return registry
    }
}
