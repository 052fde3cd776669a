import AppShellTesting
import XCTest
import AppShell

/// Garbage, truncation and huge pastes: the decoder never traps, never hangs, never loses later keys.
final class InputDecoderRobustnessTests: XCTestCase {
    /// Bytes biased towards the interesting ones: ESC, CSI parts, digits, UTF-8 leads and continuations.
    private func randomBytes(count: Int, using random: inout SeededGenerator) -> [UInt8] {
        let interesting: [UInt8] = [
            0x1B, 0x5B, 0x4F, 0x3B, 0x7E, 0x32, 0x30, 0x31, 0x35, 0x41, 0x7F, 0x0D,
            0xC3, 0xA9, 0xE2, 0x80, 0xF0, 0x9F, 0xFF, 0x00, 0x24, 0x5E,
        ]
        return (0..<count).map { _ in
            Bool.random(using: &random)
                ? interesting.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random)
        }
    }

    func testRandomBytesInRandomChunksNeverTrapAndLeaveACleanDecoder() {
        var random = SeededGenerator(seed: 42)
        let deadline = ContinuousClock.now + .seconds(3)
        var iterations = 0
        while iterations < 3000 && ContinuousClock.now < deadline {
            iterations += 1
            let garbage = randomBytes(count: Int.random(in: 0...96, using: &random), using: &random)
            var decoder = InputDecoder(pasteLimit: 64)
            var start = 0
            while start < garbage.count {
                let end = min(garbage.count, start + Int.random(in: 1...16, using: &random))
                _ = decoder.decode(garbage[start..<end])
                start = end
            }
            _ = decoder.flushPending()
            XCTAssertFalse(decoder.hasPending, "after flushing \(garbage)")
            // Keys typed after the garbage (and the timeout) all arrive.
            let after = decoder.decode("xq\u{1B}[B".bytes) + decoder.flushPending()
            XCTAssertEqual(after, [.character("x"), .character("q"), .down], "after \(garbage)")
        }
        XCTAssertGreaterThan(iterations, 100)
    }

    func testEveryTruncationOfASequenceThenTimeoutKeepsTheNextKeys() {
        let sequences = [
            "\u{1B}[1;5A", "\u{1B}[24~", "\u{1B}OP", "\u{1B}[[A", "\u{1B}[200~ab\u{1B}[201~", "é", "👨‍👩‍👧",
            "\u{1B}[27;5;97~", "\u{1B}\u{1B}[A",
        ]
        for sequence in sequences {
            let bytes = sequence.bytes
            for length in 1..<bytes.count {
                var decoder = InputDecoder()
                _ = decoder.decode(bytes[..<length])
                _ = decoder.flushPending()
                let after = decoder.decode("k\r".bytes) + decoder.flushPending()
                XCTAssertEqual(after, [.character("k"), .enter], "\(sequence.debugDescription) cut at \(length)")
            }
        }
    }

    func testAnOverlongSequenceIsDroppedWithoutSwallowingTheInput() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "A" + "z"
        XCTAssertEqual(decodeAll(long.bytes).last, .character("z"))
    }

    /// At the smallest paste limit (4 bytes), a run of stray continuation bytes walked a chunk's cut
    /// back to the chunk's start, and an empty chunk was cut, again and again, forever (found by the
    /// InputDecoder fuzzing harness, Fuzz/Sources/FuzzInputDecoder).
    func testTheSmallestPasteLimitCutsStrayContinuationBytesWithoutHanging() {
        let stray = [UInt8](repeating: 0x93, count: 9)
        for limit in 0...6 {
            var decoder = InputDecoder(pasteLimit: limit)
            let keys = decoder.decode("\u{1B}[200~".bytes + stray + "\u{1B}[201~q".bytes) + decoder.flushPending()
            XCTAssertEqual(keys.last, .character("q"), "limit \(limit)")
            var joined = ""
            for key in keys.dropLast() {
                guard case .paste(let text) = key else { return XCTFail("unexpected key \(key) at limit \(limit)") }
                XCTAssertFalse(text.isEmpty, "an empty chunk at limit \(limit)")
                joined += text
            }
            XCTAssertEqual(joined, String(repeating: "\u{FFFD}", count: stray.count), "limit \(limit)")
        }
    }

    /// Chunks at the smallest limit still never cut inside a scalar: a 4-byte emoji is a chunk of its own.
    func testTheSmallestPasteLimitKeepsFourByteScalarsWhole() {
        var decoder = InputDecoder(pasteLimit: 4)
        let keys = decoder.decode("\u{1B}[200~a👍b👍\u{1B}[201~".bytes) + decoder.flushPending()
        let chunks = keys.compactMap { key -> String? in
            if case .paste(let text) = key { return text } else { return nil }
        }
        XCTAssertEqual(chunks.joined(), "a👍b👍")
        XCTAssertFalse(chunks.contains { $0.contains("\u{FFFD}") }, "a scalar was cut: \(chunks)")
    }

    func testAnUnterminatedPasteIsDeliveredInBoundedChunks() {
        let body = String(repeating: "abcdé", count: 500)  // 3000 bytes
        var decoder = InputDecoder(pasteLimit: 1000)
        var keys = decoder.decode(("\u{1B}[200~" + body).bytes)
        XCTAssertTrue(decoder.isInsidePaste)
        keys += decoder.flushPending()
        var joined = ""
        for key in keys {
            guard case .paste(let text) = key else { return XCTFail("unexpected key \(key)") }
            XCTAssertLessThanOrEqual(text.utf8.count, 1000)
            XCTAssertFalse(text.contains("\u{FFFD}"), "a chunk was cut inside a scalar")
            joined += text
        }
        XCTAssertEqual(joined, body)
        XCTAssertGreaterThanOrEqual(keys.count, 3)
        XCTAssertEqual(decoder.decode("q".bytes) + decoder.flushPending(), [.character("q")])
    }

    func testAHugePasteIsCappedAtTheDefaultLimit() {
        let size = InputDecoder.defaultPasteLimit + 1000
        var decoder = InputDecoder()
        var keys = decoder.decode("\u{1B}[200~".bytes)
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var sent = 0
        while sent < size {
            let count = min(chunk.count, size - sent)
            keys += decoder.decode(chunk[..<count])
            sent += count
        }
        keys += decoder.decode("\u{1B}[201~".bytes)
        let lengths = keys.compactMap { key -> Int? in
            if case .paste(let text) = key { return text.utf8.count }
            return nil
        }
        XCTAssertEqual(lengths, [InputDecoder.defaultPasteLimit, 1000])
        XCTAssertFalse(decoder.hasPending)
    }
}
