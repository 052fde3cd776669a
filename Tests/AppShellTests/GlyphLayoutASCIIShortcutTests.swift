@testable import AppShell
import AppShellTesting
import XCTest

/// The layout's shortcut for printable ASCII characters must lay text out exactly as the general,
/// grapheme-by-grapheme way does: same texts, widths, styles and columns, whatever the text mixes.
final class GlyphLayoutASCIIShortcutTests: XCTestCase {
    /// Pieces that meet ASCII in every way that matters: marks and joiners after a letter, a
    /// variation selector, CR LF, tabs, controls (C0, DEL, C1), bidi controls, wide and emoji
    /// sequences, Hangul jamo, a soft hyphen, a lone mark.
    private static let pieces = [
        "a", "Z", " ", "~", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "\r\n", "\r", "\n", "\t",
        "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "漢", "👍🏽", "👨‍👩‍👧", "1\u{FE0F}\u{20E3}", "\u{1100}\u{1161}",
        "\u{AD}", "é", "…", "\u{2028}", "ab", "The quick brown fox", "",
    ]

    func testTheShortcutLaysOutEveryMixAsTheGeneralWayDoes() {
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<2_000 {
            let spans = (0..<Int.random(in: 1...4, using: &generator)).map { index in
                Span(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        Self.pieces.randomElement(using: &generator)!
                    }.joined(),
                    style: index % 2 == 0 ? .plain : Style(attributes: .bold))
            }
            let startColumn = Int.random(in: 0...5, using: &generator)
            XCTAssertEqual(
                laidOut(spans, startColumn: startColumn, shortcut: true),
                laidOut(spans, startColumn: startColumn, shortcut: false),
                "spans: \(spans.map { $0.text.unicodeScalars.map { String($0.value, radix: 16) } })")
        }
    }

    func testPlainASCIIIsOneGlyphPerCharacter() {
        let text = "Hello, world! 0123456789 ~{}|"
        let glyphs = laidOut([Span(text, style: .plain)], startColumn: 0, shortcut: true)
        XCTAssertEqual(glyphs.map(\.glyph.text).joined(), text)
        XCTAssertTrue(glyphs.allSatisfy { $0.glyph.width == 1 })
        XCTAssertEqual(glyphs.last?.column, text.count)
    }

    func testALetterBeforeAMarkIsOneGlyphWithIt() {
        let glyphs = laidOut([Span("xe\u{301}y", style: .plain)], startColumn: 0, shortcut: true)
        XCTAssertEqual(glyphs.map(\.glyph.text), ["x", "e\u{301}", "y"])
    }

    private struct Placed: Equatable {
        var glyph: Glyph
        var column: Int
    }

    private func laidOut(_ spans: [Span], startColumn: Int, shortcut: Bool) -> [Placed] {
        var layout = GlyphLayout(spans: spans, startColumn: startColumn, takesASCIIShortcut: shortcut)
        var placed: [Placed] = []
        while let glyph = layout.next() { placed.append(Placed(glyph: glyph, column: layout.column)) }
        return placed
    }
}
