import EntryModel

/// What the Calendar context needs from outside: the moves that leave it. The App Controller conforms
/// to it; another app composing the Calendar provides its own. The Calendar knows no other context:
/// "show the entries of this day" is a wish it hands up, and the host decides what shows them.
@MainActor
public protocol CalendarFlow: AnyObject {
    /// Takes the Calendar away, back to exactly where the user was.
    func hideCalendar()
    /// Hides the Calendar and shows the entries created on `day` (in the Calendar's time zone).
    func showEntries(on day: CivilDay)
    /// Hides the Calendar and shows `entry` in the list of the entries created on `day` (the day it
    /// was written), selected: one of "on this day" picked in the calendar. The default shows the day.
    func showEntry(_ entry: EntrySummary, on day: CivilDay)
    /// Ends the app (the storyboard's `quit`).
    func quit()
    /// Shows an error the user can act on in the app's status line.
    func showError(_ error: any Error)
}

extension CalendarFlow {
    /// The default for a host that does not implement it: shows the entries of `day`, none selected.
    public func showEntry(_ entry: EntrySummary, on day: CivilDay) {
        showEntries(on: day)
    }
}
