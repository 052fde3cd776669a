import Foundation
import XCTest
@testable import EntryModel

/// `DateStyle.format` writes dates by hand (no `DateFormatter`): it must show what the formatter
/// with the same pattern shows, in every time zone, across offsets, DST changes, leap days and years.
final class DateStyleFormatTests: XCTestCase {
    private static let zones = [
        "UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns", "Australia/Lord_Howe",
    ]

    private func reference(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    func testISOAndShortMatchDateFormatterInManyZonesAndYears() throws {
        for name in Self.zones {
            let zone = try XCTUnwrap(TimeZone(identifier: name), name)
            let iso = reference("yyyy-MM-dd HH:mm", zone)
            let short = reference("d MMM yyyy", zone)
            // From 1900 to 2100, in steps that are not a whole number of days or hours.
            var seconds = -2_208_988_800.0
            while seconds < 4_102_444_800 {
                let date = Date(timeIntervalSince1970: seconds)
                XCTAssertEqual(DateStyle.iso.format(date, timeZone: zone), iso.string(from: date), "\(name) \(seconds)")
                XCTAssertEqual(
                    DateStyle.short.format(date, timeZone: zone), short.string(from: date), "\(name) \(seconds)")
                seconds += 3_456_789.123
            }
        }
    }

    func testAroundMidnightLeapDaysAndTheNewYear() throws {
        let zone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let cases: [(Double, String, String)] = [
            (0, "1970-01-01 00:00", "1 Jan 1970"),
            (-1, "1969-12-31 23:59", "31 Dec 1969"),
            (-60.5, "1969-12-31 23:58", "31 Dec 1969"),
            (951_782_400, "2000-02-29 00:00", "29 Feb 2000"),
            (1_704_067_199.999, "2023-12-31 23:59", "31 Dec 2023"),
            (253_402_300_799, "9999-12-31 23:59", "31 Dec 9999"),
            (253_402_300_800, "10000-01-01 00:00", "1 Jan 10000"),
        ]
        for (seconds, iso, short) in cases {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(DateStyle.iso.format(date, timeZone: zone), iso)
            XCTAssertEqual(DateStyle.short.format(date, timeZone: zone), short)
        }
    }

    func testTheLocalDayFollowsTheZone() throws {
        // 2024-03-10 06:30 UTC is the 10th in London and in Tokyo, the 9th (evening) in Los Angeles.
        let date = Date(timeIntervalSince1970: 1_710_052_200)
        XCTAssertEqual(
            DateStyle.iso.format(date, timeZone: try XCTUnwrap(TimeZone(identifier: "Europe/London"))),
            "2024-03-10 06:30")
        XCTAssertEqual(
            DateStyle.iso.format(date, timeZone: try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))), "2024-03-10 15:30")
        XCTAssertEqual(
            DateStyle.short.format(date, timeZone: try XCTUnwrap(TimeZone(identifier: "America/Los_Angeles"))),
            "9 Mar 2024")
    }

    func testDatesWithoutCalendarFieldsShowAQuestionMarkInsteadOfTrapping() {
        for seconds in [Double.infinity, -Double.infinity, Double.nan, 1e300, -1e300] {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(DateStyle.iso.format(date, timeZone: TimeZone(secondsFromGMT: 0) ?? .current), "?")
            XCTAssertEqual(DateStyle.short.format(date, timeZone: TimeZone(secondsFromGMT: 0) ?? .current), "?")
        }
    }
}
