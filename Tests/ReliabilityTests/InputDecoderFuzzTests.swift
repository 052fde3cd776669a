import AppShellTesting
import AppShell
import Foundation
import XCTest

/// The key decoder on random and mutated terminal input, for a fixed time: it never traps or hangs,
/// reads split anywhere decode like one read, pastes stay within their limit, and after the Esc
/// timeout it is clean (the next keys arrive exactly).
final class InputDecoderFuzzTests: XCTestCase {
    private let budget = ReliabilityBudget()
    private let ledger = ReliabilityLedger()

    /// What terminals really send: keys, modified keys, function keys, UTF-8, pastes, mouse reports.
    private static let samples: [[UInt8]] = [
        "hello\r", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", "\u{1B}[1;5A\u{1B}[1;3B", "\u{1B}OP\u{1B}OQ\u{1B}[15~\u{1B}[24~",
        "\u{1B}[200~pasted\ntext\u{1B}[201~", "é e\u{301} 日本 👨‍👩‍👧 🇫🇷", "\u{1B}\u{1B}[A", "\u{1B}[27;5;97~",
        "\u{1B}[<0;10;5M\u{1B}[<0;10;5m", "\u{1B}[M !!", "\u{7F}\u{8}\t\u{1B}[Z", "\u{3}\u{1A}\u{1C}",
        "\u{1B}[[A\u{1B}[[E",
        "\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F", "\u{1B}a\u{1B}é",
    ].map { Array($0.utf8) }

    func testRandomAndMutatedInputNeverBreaksTheDecoder() {
        var random = SeededGenerator(seed: budget.seed ^ 0xDEC0DE)
        let mutator = InputMutator(samples: Self.samples)
        let pasteLimit = 64
        var counter = TrialCounter()
        untilDeadline(budget.fuzzDuration) {
            let input =
                Bool.random(using: &random)
                ? mutator.mutated(using: &random) : InputMutator.noise(maximumLength: 200, using: &random)
            var problems: [String] = []
            let start = ContinuousClock.now
            var whole = InputDecoder(pasteLimit: pasteLimit)
            let once = whole.decode(input) + whole.flushPending()
            var split = InputDecoder(pasteLimit: pasteLimit)
            var chunked: [Key] = []
            var offset = 0
            while offset < input.count {
                let end = min(input.count, offset + Int.random(in: 1...12, using: &random))
                chunked += split.decode(input[offset..<end])
                offset = end
            }
            chunked += split.flushPending()
            if ContinuousClock.now - start > .seconds(2) {
                problems.append("decoding \(input.count) bytes took over 2 s")
            }
            if merged(once) != merged(chunked) {
                problems.append("split reads decode differently: \(input) → \(once) vs \(chunked)")
            }
            // The limit counts input bytes; an invalid byte becomes U+FFFD (three bytes), so count scalars.
            for case .paste(let text) in once + chunked where text.unicodeScalars.count > pasteLimit {
                problems.append(
                    "a paste of \(text.unicodeScalars.count) characters passed the limit of \(pasteLimit) bytes")
            }
            if whole.hasPending || split.hasPending {
                problems.append("bytes still pending after the timeout: \(input)")
            }
            let after = whole.decode(Array("xq\u{1B}[B".utf8)) + whole.flushPending()
            if after != [.character("x"), .character("q"), .down] {
                problems.append("keys after \(input) came out as \(after)")
            }
            counter.record(problems)
        }
        ledger.record(counter.row("fuzz: key decoder", nothingLost: nil))
    }

    /// Adjacent pastes joined: where a long paste is cut into chunks may depend on the reads.
    private func merged(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        for key in keys {
            if case .paste(let text) = key, case .paste(let previous)? = result.last {
                result[result.count - 1] = .paste(previous + text)
            } else {
                result.append(key)
            }
        }
        return result
    }
}
