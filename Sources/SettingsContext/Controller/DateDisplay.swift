import EntryModel
import Foundation

/// Shows dates in a ``DateStyle`` with the context's injected clock and time zone, so that screens
/// are the same in tests wherever they run.
struct DateDisplay {
    /// The current time.
    let now: @Sendable () -> Date
    let timeZone: TimeZone

    /// How long before now the date formats' live examples are: far enough for "Relative" to say
    /// something more telling than "just now".
    static let exampleAge: TimeInterval = 3 * 86_400

    /// `date` in `style`.
    func text(_ date: Date, style: DateStyle) -> String {
        style.format(date, now: now(), timeZone: timeZone)
    }

    /// A live example of `style`: how a date three days ago reads.
    func example(in style: DateStyle) -> String {
        let now = now()
        return style.format(now.addingTimeInterval(-Self.exampleAge), now: now, timeZone: timeZone)
    }
}
