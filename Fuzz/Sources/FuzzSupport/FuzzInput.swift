/// The bytes libFuzzer hands a harness, read from the front: a few bytes steer the harness (a split
/// point, a width), the rest is the input under test. Reading past the end yields zeros, so every
/// input, however short, is a valid one.
public struct FuzzInput {
    /// All the input's bytes, the ones already read included.
    public let bytes: [UInt8]
    private var index = 0

    /// Copies the `count` bytes at `start`, as libFuzzer passes them to `LLVMFuzzerTestOneInput`.
    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Reads the given bytes, for a caller that already holds them (a test or another harness's input).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `range`, from two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}

/// Stops the run on a broken property: libFuzzer records the input that did it as a crash file.
/// (`fatalError` traps, which libFuzzer reports as a deadly signal with the input saved.)
public func fuzzFailure(_ what: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("property broken: \(what)", file: file, line: line)
}

/// Checks a property of the result, naming it when it does not hold.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fuzzFailure(what(), file: file, line: line) }
}

/// Whether an expensive check runs for this input: for one input in `n`, chosen by a hash of its bytes,
/// so that the same input always gets the same answer (a finding replays).
public func fuzzSample(_ start: UnsafeRawPointer, _ count: Int, oneIn n: UInt64) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in UnsafeRawBufferPointer(start: start, count: count) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash % n == 0
}

/// Whether `text` holds a control character that must never reach a terminal raw: C0 (but for the
/// ones named in `allowed`), DEL and C1.
public func containsRawControl(_ text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
    // First on the bytes, the common case and cheap (the renderer's harness asks for every cell): C0
    // and DEL are one byte each, C1 is C2 80 to C2 9F; no such byte, no such character.
    var previous: UInt8 = 0, suspect = false
    for byte in text.utf8 {
        if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) {
            suspect = true
            break
        }
        previous = byte
    }
    guard suspect else { return false }
    return text.unicodeScalars.contains { scalar in
        let value = scalar.value
        let control = value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
        return control && !allowed.contains(scalar)
    }
}
