@testable import AppShell
import XCTest

/// Display widths of grapheme clusters: what a terminal gives each one.
final class CellWidthTests: XCTestCase {
    func testASCIIAndLatinAreOneColumn() {
        XCTAssertEqual(Character("a").displayWidth, 1)
        XCTAssertEqual(Character("~").displayWidth, 1)
        XCTAssertEqual(Character("é").displayWidth, 1)
        XCTAssertEqual("hello".displayWidth, 5)
    }

    func testCJKAndFullwidthAreTwoColumns() {
        XCTAssertEqual(Character("日").displayWidth, 2)
        XCTAssertEqual(Character("한").displayWidth, 2)
        XCTAssertEqual(Character("カ").displayWidth, 2)
        XCTAssertEqual(Character("Ａ").displayWidth, 2, "fullwidth Latin A")
        XCTAssertEqual(Character("　").displayWidth, 2, "ideographic space")
        XCTAssertEqual(Character("\u{20000}").displayWidth, 2, "CJK extension B")
        XCTAssertEqual("日本語".displayWidth, 6)
        XCTAssertEqual(Character("ｶ").displayWidth, 1, "halfwidth katakana")
    }

    func testEmojiAreTwoColumns() {
        XCTAssertEqual(Character("😀").displayWidth, 2)
        XCTAssertEqual(Character("👍🏽").displayWidth, 2, "skin tone modifier")
        XCTAssertEqual(Character("👨‍👩‍👧‍👦").displayWidth, 2, "ZWJ family")
        XCTAssertEqual(Character("🏳️‍🌈").displayWidth, 2, "ZWJ flag with VS16")
        XCTAssertEqual(Character("🇫🇷").displayWidth, 2, "regional indicator flag")
        XCTAssertEqual(Character("1️⃣").displayWidth, 2, "keycap")
        XCTAssertEqual(Character("❤️").displayWidth, 2, "text-default emoji with VS16")
        XCTAssertEqual(Character("☝🏽").displayWidth, 2, "text-default emoji with a skin tone")
        XCTAssertEqual("🇫🇷🇩🇪".displayWidth, 4)
    }

    func testTextPresentationAndPlainSymbolsAreOneColumn() {
        XCTAssertEqual(Character("❤").displayWidth, 1, "heavy heart without VS16")
        XCTAssertEqual(Character("⌚︎").displayWidth, 1, "watch with VS15")
        XCTAssertEqual(Character("©").displayWidth, 1)
        XCTAssertEqual(Character("1").displayWidth, 1, "digits have the Emoji property but are narrow")
    }

    func testCombiningMarksJoinTheirBaseWithoutWidth() {
        XCTAssertEqual(Character("e\u{301}").displayWidth, 1)
        XCTAssertEqual("e\u{301}\u{302}x".displayWidth, 2)
        XCTAssertEqual(Character("\u{1100}\u{1161}\u{11A8}").displayWidth, 2, "Hangul syllable from jamo")
        XCTAssertEqual("a\u{200B}b".displayWidth, 2, "zero width space takes nothing")
        XCTAssertEqual("\u{FEFF}abc".displayWidth, 3, "byte order mark takes nothing")
        XCTAssertEqual("\u{301}a".displayWidth, 1, "a mark with no base takes nothing")
    }

    func testControlsAreMeasuredAsTheirNotation() {
        XCTAssertEqual("\u{1B}".displayWidth, 2, "^[")
        XCTAssertEqual("\u{9B}".displayWidth, 8, "<U+009B>")
        XCTAssertEqual("a\tb".displayWidth, 5, "tab to column 4")
        XCTAssertEqual(Character("\u{1B}").displayWidth, 0, "a character alone does not know its notation")
    }

    func testEastAsianWidthTableIsSortedAndDisjoint() {
        let ranges = EastAsianWidth.wideRanges
        for (previous, next) in zip(ranges, ranges.dropFirst()) {
            XCTAssertLessThan(previous.upperBound, next.lowerBound, "\(previous) then \(next)")
        }
        XCTAssertFalse(EastAsianWidth.isWide(0x41))
        XCTAssertTrue(EastAsianWidth.isWide(0x4E00))
        XCTAssertTrue(EastAsianWidth.isWide(0xFF01))
        XCTAssertFalse(EastAsianWidth.isWide(0xFF61), "halfwidth ideographic full stop")
    }
}
