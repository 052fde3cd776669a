import AppShell

/// Decodes `bytes` in one read, then flushes as the run loop does after the Esc timeout.
func decodeAll(_ bytes: [UInt8], pasteLimit: Int = InputDecoder.defaultPasteLimit) -> [Key] {
    var decoder = InputDecoder(pasteLimit: pasteLimit)
    return decoder.decode(bytes) + decoder.flushPending()
}

/// Decodes `bytes` cut into the given chunks (no timeout between them), then flushes.
func decodeChunked(_ bytes: [UInt8], cuts: [Int]) -> [Key] {
    var decoder = InputDecoder()
    var keys: [Key] = []
    var start = 0
    for cut in cuts.sorted() where cut > start && cut < bytes.count {
        keys += decoder.decode(bytes[start..<cut])
        start = cut
    }
    keys += decoder.decode(bytes[start...])
    return keys + decoder.flushPending()
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}

/// A small seeded generator (SplitMix64) so property-style tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
