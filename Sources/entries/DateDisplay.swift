import Foundation

import EntryModel

/// Dates as people read them in tables and details: local time, to the minute, in the proleptic
/// Gregorian calendar the imports and exports use (``DateStyle/iso``; `DateFormatter` is Julian before
/// 1582-10-15, and showed a jrnl date of 1582-10-04 as 1582-09-24).
struct DateDisplay {
    private let timeZone: TimeZone

    init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// `2024-01-05 09:30`.
    func string(from date: Date) -> String {
        DateStyle.iso.format(date, timeZone: timeZone)
    }
}
