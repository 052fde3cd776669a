import Foundation

/// A date's calendar fields in a time zone: what ``DateStyle`` shows.
struct LocalDateTime {
    var year: Int64
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Nil for a date too far from today to have calendar fields (not finite, or past ±10^14 s).
    init?(_ date: Date, timeZone: TimeZone) {
        let seconds = (date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        let total = Int64(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = Int(total - days * 86_400)
        (year, month, day) = CivilCalendar.civil(fromDays: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
    }

    /// `2026-11-21 14:05` (`yyyy-MM-dd HH:mm`).
    var isoText: String {
        "\(yearText)-\(Self.twoDigits(month))-\(Self.twoDigits(day)) \(Self.twoDigits(hour)):\(Self.twoDigits(minute))"
    }

    /// `21 Nov 2026` (`d MMM yyyy`).
    var shortText: String {
        "\(day) \(Self.monthNames[month - 1]) \(yearText)"
    }

    /// The year on at least four digits; years before 1 count back as eras do (0 is 1 BC), as `yyyy`.
    private var yearText: String {
        let shown = year > 0 ? year : 1 - year
        let digits = String(shown)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
