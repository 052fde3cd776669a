/// Finds a phrase in ASCII text without making a string per word: the fast path of a phrase check,
/// which runs on every candidate of a phrase search (thousands of bodies for two common words).
///
/// For ASCII, words are runs of letters and digits (as ``SearchTokens`` splits them) and folding is
/// lower-casing, so the bytes can be compared as they are. Text or phrase with any other byte is
/// nil: the caller folds it the general way.
public enum ASCIIPhraseScan {
    /// Whether the words of `phrase` (already split, any case) occur in this order, next to each
    /// other, in `text`; nil when either is not ASCII.
    public static func contains(_ phrase: [String], in text: String) -> Bool? {
        let wanted = phrase.map { Array($0.utf8).map(lowercased) }
        guard !wanted.isEmpty, wanted.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isWordByte) }) else { return nil }
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            // The words as byte ranges (no string per word), then the phrase tried at each word.
            var words: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                guard isWordByte(byte) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, bytes[index] < 0x80, isWordByte(bytes[index]) { index += 1 }
                words.append(start..<index)
            }
            guard words.count >= wanted.count else { return false }
            for first in 0...(words.count - wanted.count) {
                var all = true
                for (offset, word) in wanted.enumerated()
                where !equals(UnsafeBufferPointer(rebasing: bytes[words[first + offset]]), word) {
                    all = false
                    break
                }
                if all { return true }
            }
            return false
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func equals(_ word: UnsafeBufferPointer<UInt8>, _ wanted: [UInt8]) -> Bool {
        guard word.count == wanted.count else { return false }
        for offset in 0..<word.count where lowercased(word[offset]) != wanted[offset] { return false }
        return true
    }
}
