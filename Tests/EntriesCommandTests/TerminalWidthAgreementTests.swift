import AppShell
import XCTest

@testable import entries

/// Everything written to a terminal is measured with one table: the command line's columns
/// (`TerminalText`, which `entries list` pads and cuts with) and the app's (the columns `Buffer.put`
/// draws) agree on every Unicode scalar, so a column after any character lines up in both. Both are
/// given the text as the command line prints it (control characters as `^I`-style notation; the app
/// expands a raw tab to its tab stop, which is a way of showing it, not a width).
final class TerminalWidthAgreementTests: XCTestCase {
    /// The columns the app takes to draw `text` on one row.
    private func appColumns(_ text: String, in buffer: inout Buffer) -> Int {
        buffer.put(TerminalText.visible(text), at: Point(x: 0, y: 0))
    }

    /// The columns the command line counts for `text` as it prints it.
    private func commandLineColumns(_ text: String) -> Int {
        TerminalText.width(TerminalText.visible(text))
    }

    func testTheCharactersTablesOnceDisagreedAboutMeasureTheSame() {
        var buffer = Buffer(size: Size(width: 40, height: 1))
        for text in ["\u{3248}", "\u{FE10}", "ten \u{3248} circled", "comma \u{FE10} vertical"] {
            XCTAssertEqual(
                commandLineColumns(text), appColumns(text, in: &buffer),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testEveryCodePointMeasuresTheSameInTheCommandLineAndTheApp() {
        var buffer = Buffer(size: Size(width: 16, height: 1))
        var disagreements: [String] = []
        var measured = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates are no scalars
            // Alone, and after a letter (a combining mark or joiner then counts as the letter's part).
            for text in [String(Character(scalar)), "a" + String(Character(scalar))] {
                measured += 1
                let command = commandLineColumns(text)
                let app = appColumns(text, in: &buffer)
                if command != app, disagreements.count < 20 {
                    let code = String(value, radix: 16, uppercase: true)
                    disagreements.append("U+\(code) in \(text.debugDescription): command line \(command), app \(app)")
                }
            }
        }
        XCTAssertEqual(measured, 2 * (0x110000 - 0x800))
        XCTAssertEqual(disagreements, [])
    }
}
