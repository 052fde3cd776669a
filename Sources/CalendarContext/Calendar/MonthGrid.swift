import EntryModel

/// The days of one month laid out in weeks, as a wall calendar shows them: one row per week that
/// holds a day of the month, seven columns starting on the chosen weekday, nil where the month has
/// no day.
struct MonthGrid: Equatable {
    /// The first day of the month.
    let first: CivilDay
    let firstWeekday: FirstWeekday
    /// 4 to 6 weeks of 7 slots each.
    let weeks: [[CivilDay?]]

    init(containing day: CivilDay, firstWeekday: FirstWeekday) {
        let first = day.firstOfMonth
        self.first = first
        self.firstWeekday = firstWeekday
        let length = CivilCalendar.daysIn(month: first.month, year: first.year)
        // How many slots come before the 1st: its distance from the week's first day.
        let lead = (first.weekday - firstWeekday.isoWeekday + 7) % 7
        let slots = ((lead + length + 6) / 7) * 7
        weeks = stride(from: 0, to: slots, by: 7).map { start in
            (start..<start + 7).map { slot in
                let offset = slot - lead
                return offset >= 0 && offset < length ? first.advanced(by: Int64(offset)) : nil
            }
        }
    }

    /// All the days of the month.
    var days: ClosedRange<CivilDay> {
        first...first.advanced(by: Int64(CivilCalendar.daysIn(month: first.month, year: first.year) - 1))
    }

    /// Two-letter weekday names in column order.
    var weekdayNames: [String] {
        let names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        return (0..<7).map { names[(firstWeekday.isoWeekday - 1 + $0) % 7] }
    }
}

/// English names for months and weekdays (the interface's language).
enum CalendarNames {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `November 2026`.
    static func month(_ day: CivilDay) -> String { "\(months[day.month - 1]) \(day.year)" }

    /// `Nov`.
    static func shortMonth(_ month: Int) -> String { String(months[month - 1].prefix(3)) }

    /// `Monday 23 November 2026`.
    static func long(_ day: CivilDay) -> String {
        "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }

    /// `Mon 23 Nov 2026`.
    static func short(_ day: CivilDay) -> String {
        "\(weekdays[day.weekday - 1].prefix(3)) \(dayMonthYear(day))"
    }

    /// `23 Nov 2026`.
    static func dayMonthYear(_ day: CivilDay) -> String {
        "\(day.day) \(shortMonth(day.month)) \(day.year)"
    }
}
