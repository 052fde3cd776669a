import AppShell
import AppShellTesting
import XCTest

/// Drawing text into cells: widths, wide graphemes at edges, truncation, clipping, spans.
final class BufferTextTests: XCTestCase {
    func testPutReturnsTheColumnsUsed() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        XCTAssertEqual(buffer.put("ab日", at: Point(x: 1, y: 0)), 4)
        assertScreen(buffer, equals: [" ab日"])
        XCTAssertEqual(buffer[3, 0].width, 2)
        XCTAssertTrue(buffer[4, 0].isContinuation)
    }

    func testPutStopsAtMaxWidth() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        XCTAssertEqual(buffer.put("abcdef", at: Point(x: 0, y: 0), maxWidth: 3), 3)
        assertScreen(buffer, equals: ["abc"])
    }

    func testAWideGraphemeCutByTheEdgeBecomesABlank() {
        var buffer = Buffer(size: Size(width: 3, height: 2), filling: Cell(text: "."))
        XCTAssertEqual(buffer.put("a日", at: Point(x: 1, y: 0)), 2)
        XCTAssertEqual(buffer.put("日本", at: Point(x: 0, y: 1), maxWidth: 3), 3)
        assertScreen(buffer, equals: [".a", "日"])
        XCTAssertEqual(buffer[2, 0], Cell(text: " "))
        XCTAssertEqual(buffer[2, 1], Cell(text: " "))
    }

    func testOverwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(width: 6, height: 2))
        buffer.put("日本語", at: Point(x: 0, y: 0))
        buffer.put("x", at: Point(x: 1, y: 0))  // right half of 日
        buffer.put("y", at: Point(x: 2, y: 0))  // left half of 本
        buffer.put("日本語", at: Point(x: 0, y: 1))
        buffer.put("漢", at: Point(x: 1, y: 1))  // over both 日's right half and 本's left half
        assertScreen(buffer, equals: [" xy 語", " 漢 語"])
        for y in 0..<2 {
            for x in 0..<6 where buffer[x, y].isContinuation {
                XCTAssertEqual(buffer[x - 1, y].width, 2, "continuation at \(x),\(y) without its lead")
            }
        }
    }

    func testFillThroughAWideGraphemeBlanksTheCutHalf() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.put("日本語", at: Point(x: 0, y: 0))
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), with: Cell(text: "-"))
        assertScreen(buffer, equals: [" -- 語"])
    }

    func testLineTruncatesWithAnEllipsis() {
        var buffer = Buffer(size: Size(width: 10, height: 4))
        buffer.put(line: "Hello, world", at: Point(x: 0, y: 0), width: 8)
        buffer.put(line: "Hello", at: Point(x: 0, y: 1), width: 5)
        buffer.put(line: "Hello", at: Point(x: 0, y: 2), width: 1)
        buffer.put(line: "Hi", at: Point(x: 0, y: 3), width: 6, alignment: .trailing)
        assertScreen(buffer, equals: ["Hello, …", "Hello", "…", "    Hi"])
    }

    func testTruncationNeverSplitsAWideGrapheme() {
        var buffer = Buffer(size: Size(width: 10, height: 3))
        XCTAssertEqual(buffer.put(line: "日本語", at: Point(x: 0, y: 0), width: 4), 3)
        XCTAssertEqual(buffer.put(line: "日本語", at: Point(x: 0, y: 1), width: 5), 5)
        XCTAssertEqual(buffer.put(line: "a日本語", at: Point(x: 0, y: 2), width: 5, truncation: .head), 5)
        assertScreen(buffer, equals: ["日…", "日本…", "…本語"])
        XCTAssertEqual(buffer[3, 0], Cell(text: " "), "the column a half would take is padding")
    }

    func testHeadTruncationKeepsTheEnd() {
        var buffer = Buffer(size: Size(width: 12, height: 1))
        buffer.put(line: "Entries › Details", at: Point(x: 0, y: 0), width: 12, truncation: .head)
        assertScreen(buffer, equals: ["…s › Details"])
    }

    func testLinePadsWithItsStyle() {
        let selected = Style(attributes: .reverse)
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.put(line: "ab", at: Point(x: 0, y: 0), width: 5, style: selected)
        XCTAssertEqual(buffer[4, 0], Cell(text: " ", style: selected))
        XCTAssertEqual(buffer[5, 0], Cell.blank, "nothing past the line's width")
    }

    func testClippingToARect() {
        var buffer = Buffer(size: Size(width: 8, height: 3), filling: Cell(text: "."))
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        buffer.put("abcdefgh", at: Point(x: 0, y: 1), clip: clip)
        buffer.put("abcdefgh", at: Point(x: 0, y: 0), clip: clip)  // row outside the clip
        buffer.put("日本語", at: Point(x: 1, y: 2), clip: Rect(x: 2, y: 2, width: 3, height: 1))
        assertScreen(buffer, equals: ["........", "..cdef..", ".. 本..."])
    }

    func testSpansKeepTheirStylesAndLayOverTheLineStyle() {
        let bold = Style(attributes: .bold), red = Style(foreground: .red)
        let selection = Style(foreground: .black, background: .cyan)
        var buffer = Buffer(size: Size(width: 10, height: 1))
        let text = StyledText("ab", style: bold) + StyledText("cd", style: red)
        buffer.put(line: text, at: Point(x: 0, y: 0), width: 6, style: selection)
        assertScreen(buffer, equals: ["abcd"])
        XCTAssertEqual(buffer[0, 0].style, Style(foreground: .black, background: .cyan, attributes: .bold))
        XCTAssertEqual(buffer[2, 0].style, Style(foreground: .red, background: .cyan))
        XCTAssertEqual(buffer[5, 0].style, selection)
        XCTAssertEqual(text.width, 4)
        XCTAssertEqual(text.plainText, "abcd")
    }

    func testDrawingOutsideTheBufferDoesNothing() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        XCTAssertEqual(buffer.put("abc", at: Point(x: 0, y: 5)), 0)
        buffer.put("abc", at: Point(x: -2, y: 0))
        buffer.put(line: "abc", at: Point(x: 0, y: -1), width: 3)
        assertScreen(buffer, equals: ["c"])
        var empty = Buffer(size: Size(width: 0, height: 0))
        XCTAssertEqual(empty.put("abc", at: Point(x: 0, y: 0)), 0)
        XCTAssertEqual(empty.put(line: "abc", at: Point(x: 0, y: 0), width: 3), 0)
    }

    func testCombiningMarksStayWithTheirBase() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        XCTAssertEqual(buffer.put("e\u{301}x\u{301}\u{302}", at: Point(x: 0, y: 0)), 2)
        XCTAssertEqual(buffer[0, 0].text, "e\u{301}")
        XCTAssertEqual(buffer[1, 0].text, "x\u{301}\u{302}")
    }

    func testEmojiSequencesTakeTwoCells() {
        var buffer = Buffer(size: Size(width: 12, height: 1))
        XCTAssertEqual(buffer.put("👨‍👩‍👧🇫🇷1️⃣👍🏽", at: Point(x: 0, y: 0)), 8)
        assertScreen(buffer, equals: ["👨‍👩‍👧🇫🇷1️⃣👍🏽"])
    }
}
