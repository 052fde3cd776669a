import Foundation

/// How the UI shows a date.
public enum DateStyle: String, CaseIterable, Sendable, Codable {
    /// `2026-11-21 14:05` (local time).
    case iso
    /// `21 Nov 2026` (local time).
    case short
    /// `3 days ago`, `just now`, `in 2 hours`.
    case relative

    /// The date as text in this style, relative to `now` where the style needs it.
    ///
    /// Written by hand rather than with `DateFormatter`: the list formats the date of every row that
    /// scrolls into view, and a formatter costs tens of microseconds to make and pulls in ICU's
    /// locale data (time and memory at start). Only the zone's offset comes from Foundation. The
    /// calendar is the proleptic Gregorian one (as in `InterchangeDate`), which differs from
    /// `DateFormatter` only before 1582.
    public func format(_ date: Date, now: Date = Date(), timeZone: TimeZone = .current) -> String {
        switch self {
        case .iso, .short:
            guard let local = LocalDateTime(date, timeZone: timeZone) else { return "?" }
            return self == .iso ? local.isoText : local.shortText
        case .relative: return Self.relative(date, now: now)
        }
    }

    private static func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let magnitude = abs(seconds)
        if magnitude < 60 { return "just now" }
        let (value, unit): (Int, String) =
            switch magnitude {
            case ..<3600: (Int(magnitude / 60), "minute")
            case ..<86_400: (Int(magnitude / 3600), "hour")
            case ..<(86_400 * 30): (Int(magnitude / 86_400), "day")
            case ..<(86_400 * 365): (Int(magnitude / (86_400 * 30)), "month")
            default: (Int(magnitude / (86_400 * 365)), "year")
            }
        let phrase = "\(value) \(unit)\(value == 1 ? "" : "s")"
        return seconds >= 0 ? "\(phrase) ago" : "in \(phrase)"
    }
}
