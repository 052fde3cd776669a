import EntryModel
import Foundation

/// The date text of every interchange format: ISO 8601 in UTC with milliseconds,
/// `2024-01-05T09:30:00.000Z`.
///
/// Formatting rounds to the nearest millisecond, so export → import → export gives the same text.
/// Written by hand rather than with `ISO8601DateFormatter` because it runs once per date of a
/// million-entry export, is pure arithmetic, and is trivially `Sendable`.
public enum InterchangeDate {
    /// The text of `date`, e.g. `2024-01-05T09:30:00.000Z`.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The dates the formats keep: ±9×10¹⁵ milliseconds around 1970, about 285,000 years either way.
    /// Further dates cannot be counted in milliseconds exactly; ``date(from:)`` refuses them, so what
    /// an import reads is what an export writes back.
    public static let keptRange = Date(timeIntervalSince1970: -9e12)...Date(timeIntervalSince1970: 9e12)

    /// Appends the text of `date` (no quotes) to `bytes`.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        let millisecondsDouble = (date.timeIntervalSince1970 * 1000).rounded()
        // A date outside `keptRange` (no reader makes one) is written as its nearest end rather than trap.
        let milliseconds = Int64(max(min(millisecondsDouble, 9e15), -9e15))
        let (days, millisecondOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let secondOfDay = millisecondOfDay / 1000
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(Int(abs(year)), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(Int(secondOfDay / 3600), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(secondOfDay / 60 % 60), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(secondOfDay % 60), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(Int(millisecondOfDay % 1000), width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses an ISO 8601 date and time, or nil when the text is not one.
    ///
    /// Years are those of the proleptic Gregorian calendar, as ISO 8601 counts them: `0000` is 1 BC, and
    /// earlier years are negative (`-0001-12-31T22:00:00.000Z`, as ``string(from:)`` writes them), so
    /// every date an export writes reads back.
    /// Accepted: `2024-01-05`, `2024-01-05T09:30`, `2024-01-05T09:30:15`, any number of fraction digits
    /// (`…:15.123456`), a space instead of `T`, and a zone `Z`, `+02:00`, `+0200` or `+02`.
    /// Without a zone the time is UTC (the formats here always write UTC). A date outside
    /// ``keptRange`` is refused too (`999999999-01-05`): it could not be written back as it was read.
    public static func date(from text: String) -> Date? {
        guard let date = unboundedDate(from: text), keptRange.contains(date) else { return nil }
        return date
    }

    /// ``date(from:)`` without the range check: a well-formed date of any year up to nine digits.
    static func unboundedDate(from text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        let sign = scanner.skip("-") ? -1 : 1
        guard let unsigned = scanner.year(), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: sign * unsigned)).contains(day)
        else { return nil }
        let year = sign * unsigned
        var seconds = Double(CivilCalendar.days(fromYear: year, month: month, day: day)) * 86_400
        if scanner.isAtEnd { return Date(timeIntervalSince1970: seconds) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), hour < 24, minute < 60
        else { return nil }
        var secondOfDay = hour * 3600 + minute * 60
        var fraction = 0.0
        if scanner.skip(":") {
            guard let second = scanner.number(digits: 2), second < 60 else { return nil }
            secondOfDay += second
            if scanner.skip(".") || scanner.skip(",") {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
        }
        seconds += Double(secondOfDay)
        guard let offset = scanner.zoneOffsetSeconds(), scanner.isAtEnd else { return nil }
        // Milliseconds are added as an exact multiple of 1/1000 so that parse(format(d)) == d's millisecond.
        return Date(timeIntervalSince1970: (seconds - Double(offset)) + fraction)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if digits.count < width {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count))
        }
        bytes.append(contentsOf: digits.reversed())
    }
}

/// Reads fixed-width numbers and punctuation from ASCII bytes, for ``InterchangeDate``.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// A year of four digits or more (exports of dates past 9999 write more).
    mutating func year() -> Int? {
        var year = 0
        var digits = 0
        while index < bytes.count, digits < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            year = year * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits >= 4 ? year : nil
    }

    /// The digits after a decimal point as a fraction of a second (at least one digit).
    mutating func fraction() -> Double? {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        let digits = bytes[start..<index]
        if digits.count <= 3 {
            // Exact milliseconds: 0.123 as 123/1000 rather than an accumulated sum.
            let padded = digits + repeatElement(UInt8(ascii: "0"), count: 3 - digits.count)
            let milliseconds = padded.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            return Double(milliseconds) / 1000
        }
        return Double("0." + String(decoding: digits, as: UTF8.self))
    }

    /// The zone as seconds east of UTC: 0 for `Z` or no zone, nil when malformed.
    mutating func zoneOffsetSeconds() -> Int? {
        if isAtEnd || skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes = 0
        if !isAtEnd {
            _ = skip(":")
            guard let value = number(digits: 2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 3600 + minutes * 60)
    }
}
