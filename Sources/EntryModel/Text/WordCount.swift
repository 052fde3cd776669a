/// The one definition of a word the app counts (the `words` of a layout, kept by every store as
/// ``EntrySummary/words``): a run of characters between whitespace or control characters, as
/// `wc -w` counts them. `don't`, `2026-11-21` and `漢字の日記` are one word each; a control character
/// (an escape, a tab) separates words as a space does.
public enum WordCount {
    /// How many words `text` has: one pass over its UTF-8 bytes, no copy when the string is native (a
    /// store counts every body it writes, a migration a whole journal's, and a details screen a
    /// 10 MB entry's at once, in a debug build too).
    public static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { count(in: $0) }
    }

    /// The count over valid UTF-8. A byte below 0x80 is a character of its own; of the other
    /// characters only those whose first byte is 0xC2 (U+0080–U+00BF), 0xE1 (U+1000–U+1FFF), 0xE2
    /// (U+2000–U+2FFF) or 0xE3 (U+3000–U+3FFF) can be white space (U+0085, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), and only those are decoded and looked up.
    ///
    /// No branch on the ASCII bytes' kind (most of a journal's bytes): whether a word starts at a byte
    /// is computed, not jumped on, so the end of every word is not a mispredicted branch (a store
    /// counts every body it writes: that took half a second of a million-entry import).
    static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        // 1 while in a word, else 0.
        var inWord: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let isWordByte: UInt8
            if lead < 0x80 {
                // 0x21...0x7E: neither a space nor a control character.
                isWordByte = lead &- 0x21 < 0x5E ? 1 : 0
                index += 1
            } else {
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if lead == 0xC2 || (0xE1...0xE3).contains(lead), index + length <= bytes.count {
                    var value = UInt32(lead) & (length == 2 ? 0x1F : 0x0F)
                    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                    isWordByte = Unicode.Scalar(value)?.properties.isWhitespace ?? false ? 0 : 1
                } else {
                    isWordByte = 1
                }
                index += length
            }
            count &+= Int(isWordByte & ~inWord)
            inWord = isWordByte
        }
        return count
    }
}
