import AppShell
import EntryModel
import EntryUI
import Foundation

/// What the Calendar's scenes share for the life of the app: the dependencies, the preferences in
/// force, and the day the user last looked at (the Calendar opens there again). Its theme and
/// preferences are what the controller's `ContextSceneMaker` changes while the app runs.
@MainActor
final class CalendarEnvironment: ContextAppearance {
    let repository: any EntryRepository
    let flow: any CalendarFlow
    let colorAllowed: Bool
    let now: @Sendable () -> Date
    let timeZone: TimeZone
    /// Where the reads that may wait until after a frame run (see `CalendarDependencies.loader`).
    let loader: any EntryLoader
    /// The styles of the scenes, read at every frame; the App Controller changes it with the theme.
    var theme: Theme
    var preferences: Preferences
    /// The day selected when the Calendar was last closed; nil until it was opened once.
    var lastDay: CivilDay?

    init(_ dependencies: CalendarDependencies) {
        repository = dependencies.repository
        flow = dependencies.flow
        colorAllowed = dependencies.colorAllowed
        now = dependencies.now
        timeZone = dependencies.timeZone
        loader = dependencies.loader
        theme = dependencies.theme
        preferences = dependencies.preferences
    }

    /// Today in the Calendar's time zone.
    var today: CivilDay { CivilDay(now(), in: timeZone) }

    /// Whether days are shaded with colour (else with characters).
    var usesColor: Bool { colorAllowed && preferences.colorEnabled }
}
