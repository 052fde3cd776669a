import AppFactory
import EntryModel
import Foundation

/// Dates as people read them in tables, details and entries read in the shell: in the style the
/// config's `date-format:` chooses (else `2024-01-05 09:30`, which scripts may rely on), in local
/// time, in the proleptic Gregorian calendar the imports and exports use (``DateStyle``;
/// `DateFormatter` is Julian before 1582-10-15, and showed a jrnl date of 1582-10-04 as 1582-09-24).
struct DateDisplay {
    let style: DateStyle
    let timeZone: TimeZone
    /// The moment relative dates are counted from.
    let now: Date

    init(style: DateStyle = .iso, timeZone: TimeZone = .current, now: Date = Date()) {
        self.style = style
        self.timeZone = timeZone
        self.now = now
    }

    /// The display a command uses: the config's `date-format:`, else ISO.
    static func chosen(_ access: DatabaseAccess, _ database: StoreFactory) -> DateDisplay {
        DateDisplay(style: access.configuration.dateStyle?.value ?? .iso)
    }

    /// `2024-01-05 09:30`, `5 Jan 2024` or `3 days ago`.
    func string(from date: Date) -> String {
        style.format(date, now: now, timeZone: timeZone)
    }
}
