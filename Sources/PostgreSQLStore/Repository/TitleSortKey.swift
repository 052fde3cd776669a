/// The title order of SQLite's `NOCASE` collation as two columns PostgreSQL compares natively:
/// the title's bytes up to its first NUL with ASCII A–Z lower-cased (`bytea` compares byte by
/// byte), then its whole length in bytes. `(key, length, id)` sorts exactly as
/// `title COLLATE NOCASE, id` does in the SQLite store, and as ``TitleCollation`` in memory.
struct TitleSortKey: Hashable {
    var key: [UInt8]
    var length: Int32

    init(_ title: String) {
        var key: [UInt8] = []
        for byte in title.utf8 {
            if byte == 0 { break }
            key.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        self.key = key
        length = Int32(clamping: title.utf8.count)
    }
}
