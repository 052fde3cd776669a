/// SQLite's `NOCASE` collation in Swift, so that the in-memory repository sorts titles exactly like
/// the SQLite one: UTF-8 bytes compared one by one with only ASCII A–Z folded to lower case, and a
/// shorter string first when one is a prefix of the other.
///
/// See <https://www.sqlite.org/datatype3.html#collation>.
enum TitleCollation {
    /// A negative number when `lhs` sorts before `rhs` under `NOCASE`, 0 when they are equal, positive after.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?):
                let foldedLeft = fold(l)
                let foldedRight = fold(r)
                if foldedLeft != foldedRight { return foldedLeft < foldedRight ? -1 : 1 }
            }
        }
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 32 : byte
    }
}
