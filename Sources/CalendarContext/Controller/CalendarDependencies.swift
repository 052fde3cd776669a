import AppShell
import EntryModel
import EntryUI
import Foundation

/// Everything the Calendar context needs from the app, handed to ``CalendarController`` once.
public struct CalendarDependencies {
    /// Where the counts per day, the dates of entries and the tags come from.
    public var repository: any EntryRepository
    /// The moves that leave the context (the App Controller, or another app's controller).
    public var flow: any CalendarFlow
    /// Presents scenes modally (the help overlay); the window, through the App Controller.
    public var presenter: any ModalPresenter
    /// The Calendar storyboard: the built-in one (``CalendarController/builtInStoryboard()``) or an override.
    public var storyboard: StoryboardSource
    /// The preferences in force: the first day of the week and whether colour is on.
    public var preferences: Preferences
    /// False when colour is impossible whatever the preferences say (`NO_COLOR`, `TERM=dumb`): the
    /// calendar then shades days with characters.
    public var colorAllowed: Bool
    /// The clock ("today"), injectable so that tests read the same screen on any day.
    public var now: @Sendable () -> Date
    /// The time zone whose days the calendar shows.
    public var timeZone: TimeZone
    /// The styles of the selection and dim text; the window's theme.
    public var theme: Theme
    /// Where the statistics, the bars and "On this day" are read: at once by default (tests, tools),
    /// off the main thread in the app (EntryUI's `BackgroundLoader`), so the Calendar's first frame
    /// waits only for the month's counts and the rest fills in when read.
    public var loader: any EntryLoader = ImmediateLoader()

    /// Collects the Calendar's dependencies; everything after `storyboard` has a default for tests and embedding
    /// apps (default preferences, colour allowed, the system clock and zone, the default theme).
    public init(
        repository: any EntryRepository, flow: any CalendarFlow, presenter: any ModalPresenter,
        storyboard: StoryboardSource, preferences: Preferences = .defaults, colorAllowed: Bool = true,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, theme: Theme = .default
    ) {
        self.repository = repository
        self.flow = flow
        self.presenter = presenter
        self.storyboard = storyboard
        self.preferences = preferences
        self.colorAllowed = colorAllowed
        self.now = now
        self.timeZone = timeZone
        self.theme = theme
    }
}
