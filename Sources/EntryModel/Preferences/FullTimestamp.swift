import Foundation

/// A date to the millisecond with its zone's offset, as more details shows it: `2026-04-01
/// 14:03:22.123 +02:00 (Europe/Paris)`. Whatever the preferred ``DateStyle`` ("3 days ago"), this is
/// the whole truth, the instant the store holds (it keeps whole milliseconds).
public enum FullTimestamp {
    /// `yyyy-MM-dd HH:mm:ss.SSS ±hh:mm (zone)` in `timeZone`; the zone's name is left out for UTC.
    public static func text(_ date: Date, timeZone: TimeZone) -> String {
        // The stored instant (whole milliseconds): its second and minute never disagree.
        let milliseconds = StoredDate.milliseconds(date)
        guard let local = LocalDateTime(StoredDate.date(milliseconds), timeZone: timeZone) else { return "?" }
        let offset = timeZone.secondsFromGMT(for: date)
        let localMilliseconds = milliseconds &+ Int64(offset) * 1000
        let millisecond = Int(((localMilliseconds % 1000) + 1000) % 1000)
        let second = Int((((localMilliseconds - Int64(millisecond)) / 1000) % 60 + 60) % 60)
        let sign = offset < 0 ? "-" : "+"
        let offsetText = "\(sign)\(digits(abs(offset) / 3600, 2)):\(digits(abs(offset) % 3600 / 60, 2))"
        let zone = universalNames.contains(timeZone.identifier) ? "" : " (\(timeZone.identifier))"
        return "\(local.isoText):\(digits(second, 2)).\(digits(millisecond, 3)) \(offsetText)\(zone)"
    }

    /// Names of UTC itself, which the offset says already.
    private static let universalNames: Set = [
        "GMT", "UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu",
    ]

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }
}
