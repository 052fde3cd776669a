import Foundation

/// The title order as bytes: titles sort by comparing their keys byte by byte (a shorter key that is
/// a prefix of another first), then by id. The key ignores case, accents and full-width forms, and
/// reads each run of digits as a number, so `9 things` comes before `10 things`:
///
/// - the title is folded (`Élan` and `elan` give the same key; ASCII on a fast path, the rest with
///   Foundation's case, diacritic and width folding);
/// - each run of ASCII digits becomes `0`, the count of its digits without leading zeros (one byte),
///   then those digits: a shorter number sorts first, numbers of one length compare digit by digit,
///   and a number sorts against other characters where `0` does;
/// - every other byte is kept as it is (UTF-8 order).
///
/// Computed in Swift once, when a title is written, and stored beside it (SQLite `titleKey` BLOB,
/// PostgreSQL `"titleKey"` bytea, both indexed with the id), so that every store compares exactly
/// the same bytes: SQLite compares BLOBs and PostgreSQL `bytea` with `memcmp`, then by length, as
/// `compare(_:_:)` does in memory.
public enum TitleSortKey {
    /// The longest key kept: titles alike over this many key bytes tie, and sort by id. Far below
    /// PostgreSQL's limit for an index row (about 2,700 bytes).
    public static let maximumBytes = 1_024

    /// The key of `title`.
    public static func key(_ title: String) -> [UInt8] {
        var folded = title
        if title.utf8.contains(where: { $0 >= 0x80 }) {
            folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        return folded.withUTF8 { key(ofFolded: $0) }
    }

    /// The key of the title whose UTF-8 bytes are `bytes` (valid UTF-8): ``key(_:)`` without making
    /// a `String` of a title that is ASCII, as most are.
    static func key(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return key(ofFolded: bytes) }
        return key(String(decoding: bytes, as: UTF8.self))
    }

    private static func key(ofFolded bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(min(bytes.count + 4, maximumBytes + 1))
        var index = 0
        while index < bytes.count && key.count < maximumBytes {
            let byte = bytes[index]
            guard isDigit(byte) else {
                key.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                index += 1
                continue
            }
            // A run of digits: `0`, the count of its significant digits, the digits.
            while index < bytes.count && bytes[index] == UInt8(ascii: "0") { index += 1 }
            let first = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            key.append(UInt8(ascii: "0"))
            key.append(UInt8(clamping: index - first))
            key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<index]))
        }
        if key.count > maximumBytes { key.removeLast(key.count - maximumBytes) }
        return key
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A negative number when `lhs` sorts before `rhs`, 0 when their keys are equal, positive after:
    /// byte by byte, then the shorter first (as `memcmp` and then the length in SQLite and PostgreSQL).
    public static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        for (left, right) in zip(lhs, rhs) where left != right {
            return Int(left) - Int(right)
        }
        return lhs.count - rhs.count
    }

    /// Compares two titles by their keys.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(key(lhs), key(rhs))
    }
}
