import AppShell
import AppShellTesting
import XCTest

/// Text from data can never put a control character into a cell: hostile strings are shown, not obeyed.
final class SanitizingTests: XCTestCase {
    static let hostileStrings: [String: String] = [
        "OSC 0 title": "\u{1B}]0;pwned\u{07}after",
        "OSC 2 title with ST": "\u{1B}]2;pwned\u{1B}\\after",
        "OSC 52 clipboard": "\u{1B}]52;c;cm0gLXJmIH4=\u{07}",
        "OSC 8 link": "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\",
        "CSI cursor move": "\u{1B}[10;10Hmoved",
        "CSI clear screen": "\u{1B}[2J\u{1B}[H",
        "C1 CSI": "\u{9B}31mred",
        "C1 OSC": "\u{9D}0;title\u{9C}",
        "DCS": "\u{1B}P1$qm\u{1B}\\",
        "C1 DCS": "\u{90}q\u{9C}",
        "bare CR": "safe\rEVIL",
        "backspaces": "safe\u{08}\u{08}\u{08}\u{08}EVIL",
        "bell and NUL": "\u{07}\u{00}",
        "DEL": "a\u{7F}b",
        "bidi override": "abc\u{202E}fed\u{202C}",
        "bidi isolate": "\u{2066}x\u{2069}\u{2067}y\u{2069}\u{2068}z\u{2069}",
        "line separator": "a\u{2028}b\u{2029}c",
        "newline": "one\ntwo\r\nthree",
    ]

    func testNoHostileStringPutsAControlIntoACell() {
        for (name, text) in Self.hostileStrings {
            for width in [1, 2, 5, 80] {
                var buffer = Buffer(size: Size(width: width, height: 3))
                buffer.put(text, at: Point(x: 0, y: 0))
                buffer.put(line: text, at: Point(x: 0, y: 1), width: width)
                buffer.put(line: StyledText(text), at: Point(x: 0, y: 2), width: width, truncation: .head)
                for cell in buffer.cells {
                    XCTAssertFalse(
                        cell.text.unicodeScalars.contains(where: TextSanitizer.isUnsafe),
                        "\(name) at width \(width): \(cell.text.debugDescription)")
                }
            }
        }
    }

    func testEscapeSequencesAreShownInCaretNotation() {
        var buffer = Buffer(size: Size(width: 30, height: 4))
        buffer.put("\u{1B}]0;pwned\u{07}after", at: Point(x: 0, y: 0))
        buffer.put("\u{1B}[2J", at: Point(x: 0, y: 1))
        buffer.put("safe\rEVIL", at: Point(x: 0, y: 2))
        buffer.put("ab\u{08}c\u{7F}", at: Point(x: 0, y: 3))
        assertScreen(
            buffer,
            equals: [
                "^[]0;pwned^Gafter",
                "^[[2J",
                "safe^MEVIL",
                "ab^Hc^?",
            ])
    }

    func testC1ControlsAreShownAsCodePoints() {
        var buffer = Buffer(size: Size(width: 30, height: 1))
        let used = buffer.put("\u{9B}31mred", at: Point(x: 0, y: 0))
        assertScreen(buffer, equals: ["<U+009B>31mred"])
        XCTAssertEqual(used, 14)
    }

    func testBidiControlsAreShownNotObeyed() {
        var buffer = Buffer(size: Size(width: 40, height: 2))
        buffer.put("abc\u{202E}fed\u{202C}", at: Point(x: 0, y: 0))
        buffer.put("\u{2066}x\u{2069}\u{200F}", at: Point(x: 0, y: 1))
        assertScreen(
            buffer,
            equals: [
                "abc<U+202E>fed<U+202C>",
                "<U+2066>x<U+2069><U+200F>",
            ])
    }

    func testCRLFIsShownAsBothControls() {
        var buffer = Buffer(size: Size(width: 20, height: 1))
        buffer.put("one\r\ntwo", at: Point(x: 0, y: 0))
        assertScreen(buffer, equals: ["one^M^Jtwo"])
    }

    func testTabsExpandToTheNextMultipleOfFourFromTheTextStart() {
        var buffer = Buffer(size: Size(width: 20, height: 3))
        buffer.put("a\tb", at: Point(x: 0, y: 0))
        buffer.put("abcd\te", at: Point(x: 2, y: 1))
        buffer.put("\t\tx", at: Point(x: 0, y: 2))
        assertScreen(
            buffer,
            equals: [
                "a   b",
                "  abcd    e",
                "        x",
            ])
    }

    func testAHundredThousandCharacterLineDrawsOnlyWhatFits() {
        let line = String(repeating: "x", count: 100_000)
        var buffer = Buffer(size: Size(width: 10, height: 2))
        XCTAssertEqual(buffer.put(line, at: Point(x: 0, y: 0)), 10)
        XCTAssertEqual(buffer.put(line: line, at: Point(x: 0, y: 1), width: 10), 10)
        assertScreen(buffer, equals: ["xxxxxxxxxx", "xxxxxxxxx…"])
    }

    func testAThousandStackedCombiningMarksStayInOneCellAndAreCapped() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 1000) + "b"
        var buffer = Buffer(size: Size(width: 5, height: 1))
        XCTAssertEqual(buffer.put(zalgo, at: Point(x: 0, y: 0)), 2)
        XCTAssertLessThanOrEqual(buffer[0, 0].text.unicodeScalars.count, TextSanitizer.maximumScalarsPerCell)
        XCTAssertEqual(buffer[1, 0].text, "b")
    }

    func testSanitizedStringForTextOutsideCells() {
        XCTAssertEqual(TextSanitizer.sanitized("title\u{1B}]0;x\u{07}"), "title^[]0;x^G")
        XCTAssertEqual(TextSanitizer.sanitized("plain 日本"), "plain 日本")
        XCTAssertEqual(TextSanitizer.sanitized("a\tb"), "a^Ib")
    }
}

/// `TextSanitizer.sanitized(_:keepingLineBreaks:)`, what the command line writes to a terminal through.
final class SanitizingLineBreaksTests: XCTestCase {
    func testLineBreaksAndTabsStayWhenAsked() {
        XCTAssertEqual(
            TextSanitizer.sanitized("a\nb\tc\r\nd\re\u{1B}]2;x\u{07}", keepingLineBreaks: true),
            "a\nb\tc\nd^Me^[]2;x^G")
        XCTAssertEqual(TextSanitizer.sanitized("a\nb\tc\r\nd", keepingLineBreaks: false), "a^Jb^Ic^M^Jd")
        XCTAssertEqual(TextSanitizer.sanitized("end\r", keepingLineBreaks: true), "end^M")
        XCTAssertEqual(
            TextSanitizer.sanitized("\u{9B}31m \u{202E}x \u{2028}", keepingLineBreaks: true),
            "<U+009B>31m <U+202E>x <U+2028>")
    }

    func testFourHundredThousandControlsBecomeTheirNotation() {
        let hostile = String(repeating: "\u{01}", count: 400_000)
        let shown = TextSanitizer.sanitized(hostile)
        XCTAssertEqual(shown.utf8.count, 800_000)
        XCTAssertTrue(shown.hasPrefix("^A^A"))
    }
}
