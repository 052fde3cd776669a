import EntryModel
import Foundation
import NIOCore

/// The bulk insert's search vectors, one entry at a time, written in `tsvector`'s binary form straight
/// from the fields' UTF-8 bytes: the same lexemes as ``SearchVector/lexemes(title:tags:moreDetails:body:)``
/// (which the single insert uses, and which stays the definition), without a `String` per word.
///
/// Making the lexemes as strings — a string per word, a dictionary of strings, a sort comparing
/// strings — was over half of the client's time in a 1,000,000-entry import (about 13 s of 21 s).
/// Here the words of ASCII text are folded into one reused byte buffer, found again in a small hash
/// table of byte ranges, and sorted by their first eight bytes; nothing is allocated per word or per
/// row once the buffers have grown. A word with any other character takes the string path (the same
/// `SearchTokens` rule for what a word is, the same ``SearchVector/fold(_:)``), and is compared as
/// strings compare (canonical equivalence), so the two paths keep the same distinct words.
struct SearchVectorWriter {
    /// One distinct word: where its folded bytes are in ``bytes``, where the bytes it is found by are
    /// (the same, but for the rare word whose canonical composition differs), and its fields.
    private struct Word {
        var start: Int32
        var count: Int32
        var keyStart: Int32
        var keyCount: Int32
        var fields: UInt8
        /// The first eight bytes, big-endian, zero-padded: the sort's first comparison.
        var prefix: UInt64
    }

    private var bytes: [UInt8] = []
    private var words: [Word] = []
    /// Open addressing over ``words`` (index + 1; 0 is empty), sized a power of two.
    private var slots = [Int32](repeating: 0, count: 256)
    /// Words with a character beyond ASCII whose folded form is not ASCII either, by their string.
    private var otherWords: [String: Int] = [:]
    private var size = 0

    /// Appends the `tsvector` of an entry's fields (its length first, as `COPY` wants each field).
    mutating func write(title: String, tags: [String], moreDetails: String, body: String, to buffer: inout ByteBuffer) {
        reset()
        add(title, field: 0)
        for tag in tags { add(tag, field: 1) }
        add(moreDetails, field: 2)
        add(body, field: 3)
        writeSorted(to: &buffer)
    }

    private mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        // After an unusually large entry, back to a small table rather than clearing a large one each row.
        if slots.count > 4_096 {
            slots = [Int32](repeating: 0, count: 256)
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        if !otherWords.isEmpty { otherWords.removeAll() }
        size = 0
    }

