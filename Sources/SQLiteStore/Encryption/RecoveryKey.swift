/// The second key of an encrypted journal, printed once when it is encrypted: it opens the journal
/// when the passphrase is forgotten. 32 random bytes, shown as 64 hexadecimal digits in groups of 8.
public struct RecoveryKey: Sendable, CustomStringConvertible {
    /// The key's 32 bytes.
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads a key as ``description`` prints it; spaces, dashes and case do not matter. nil when it
    /// is not 64 hexadecimal digits.
    public init?(parsing text: String) {
        var digits: [UInt8] = []
        for character in text.lowercased() where character != "-" && !character.isWhitespace {
            guard let value = character.hexDigitValue else { return nil }
            digits.append(UInt8(value))
        }
        guard digits.count == 64 else { return nil }
        bytes = stride(from: 0, to: 64, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// "1a2b3c4d-…", eight groups of eight hexadecimal digits.
    public var description: String {
        let hex = bytes.map { byte in
            String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        .joined()
        return stride(from: 0, to: hex.count, by: 8).map { start in
            let from = hex.index(hex.startIndex, offsetBy: start)
            return String(hex[from..<hex.index(from, offsetBy: 8)])
        }.joined(separator: "-")
    }
}
