import AppShellTesting
import XCTest
import AppShell

/// Bytes split across reads anywhere decode to the same keys as in one read.
final class InputDecoderSplitTests: XCTestCase {
    /// A stream with every kind of input: text, clusters, controls, sequences, Alt, a paste.
    private let stream =
        "ab\u{1B}[Aé\u{1B}OP\u{1B}[1;5C👨‍👩‍👧\r\u{1B}x\u{1B}[200~pa\r\nste\u{1B}[201~\u{1B}[3~"
        + "e\u{301}\u{1B}[[B🇫🇷\u{7F}\u{1B}\u{1B}[B\u{1B}[24~日\t"

    private let expected: [Key] = [
        .character("a"), .character("b"), .up, .character("é"), .function(1), .alt(.right),
        .character("👨‍👩‍👧"), .enter, .alt(.character("x")), .paste("pa\nste"), .delete,
        .character("e\u{301}"), .function(2), .character("🇫🇷"), .backspace, .alt(.down), .function(12),
        .character("日"), .tab,
    ]

    func testWholeStreamDecodesAsExpected() {
        XCTAssertEqual(decodeAll(stream.bytes), expected)
    }

    func testEverySingleSplitPointGivesTheSameKeys() {
        let bytes = stream.bytes
        for cut in 1..<bytes.count {
            XCTAssertEqual(decodeChunked(bytes, cuts: [cut]), expected, "split at byte \(cut)")
        }
    }

    func testOneByteAtATimeGivesTheSameKeys() {
        let bytes = stream.bytes
        XCTAssertEqual(decodeChunked(bytes, cuts: Array(1..<bytes.count)), expected)
    }

    func testRandomMultiSplitsGiveTheSameKeys() {
        var random = SeededGenerator(seed: 2026)
        let bytes = stream.bytes
        for _ in 0..<300 {
            let cuts = (0..<Int.random(in: 2...8, using: &random)).map { _ in
                Int.random(in: 1..<bytes.count, using: &random)
            }
            XCTAssertEqual(decodeChunked(bytes, cuts: cuts), expected, "cuts \(cuts.sorted())")
        }
    }

    func testPasteEndMarkerSplitAtEveryByte() {
        let bytes = "\u{1B}[200~text\u{1B}[201~k".bytes
        for cut in 1..<bytes.count {
            XCTAssertEqual(decodeChunked(bytes, cuts: [cut]), [.paste("text"), .character("k")], "split at \(cut)")
        }
    }

    /// An SS3 sequence with an overlong digit run (found by the InputDecoder fuzzing harness): where
    /// it is dropped must not depend on where the read ended, or the digits after the cut became text
    /// in one split and were dropped in another.
    func testOverlongSS3DigitRunDecodesTheSameAtEverySplit() {
        let bytes = ("__A" + String(repeating: "7", count: 14) + "\u{1B}O" + String(repeating: "7", count: 51)).bytes
        let whole = decodeAll(bytes)
        for cut in 1..<bytes.count {
            XCTAssertEqual(decodeChunked(bytes, cuts: [cut]), whole, "split at byte \(cut)")
        }
        XCTAssertEqual(decodeChunked(bytes, cuts: Array(1..<bytes.count)), whole, "one byte at a time")
    }

    /// The same for overlong SS3 and CSI sequences that do end in a final byte: a sequence longer than
    /// the limit is never a key, however the reads are cut.
    func testOverlongSequencesWithAFinalByteDecodeTheSameAtEverySplit() {
        for introducer in ["O", "["] {
            let bytes = ("\u{1B}" + introducer + String(repeating: "5", count: 40) + "Ax").bytes
            let whole = decodeAll(bytes)
            XCTAssertFalse(whole.contains(.up), "ESC \(introducer) with 40 digits read as a key: \(whole)")
            XCTAssertEqual(whole.last, .character("x"))
            for cut in 1..<bytes.count {
                XCTAssertEqual(decodeChunked(bytes, cuts: [cut]), whole, "ESC \(introducer), split at byte \(cut)")
            }
        }
    }
}
