/// SQLite's `NOCASE` collation in Swift, so that the in-memory repository sorts titles exactly like
/// the SQLite one: UTF-8 bytes compared one by one with only ASCII A–Z folded to lower case; the
/// comparison stops at a NUL byte (SQLite compares C strings there), and when the compared bytes are
/// equal the shorter text comes first.
///
/// See <https://www.sqlite.org/datatype3.html#collation> and `nocaseCollatingFunc` in SQLite's main.c.
public enum TitleCollation {
    /// A negative number when `lhs` sorts before `rhs` under `NOCASE`, 0 when they are equal, positive after.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        var lengthDifference = lhs.utf8.count - rhs.utf8.count
        while true {
            guard let l = left.next(), let r = right.next() else { break }
            // sqlite3StrNICmp: stop at a NUL in the left text, or at the first difference.
            if l == 0 || fold(l) != fold(r) {
                let difference = Int(fold(l)) - Int(fold(r))
                if difference != 0 { lengthDifference = difference }
                break
            }
        }
        return lengthDifference
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
    }
}
