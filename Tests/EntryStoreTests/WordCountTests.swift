import EntryModel
import XCTest

/// `WordCount` reads UTF-8 bytes and decodes only the characters that can be white space; it must
/// count exactly as the definition says, over every scalar: runs between white space or controls.
final class WordCountTests: XCTestCase {
    /// The definition, one scalar at a time.
    private func definition(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let separates = scalar.value <= 0x20 || scalar.value == 0x7F || scalar.properties.isWhitespace
            if separates {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }

    func testEveryWhiteSpaceScalarSeparatesAndNoOtherDoes() throws {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            XCTAssertEqual(WordCount.of(text), definition(text), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    func testGeneratedTextCountsAsTheDefinition() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "word", " ", "\t", "\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{202F}",
            "\u{3000}", "漢字", "é", "e\u{301}", "🇫🇷", "\u{1B}", "\u{7F}", "don't", "😀", "\u{E000}",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            XCTAssertEqual(WordCount.of(text), definition(text), text.debugDescription)
        }
        XCTAssertEqual(WordCount.of("don't stop\u{3000}2026-11-21 漢字の日記"), 4)
        XCTAssertEqual(WordCount.of(""), 0)
    }
}
