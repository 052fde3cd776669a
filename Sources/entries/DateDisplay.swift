import Foundation

/// Dates as people read them in tables and details: local time, to the minute.
struct DateDisplay {
    private let formatter: DateFormatter

    init(timeZone: TimeZone = .current) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
    }

    /// `2024-01-05 09:30`.
    func string(from date: Date) -> String {
        formatter.string(from: date)
    }
}
