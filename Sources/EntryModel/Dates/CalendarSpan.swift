import Foundation

/// A day on the calendar, without a time or a zone.
struct LocalDay: Hashable {
    var year: Int
    var month: Int
    var day: Int

    /// The day `date` falls on in the calendar's zone.
    init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day, or a failure saying why it does not exist (`there is no 31 June`).
    static func checked(year: Int, month: Int, day: Int) throws -> LocalDay {
        guard (1...12).contains(month) else {
            throw DatePhraseReader.PhraseFailure(reason: "there is no month \(month)")
        }
        guard (1...CivilCalendar.daysIn(month: month, year: year)).contains(day) else {
            throw DatePhraseReader.PhraseFailure(reason: "there is no day \(day) in \(monthName(month)) \(year)")
        }
        return LocalDay(year: year, month: month, day: day)
    }

    static func monthName(_ month: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ][month - 1]
    }

    /// Noon of the day: a time that exists on every day, whatever the zone's transitions.
    func noon(in calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }

    func adding(days: Int, in calendar: Calendar) -> LocalDay {
        adding(count: days, of: "day", in: calendar)
    }

    /// The day `count` units (day, week, month or year) away; a month or year later keeps the day
    /// where it exists and takes the month's last day otherwise (31 March − 1 month = 28/29 February).
    func adding(count: Int, of unit: String, in calendar: Calendar) -> LocalDay {
        let component: Calendar.Component
        var amount = count
        switch unit {
        case "week":
            component = .day
            amount = count * 7
        case "month": component = .month
        case "year": component = .year
        default: component = .day
        }
        let moved = calendar.date(byAdding: component, value: amount, to: noon(in: calendar)) ?? noon(in: calendar)
        return LocalDay(moved, in: calendar)
    }

    /// 0 for Monday through 6 for Sunday.
    func weekday(in calendar: Calendar) -> Int {
        let sundayFirst = calendar.component(.weekday, from: noon(in: calendar))  // 1 = Sunday
        return (sundayFirst + 5) % 7
    }

    /// The Monday of the day's week.
    func startOfWeek(in calendar: Calendar) -> LocalDay {
        adding(days: -weekday(in: calendar), in: calendar)
    }

    /// The latest day with this weekday up to this day (or before it).
    func latest(weekday: Int, includingToday: Bool, in calendar: Calendar) -> LocalDay {
        var back = (self.weekday(in: calendar) - weekday + 7) % 7
        if back == 0 && !includingToday { back = 7 }
        return adding(days: -back, in: calendar)
    }

    /// The first day with this weekday after this day.
    func next(weekday: Int, in calendar: Calendar) -> LocalDay {
        let ahead = (weekday - self.weekday(in: calendar) + 7) % 7
        return adding(days: ahead == 0 ? 7 : ahead, in: calendar)
    }

    /// The whole day, week, month or year containing this day, moved by `step` of them.
    func spanOf(unit: String, shiftedBy step: Int, in calendar: Calendar) -> CalendarSpan {
        switch unit {
        case "week": return .week(startOfWeek(in: calendar).adding(days: 7 * step, in: calendar))
        case "month":
            let moved = LocalDay(year: year, month: month, day: 1).adding(count: step, of: "month", in: calendar)
            return .month(year: moved.year, month: moved.month)
        case "year": return .year(year + step)
        default: return .day(adding(days: step, in: calendar))
        }
    }
}

/// What a phrase names, before it becomes instants in a zone.
enum CalendarSpan: Equatable {
    case minute(LocalDay, hour: Int, minute: Int)
    case day(LocalDay)
    case week(LocalDay)
    case month(year: Int, month: Int)
    case year(Int)

    var unitName: String {
        switch self {
        case .minute: return "minute"
        case .day: return "day"
        case .week: return "week"
        case .month: return "month"
        case .year: return "year"
        }
    }

    /// The instants: from the first moment of the span to the first moment after it, in the zone
    /// (a day of a daylight-saving change is 23 or 25 hours long).
    func span(in calendar: Calendar) throws -> DateSpan {
        let start: DateComponents
        let end: DateComponents
        switch self {
        case .minute(let day, let hour, let minute):
            start = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
            guard let begin = calendar.date(from: start) else { throw DatePhraseReader.PhraseFailure() }
            return DateSpan(start: begin, end: begin.addingTimeInterval(60))
        case .day(let day):
            let next = day.adding(days: 1, in: calendar)
            start = DateComponents(year: day.year, month: day.month, day: day.day)
            end = DateComponents(year: next.year, month: next.month, day: next.day)
        case .week(let monday):
            let next = monday.adding(days: 7, in: calendar)
            start = DateComponents(year: monday.year, month: monday.month, day: monday.day)
            end = DateComponents(year: next.year, month: next.month, day: next.day)
        case .month(let year, let month):
            start = DateComponents(year: year, month: month, day: 1)
            end =
                month == 12
                ? DateComponents(year: year + 1, month: 1, day: 1)
                : DateComponents(year: year, month: month + 1, day: 1)
        case .year(let year):
            start = DateComponents(year: year, month: 1, day: 1)
            end = DateComponents(year: year + 1, month: 1, day: 1)
        }
        guard let begin = calendar.date(from: start), let finish = calendar.date(from: end) else {
            throw DatePhraseReader.PhraseFailure()
        }
        return DateSpan(start: begin, end: finish)
    }
}
