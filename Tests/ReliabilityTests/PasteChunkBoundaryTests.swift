import AppShell
import XCTest

/// A paste longer than the decoder's limit arrives in chunks; where a chunk is cut must not change the
/// text, however the terminal's reads fall (found by `InputDecoderFuzzTests`: a character straddling
/// the limit at the end of a read became U+FFFD, and a CR LF cut in two became two line breaks).
final class PasteChunkBoundaryTests: XCTestCase {
    private static let limit = 16

    /// The paste's text with each of `specials` placed across the chunk boundary in turn, read in one
    /// piece and byte by byte: the joined chunks are always the text (CR LF read as one line break).
    func testACharacterOrLineEndAcrossTheLimitSurvivesEveryWayOfReading() {
        for special in ["é", "日", "👍", "\r\n", "e\u{301}"] {
            for offset in (Self.limit - 4)...(Self.limit + 1) {
                let text =
                    String(repeating: "a", count: offset) + special + String(repeating: "b", count: 2 * Self.limit)
                let expected = text.replacingOccurrences(of: "\r\n", with: "\n")
                let input = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)

                var whole = InputDecoder(pasteLimit: Self.limit)
                let once = whole.decode(input) + whole.flushPending()
                var split = InputDecoder(pasteLimit: Self.limit)
                var byByte: [Key] = []
                for byte in input { byByte += split.decode([byte]) }
                byByte += split.flushPending()

                for (how, keys) in [("one read", once), ("byte by byte", byByte)] {
                    var joined = ""
                    for key in keys {
                        guard case .paste(let chunk) = key else { return XCTFail("\(how): unexpected key \(key)") }
                        XCTAssertLessThanOrEqual(chunk.utf8.count, Self.limit, "\(how): chunk over the limit")
                        joined += chunk
                    }
                    XCTAssertEqual(joined, expected, "\(how): \(special.debugDescription) at \(offset)")
                }
            }
        }
    }
}
