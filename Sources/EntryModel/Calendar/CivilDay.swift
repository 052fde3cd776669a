import Foundation

/// A day as a wall calendar names it (a year, a month, a day), kept as its day number: days since
/// 1970-01-01 in the proleptic Gregorian calendar. Which instants belong to it depends on a time
/// zone, so every conversion from or to a `Date` takes one.
public struct CivilDay: Hashable, Comparable, Sendable, Strideable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var number: Int64

    /// Creates the day `number` days after 1970-01-01 (before it when negative).
    public init(number: Int64) {
        self.number = number
    }

    /// Creates the day of a calendar date (`month` 1–12, `day` 1–31); nothing is checked, so pass a real date.
    public init(year: Int, month: Int, day: Int) {
        number = CivilCalendar.days(fromYear: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds =
            StoredDate.milliseconds(date).flooredDivision(by: 1000) + Int64(timeZone.secondsFromGMT(for: date))
        number = seconds.flooredDivision(by: 86_400)
    }

    /// The year of the proleptic Gregorian calendar (0 is 1 BC).
    public var year: Int { Int(CivilCalendar.civil(fromDays: number).year) }
    /// The month, 1 for January to 12.
    public var month: Int { CivilCalendar.civil(fromDays: number).month }
    /// The day of the month, from 1.
    public var day: Int { CivilCalendar.civil(fromDays: number).day }

    /// 1 for Monday ... 7 for Sunday (ISO 8601). 1970-01-01 was a Thursday.
    public var weekday: Int { Int((number + 3).flooredModulo(7)) + 1 }

    /// The first instant of the day in `timeZone` (for a day that starts in a gap, the first
    /// instant after it).
    public func start(in timeZone: TimeZone) -> Date {
        let midnightUTC = Date(timeIntervalSince1970: Double(number) * 86_400)
        // The offset at local midnight, found from the offset of an instant near it; a second look
        // settles days on which the offset changes.
        var offset = timeZone.secondsFromGMT(for: midnightUTC)
        offset = timeZone.secondsFromGMT(for: midnightUTC.addingTimeInterval(-Double(offset)))
        return midnightUTC.addingTimeInterval(-Double(offset))
    }

    /// The instants of the day in `timeZone`, from its first up to (not including) the next day's.
    public func instants(in timeZone: TimeZone) -> Range<Date> {
        start(in: timeZone)..<advanced(by: 1).start(in: timeZone)
    }

    /// The same day of the month `months` months on, or that month's last day if it is shorter.
    public func addingMonths(_ months: Int) -> CivilDay {
        let civil = CivilCalendar.civil(fromDays: number)
        let index = Int(civil.year) * 12 + (civil.month - 1) + months
        let year = index.flooredDivision(by: 12)
        let month = index.flooredModulo(12) + 1
        return CivilDay(year: year, month: month, day: min(civil.day, CivilCalendar.daysIn(month: month, year: year)))
    }

    /// The first day of this day's month.
    public var firstOfMonth: CivilDay { CivilDay(number: number - Int64(day - 1)) }

    /// `2026-11-23`.
    public var description: String {
        let civil = CivilCalendar.civil(fromDays: number)
        let year = civil.year < 0 ? "-" + String(format: "%04lld", -civil.year) : String(format: "%04lld", civil.year)
        return year + String(format: "-%02d-%02d", civil.month, civil.day)
    }

    /// Whether `lhs` comes before `rhs` in time.
    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.number < rhs.number }
    /// How many days from this one to `other` (negative when `other` is earlier).
    public func distance(to other: CivilDay) -> Int64 { other.number - number }
    /// The day `n` days after this one (before it when `n` is negative).
    public func advanced(by n: Int64) -> CivilDay { CivilDay(number: number + n) }
}

/// How many entries were created on one day.
public struct DayCount: Hashable, Sendable {
    /// The day counted.
    public var day: CivilDay
    /// How many entries were created on it (0 or more).
    public var count: Int

    /// Creates the count of `count` entries on `day`.
    public init(day: CivilDay, count: Int) {
        self.day = day
        self.count = count
    }
}

extension BinaryInteger {
    /// Division rounding toward negative infinity (Swift's `/` rounds toward zero).
    func flooredDivision(by divisor: Self) -> Self {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that goes with ``flooredDivision(by:)``: from 0 up to `divisor` (for a positive one).
    func flooredModulo(_ divisor: Self) -> Self {
        self - flooredDivision(by: divisor) * divisor
    }
}
