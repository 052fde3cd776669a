/// SplitMix64: a small, fast, seedable random number generator, so that property-style and fuzz tests
/// are the same on every run and any run can be replayed from its seed.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// let bytes = (0..<1_000).map { _ in UInt8.random(in: 0...255, using: &random) }
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose numbers depend only on `seed`: the
    /// same seed gives the same numbers on every run and machine.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number of the SplitMix64 sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
