import XCTest
@testable import AppShell

/// Detecting colour support from the environment, and downsampling colours to it.
final class ColorSupportTests: XCTestCase {
    func testDetectionFollowsNoColorTermAndColorterm() {
        let cases: [([String: String], ColorSupport)] = [
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
            (["TERM": "xterm", "COLORTERM": "24bit"], .trueColor),
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "tmux-256color", "COLORTERM": "yes"], .indexed256),
            (["TERM": "xterm"], .ansi16),
            (["TERM": "some-unknown-terminal"], .ansi16),
            (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
            ([:], .none),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
            (["TERM": "xterm-256color", "NO_COLOR": ""], .indexed256),
        ]
        for (environment, expected) in cases {
            XCTAssertEqual(ColorSupport.detect(environment: environment), expected, "\(environment)")
        }
    }

    func testRGBToTheNearestOf256() {
        XCTAssertEqual(ColorDownsampling.indexed256(red: 255, green: 0, blue: 0), 196)
        XCTAssertEqual(ColorDownsampling.indexed256(red: 0, green: 95, blue: 135), 24)
        XCTAssertEqual(ColorDownsampling.indexed256(red: 128, green: 128, blue: 128), 244)
        XCTAssertEqual(ColorDownsampling.indexed256(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(ColorDownsampling.indexed256(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(ColorDownsampling.indexed256(red: 250, green: 135, blue: 10), 208)
    }

    func testRGBAndIndexedToTheNearestOf16() {
        XCTAssertEqual(ColorDownsampling.ansi16(red: 255, green: 0, blue: 0), 9)
        XCTAssertEqual(ColorDownsampling.ansi16(red: 200, green: 10, blue: 10), 1)
        XCTAssertEqual(ColorDownsampling.ansi16(red: 120, green: 120, blue: 130), 8)
        XCTAssertEqual(ColorDownsampling.ansi16(red: 0, green: 0, blue: 0), 0)
        XCTAssertEqual(ColorDownsampling.ansi16(ofIndexed: 196), 9)
        XCTAssertEqual(ColorDownsampling.ansi16(ofIndexed: 5), 5)
        XCTAssertEqual(ColorDownsampling.ansi16(ofIndexed: 255), 7)
    }

    func testEveryIndexedColourRoundTripsThroughItsRGB() {
        for index in 16...255 {
            let (r, g, b) = ColorDownsampling.rgb(ofIndexed: UInt8(index))
            let back = ColorDownsampling.indexed256(red: r, green: g, blue: b)
            XCTAssertEqual(ColorDownsampling.rgb(ofIndexed: back).0, r, "index \(index)")
            XCTAssertEqual(ColorDownsampling.rgb(ofIndexed: back).1, g, "index \(index)")
            XCTAssertEqual(ColorDownsampling.rgb(ofIndexed: back).2, b, "index \(index)")
        }
    }
}
