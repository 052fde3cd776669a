import EntryModel
import Foundation
import XCTest

/// More details' timestamps: to the millisecond, with the zone's offset, as `DateFormatter` would
/// write them (`yyyy-MM-dd HH:mm:ss.SSS xxx`), across offsets of half and quarter hours and DST.
final class FullTimestampTests: XCTestCase {
    func testTheTimestampMatchesDateFormatterWithTheOffsetAndTheZone() throws {
        for name in ["UTC", "Europe/Paris", "America/St_Johns", "Asia/Kathmandu", "Pacific/Chatham"] {
            let zone = try XCTUnwrap(TimeZone(identifier: name))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS xxx"
            var milliseconds: Int64 = -2_208_988_800_000
            while milliseconds < 4_102_444_800_000 {
                let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                let expected = formatter.string(from: date) + (name == "UTC" ? "" : " (\(name))")
                XCTAssertEqual(FullTimestamp.text(date, timeZone: zone), expected, "\(name) \(milliseconds)")
                milliseconds += 3_456_789_123
            }
        }
    }

    func testAnExampleReadsAsWritten() throws {
        let date = Date(timeIntervalSince1970: 1_775_052_202.123)  // 2026-04-01 14:03:22.123 UTC
        XCTAssertEqual(
            FullTimestamp.text(date, timeZone: try XCTUnwrap(TimeZone(identifier: "Europe/Paris"))),
            "2026-04-01 16:03:22.123 +02:00 (Europe/Paris)")
        XCTAssertEqual(
            FullTimestamp.text(date, timeZone: try XCTUnwrap(TimeZone(identifier: "UTC"))),
            "2026-04-01 14:03:22.123 +00:00")
    }
}
