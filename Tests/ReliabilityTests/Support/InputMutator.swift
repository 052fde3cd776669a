import AppShellTesting
import Foundation

/// Makes hostile inputs from valid samples: bit flips, truncation, deletion, duplication, splicing
/// two samples, and insertion of the bytes parsers trip on (quotes, brackets, NUL, escapes, invalid
/// UTF-8). One to four mutations per input, chosen by a seeded generator.
struct InputMutator {
    let samples: [[UInt8]]

    /// Byte strings that are special to some parser: JSON, CSV, YAML, escape sequences, UTF-8.
    static let interesting: [[UInt8]] = [
        [0x22], [0x27], [0x5C], [0x5B], [0x5D], [0x7B], [0x7D], [0x2C], [0x3A], [0x3B], [0x23], [0x26], [0x2A],
        [0x00], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x1B], [0x1B, 0x5B], [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E],
        [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E], [0x1B, 0x5D, 0x30, 0x3B], [0x07], [0x7F],
        [0xFF], [0xFE], [0xC0, 0x80], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80],
        [0xEF, 0xBB, 0xBF],
        [0xC2, 0x9B], [0xE2, 0x80, 0xAE],
        Array("\\u0000".utf8), Array("\\ud800".utf8), Array("\\u12".utf8), Array("null".utf8), Array("true".utf8),
        Array("1e999999".utf8), Array("-0".utf8), Array("99999999999999999999".utf8), Array("\"\"".utf8),
        Array("---\n".utf8), Array("- ".utf8), Array("&a ".utf8), Array("*a".utf8), Array("!!binary ".utf8),
        Array("{{".utf8),
        Array("2024-02-30".utf8), Array("T25:61:61Z".utf8),
    ]

    /// A random mutation of a random sample.
    func mutated(using random: inout SeededGenerator) -> [UInt8] {
        var bytes = samples.randomElement(using: &random) ?? []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutate(&bytes, using: &random)
        }
        return bytes
    }

    /// Random bytes, biased towards the interesting ones.
    static func noise(maximumLength: Int, using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        let length = Int.random(in: 0...maximumLength, using: &random)
        while bytes.count < length {
            if Bool.random(using: &random) {
                bytes += interesting.randomElement(using: &random) ?? []
            } else {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            }
        }
        return bytes
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0 where !bytes.isEmpty:  // bit flip
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
        case 1:  // truncation
            bytes.removeSubrange(position...)
        case 2:  // insertion of something special
            bytes.insert(contentsOf: Self.interesting.randomElement(using: &random) ?? [], at: position)
        case 3 where !bytes.isEmpty:  // deletion of a slice
            let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
            bytes.removeSubrange(position..<end)
        case 4 where !bytes.isEmpty:  // duplication of a slice
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...64, using: &random))
            bytes.insert(contentsOf: bytes[start..<end], at: position)
        case 5:  // splice with another sample
            let other = samples.randomElement(using: &random) ?? []
            let cut = other.isEmpty ? 0 : Int.random(in: 0...other.count, using: &random)
            bytes = Array(bytes[..<position]) + Array(other[cut...])
        case 6 where !bytes.isEmpty:  // a byte replaced by a random one
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        default:  // random bytes inserted
            bytes.insert(contentsOf: Self.noise(maximumLength: 8, using: &random), at: position)
        }
    }
}

/// Runs `body` over and over until `duration` has passed (at least once).
func untilDeadline(_ duration: Duration, _ body: () throws -> Void) rethrows {
    let deadline = ContinuousClock.now + duration
    repeat { try body() } while ContinuousClock.now < deadline
}
