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
