import XCTest
import AppShell

/// Nothing from a cell's text reaches the terminal as a control: controls become visible symbols.
final class RendererSanitizingTests: XCTestCase {
    private func written(_ text: String) -> String {
        var frame = Buffer(size: Size(width: 1, height: 1))
        frame[0, 0] = Cell(text: text)
        let output = renderedText([frame])
        let prefix = "\(esc)[0m\(esc)[2J\(esc)[1H"
        XCTAssertTrue(output.hasPrefix(prefix))
        return String(output.dropFirst(prefix.count))
    }

    func testC0ControlsAndDeleteBecomeControlPictures() {
        XCTAssertEqual(written("\u{1B}"), "␛")
        XCTAssertEqual(written("\u{1B}[2J"), "␛[2J")
        XCTAssertEqual(written("\u{07}"), "␇")
        XCTAssertEqual(written("\u{00}"), "␀")
        XCTAssertEqual(written("\n"), "␊")
        XCTAssertEqual(written("\r"), "␍")
        XCTAssertEqual(written("\u{7F}"), "␡")
    }

    func testC1ControlsBecomeReplacementCharacters() {
        XCTAssertEqual(written("\u{9B}31m"), "\u{FFFD}31m")
        XCTAssertEqual(written("\u{85}"), "\u{FFFD}")
    }

    func testEmptyTextIsABlankAndOrdinaryTextIsUntouched() {
        XCTAssertEqual(written("é"), "é")
        XCTAssertEqual(written("e\u{301}"), "e\u{301}")
        var frame = Buffer(size: Size(width: 2, height: 1))
        frame[0, 0] = Cell(text: "")
        frame[1, 0] = Cell(text: "x")
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1H x")
    }

    func testNoEscapeByteFromDataSurvivesAnyFrame() {
        var frame = Buffer(size: Size(width: 6, height: 2))
        let hostile = ["\u{1B}]0;pwned\u{07}", "\u{9D}", "\u{1B}", "\u{90}", "\u{08}", "\u{1B}c"]
        for (x, text) in hostile.enumerated() { frame[x, 1] = Cell(text: text) }
        let bytes = Array(renderedText([frame]).utf8)
        // Every ESC in the output starts one of the renderer's own CSI sequences.
        for (index, byte) in bytes.enumerated() where byte == 0x1B {
            XCTAssertEqual(bytes[index + 1], UInt8(ascii: "["), "a bare ESC at \(index)")
        }
        XCTAssertFalse(bytes.contains(0x07))
        XCTAssertFalse(bytes.contains(0x08))
        XCTAssertFalse(
            String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}
