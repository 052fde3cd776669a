@testable import EntryInterchange
@testable import EntryModel
import Foundation
import XCTest

final class InterchangeDateTests: XCTestCase {
    func testFormatsUTCWithMilliseconds() {
        XCTAssertEqual(InterchangeDate.string(from: InterchangeFixtures.date), "2024-01-05T09:30:00.123Z")
        XCTAssertEqual(InterchangeDate.string(from: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(InterchangeDate.string(from: Date(timeIntervalSince1970: -0.001)), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(
            InterchangeDate.string(from: Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(
            InterchangeDate.string(from: Date(timeIntervalSince1970: 253_402_300_799.999)), "9999-12-31T23:59:59.999Z")
    }

    func testRoundsToTheNearestMillisecond() {
        XCTAssertEqual(InterchangeDate.string(from: Date(timeIntervalSince1970: 1.0006)), "1970-01-01T00:00:01.001Z")
        XCTAssertEqual(InterchangeDate.string(from: Date(timeIntervalSince1970: 1.0004)), "1970-01-01T00:00:01.000Z")
        XCTAssertEqual(InterchangeDate.string(from: Date(timeIntervalSince1970: 59.9999)), "1970-01-01T00:01:00.000Z")
    }

    func testParsesTheFormsItAccepts() throws {
        let expected = InterchangeFixtures.date
        for text in [
            "2024-01-05T09:30:00.123Z", "2024-01-05T09:30:00.123", "2024-01-05 09:30:00.123z",
            "2024-01-05T11:30:00.123+02:00", "2024-01-05T04:30:00.123-0500", "2024-01-05T10:30:00.123+01",
        ] {
            let date = try XCTUnwrap(InterchangeDate.date(from: text), text)
            XCTAssertEqual(milliseconds(date), milliseconds(expected), text)
        }
        XCTAssertEqual(InterchangeDate.date(from: "2024-01-05")?.timeIntervalSince1970, 1_704_412_800)
        XCTAssertEqual(InterchangeDate.date(from: "2024-01-05T09:30")?.timeIntervalSince1970, 1_704_447_000)
        XCTAssertEqual(
            InterchangeDate.date(from: "2024-01-05T09:30:00.123456Z")?.timeIntervalSince1970 ?? 0,
            1_704_447_000.123456, accuracy: 0.000_001)
    }

    func testRefusesWhatIsNotADate() {
        for text in [
            "", "yesterday", "2024-1-5", "2024-02-30", "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10",
            "2024-01-05T24:00", "2024-01-05T09:60", "2024-01-05T09:30:60", "2024-01-05T09:30:00.Z",
            "2024-01-05T09:30:00Zjunk", "2024-01-05T09:30+2", "2024-01-05T",
        ] {
            XCTAssertNil(InterchangeDate.date(from: text), text)
        }
        XCTAssertNotNil(InterchangeDate.date(from: "2024-02-29"))
        XCTAssertNotNil(InterchangeDate.date(from: "2000-02-29"))
        // Years past 9999 have more digits; they read back too.
        let farFuture = Date(timeIntervalSince1970: 300_000_000_000)
        XCTAssertEqual(InterchangeDate.date(from: InterchangeDate.string(from: farFuture)), farFuture)
    }

    /// What the reader accepts, the writer writes back as it was (a fuzzed Day One import of year
    /// 999999999 came back through the JSON export as year 287,168: it fails before the range check).
    func testEveryDateReadIsWrittenBackAsItWasRead() throws {
        var years = [0, 1, 1969, 1970, 9999, 10_000, 99_999, 999_999, 9_999_999, 99_999_999, 999_999_999]
        years += (0..<400).map { 10_000 + $0 * 2_503_117 % 999_990_000 }
        years += [283_000, 283_228, 283_229, 283_230, 287_000, 287_168, 287_169, 288_000]
        var kept = 0
        for year in years {
            for sign in ["", "-"] {
                let digits = String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)"
                let text = sign + digits + "-01-05T09:30:00Z"
                guard let date = InterchangeDate.date(from: text) else { continue }
                kept += 1
                let written = InterchangeDate.string(from: date)
                XCTAssertEqual(InterchangeDate.date(from: written), date, "\(text) was written as \(written)")
            }
        }
        XCTAssertGreaterThan(kept, 20, "the years of the kept range are read")
        XCTAssertNil(InterchangeDate.date(from: "999999999-01-05T09:30:00Z"))
        // The ends of the kept range, to the second, and one second past them.
        XCTAssertNotNil(InterchangeDate.date(from: "287168-08-24T16:00:00Z"))
        XCTAssertNil(InterchangeDate.date(from: "287168-08-24T16:00:01Z"))
        XCTAssertNotNil(InterchangeDate.date(from: "-283229-05-10T08:00:00Z"))
        XCTAssertNil(InterchangeDate.date(from: "-283229-05-10T07:59:59Z"))
    }

    func testFormatThenParseKeepsTheMillisecond() throws {
        // A fixed walk over 1906…9999 in uneven millisecond steps: reproducible, and hits every digit.
        for step in 0..<2000 {
            let seconds = Double(-2_000_000_000_000 + Int64(step) * 127_456_789_123) / 1000
            let date = Date(timeIntervalSince1970: seconds)
            let text = InterchangeDate.string(from: date)
            let parsed = try XCTUnwrap(InterchangeDate.date(from: text), text)
            XCTAssertEqual(milliseconds(parsed), milliseconds(date), text)
            XCTAssertEqual(InterchangeDate.string(from: parsed), text)
        }
    }
}