    /// The words of `text`, split as ``SearchTokens/words(in:)`` splits them.
    private mutating func add(_ text: String, field: Int) {
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            var wordStart = -1
            var ascii = true
            while index < utf8.count {
                let byte = utf8[index]
                var length = 1
                let inWord: Bool
                if byte < 0x80 {
                    inWord = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                } else {
                    let (scalar, scalarLength) = Self.scalar(in: utf8, at: index)
                    length = scalarLength
                    inWord = SearchTokens.isWordCharacter(Character(scalar))
                    if inWord { ascii = false }
                }
                if inWord {
                    if wordStart < 0 { wordStart = index }
                } else if wordStart >= 0 {
                    addWord(UnsafeBufferPointer(rebasing: utf8[wordStart..<index]), ascii: ascii, field: field)
                    wordStart = -1
                    ascii = true
                }
                index += length
            }
            if wordStart >= 0 { addWord(UnsafeBufferPointer(rebasing: utf8[wordStart...]), ascii: ascii, field: field) }
        }
    }

    /// The scalar starting at `index` of valid UTF-8 (a `String`'s), and its length in bytes.
    private static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(utf8[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    private mutating func addWord(_ word: UnsafeBufferPointer<UInt8>, ascii: Bool, field: Int) {
        let bit = UInt8(1) << field
        guard ascii else { return addOtherWord(String(decoding: word, as: UTF8.self), bit: bit) }
        // Folded: ASCII letters lower-cased, as ``SearchVector/fold(_:)`` does.
        guard word.count <= SearchVector.longestWord else { return }
        let start = bytes.count
        for byte in word { bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte) }
        add(keyStart: start, wordStart: start, bit: bit)
    }

    /// The end of ``bytes`` from `keyStart` on: the key a word is found by, then (from `wordStart`,
    /// when it differs) the folded word. A new word is kept; one seen before gets one more field.
    private mutating func add(keyStart: Int, wordStart: Int, bit: UInt8) {
        let keyCount = (wordStart == keyStart ? bytes.count : wordStart) - keyStart
        let count = bytes.count - wordStart
        let hash = bytes.withUnsafeBufferPointer {
            Self.hash(UnsafeBufferPointer(rebasing: $0[keyStart..<keyStart + keyCount]))
        }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if isKey(of: words[index], at: keyStart, count: keyCount) {
                words[index].fields |= bit
                bytes.removeLast(bytes.count - keyStart)
                return
            }
            slot = (slot + 1) & mask
        }
        size += count + 12
        if size > SearchVector.budget {
            bytes.removeLast(bytes.count - keyStart)
            return
        }
        words.append(
            Word(
                start: Int32(wordStart), count: Int32(count), keyStart: Int32(keyStart), keyCount: Int32(keyCount),
                fields: bit,
                prefix: prefix(start: wordStart, count: count)))
        slots[slot] = Int32(words.count)
        if words.count * 2 > slots.count { grow() }
    }

    /// A word with a character beyond ASCII: folded as a string, and compared as strings compare
    /// (canonically equivalent words are one word).
    private mutating func addOtherWord(_ word: String, bit: UInt8) {
        let folded = SearchVector.fold(word)
        guard !folded.isEmpty, folded.utf8.count <= SearchVector.longestWord else { return }
        let composed = folded.precomposedStringWithCanonicalMapping
        if composed.utf8.allSatisfy({ $0 < 0x80 }) {
            // Equal to an ASCII word (as "café" folds to "cafe", or the Kelvin sign composes to K):
            // found by the composed bytes, kept (when new) as it was folded.
            let keyStart = bytes.count
            bytes.append(contentsOf: composed.utf8)
            if folded.utf8.elementsEqual(composed.utf8) {
                return add(keyStart: keyStart, wordStart: keyStart, bit: bit)
            }
            let wordStart = bytes.count
            bytes.append(contentsOf: folded.utf8)
            return add(keyStart: keyStart, wordStart: wordStart, bit: bit)
        }
        if let index = otherWords[folded] {
            if index >= 0 { words[index].fields |= bit }
            return
        }
        let count = folded.utf8.count
        size += count + 12
        if size > SearchVector.budget { return }
        // No NUL reaches a lexeme (it would end it early); the tokenizer never makes one.
        guard !folded.utf8.contains(0) else {
            otherWords[folded] = -1
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: folded.utf8)
        otherWords[folded] = words.count
        words.append(
            Word(
                start: Int32(start), count: Int32(count), keyStart: Int32(start), keyCount: Int32(count), fields: bit,
                prefix: prefix(start: start, count: count)))
    }

    private func isKey(of word: Word, at start: Int, count: Int) -> Bool {
        guard Int(word.keyCount) == count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return count == 0 }  // no text yet: only the empty key
            return memcmp(base + Int(word.keyStart), base + start, count) == 0
        }
    }

    private mutating func grow() {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for slot in slots where slot != 0 {
            let word = words[Int(slot - 1)]
            var index =
                bytes.withUnsafeBufferPointer {
                    Self.hash(
                        UnsafeBufferPointer(rebasing: $0[Int(word.keyStart)..<Int(word.keyStart + word.keyCount)]))
                } & mask
            while grown[index] != 0 { index = (index + 1) & mask }
            grown[index] = slot
        }
        slots = grown
    }

    private func prefix(start: Int, count: Int) -> UInt64 {
        var prefix: UInt64 = 0
        for offset in 0..<8 {
            prefix <<= 8
            if offset < count { prefix |= UInt64(bytes[start + offset]) }
        }
        return prefix
    }

    /// FNV-1a: words are short, and the table is per entry (no input chooses what collides with what
    /// beyond its own words).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The lexeme count, then each lexeme NUL-terminated with its positions, sorted byte for byte
    /// (the order the server keeps them in, so it has nothing to sort). See ``BinaryCopyRow``.
    private mutating func writeSorted(to buffer: inout ByteBuffer) {
        let bytes = self.bytes
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }  // no text, no words to sort
            words.sort { left, right in
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                let common = Int(min(left.count, right.count))
                let order =
                    common <= 8 ? 0 : memcmp(base + Int(left.start) + 8, base + Int(right.start) + 8, common - 8)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
        var length = 4
        for word in words { length += Int(word.count) + 3 + 2 * word.fields.nonzeroBitCount }
        buffer.writeInteger(Int32(length))
        buffer.writeInteger(Int32(words.count))
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length - 4) { target in
            var offset = 0
            bytes.withUnsafeBytes { bytes in
                // Both have storage whenever there is a word to copy (`length` counts each word's bytes).
                guard let targetStart = target.baseAddress, let sourceStart = bytes.baseAddress else { return }
                for word in words {
                    let count = Int(word.count)
                    targetStart.advanced(by: offset).copyMemory(
                        from: sourceStart.advanced(by: Int(word.start)), byteCount: count)
                    offset += count
                    target[offset] = 0
                    target.storeBytes(
                        of: UInt16(word.fields.nonzeroBitCount).bigEndian, toByteOffset: offset + 1, as: UInt16.self)
                    offset += 3
                    for field in 0..<4 where word.fields & (1 << field) != 0 {
                        target.storeBytes(
                            of: (BinaryCopyRow.fieldWeights[field] << 14 | UInt16(field + 1)).bigEndian,
                            toByteOffset: offset, as: UInt16.self)
                        offset += 2
                    }
                }
            }
            return offset
        }
    }
}
