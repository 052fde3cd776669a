/// Tags as the store keeps them: normalized on the way in, and packed into one text column for display.
///
/// The `entryTag` table holds one row per tag (that is what the tag filter seeks on); the `tags` column
/// of `entry` holds the same tags packed by ``encode(_:)`` so that a list row needs no join, and so that
/// full-text search sees them.
public enum TagList {
    /// Up to this many tags, repeats are found by a scan of those kept so far.
    static let linearScanLimit = 16

    /// The tags as they will be stored: surrounding spaces and newlines trimmed, empty tags dropped,
    /// repeated tags kept once (first occurrence wins, order kept; `Work` repeats `work`, see
    /// ``TagKey``). The inside of a tag is kept as is.
    public static func normalize(_ tags: [String]) -> [String] {
        var trimmed: [String] = []
        trimmed.reserveCapacity(tags.count)
        for tag in tags {
            let kept = tag.trimmingWhitespace()
            if !kept.isEmpty { trimmed.append(kept) }
        }
        return firstOccurrences(trimmed, by: TagKey.key)
    }

    /// `items` without repeats, the first occurrence of each kept, in order.
    ///
    /// Entries carry a handful of tags, and a linear scan beats hashing them; but a file may hold an
    /// entry with 200,000 tags, where a scan per tag is quadratic (it took 42 s to import): past
    /// ``linearScanLimit`` items, a set, so the work grows with the count.
    static func firstOccurrences<Item: Hashable>(_ items: [Item]) -> [Item] {
        firstOccurrences(items, by: { $0 })
    }

    /// `items` without repeats, two items repeating each other when their `key`s are equal.
    static func firstOccurrences<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [Item] {
        var result: [Item] = []
        result.reserveCapacity(items.count)
        if items.count <= linearScanLimit {
            var keys: [Key] = []
            for item in items {
                let itemKey = key(item)
                if !keys.contains(itemKey) { keys.append(itemKey); result.append(item) }
            }
        } else {
            var seen = Set<Key>(minimumCapacity: items.count)
            for item in items where seen.insert(key(item)).inserted { result.append(item) }
        }
        return result
    }

    /// Packs tags into one string: tags separated by a newline, with `\` written `\\` and a newline
    /// inside a tag written `\n`, so that ``decode(_:)`` gives back exactly the same list.
    public static func encode(_ tags: [String]) -> String {
        let needsEscaping = tags.contains { tag in
            tag.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") }
        }
        guard needsEscaping else { return tags.joined(separator: "\n") }
        var packed = ""
        for (index, tag) in tags.enumerated() {
            if index > 0 { packed.append("\n") }
            for character in tag.unicodeScalars {
                switch character {
                case "\\": packed.append("\\\\")
                case "\n": packed.append("\\n")
                default: packed.unicodeScalars.append(character)
                }
            }
        }
        return packed
    }

    /// Unpacks a string made by ``encode(_:)``. Never fails: a stray backslash is kept as is.
    public static func decode(_ packed: String) -> [String] {
        if packed.isEmpty { return [] }
        if !packed.utf8.contains(UInt8(ascii: "\\")) {
            return packed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var tags: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in packed.unicodeScalars {
            if escaping {
                escaping = false
                switch scalar {
                case "n": current.append("\n")
                case "\\": current.append("\\")
                default: current.append("\\"); current.append(scalar)
                }
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "\n" {
                tags.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if escaping { current.append("\\") }
        tags.append(String(current))
        return tags
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (Foundation-free, so it is cheap).
    public func trimmingWhitespace() -> String {
        // Most tags start and end with an ASCII letter: answer from two bytes, without looking up
        // Unicode properties (which an import of a million entries would do millions of times).
        if let firstByte = utf8.first, let lastByte = utf8.last, Self.isASCIIVisible(firstByte),
            Self.isASCIIVisible(lastByte)
        {
            return self
        }
        let scalars = unicodeScalars
        guard let firstScalar = scalars.first, let lastScalar = scalars.last else { return self }
        if !firstScalar.properties.isWhitespace && !lastScalar.properties.isWhitespace { return self }
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether `byte` is a whole ASCII character that is not whitespace (every byte from 0x80 is part
    /// of a longer character, which may be a Unicode space).
    private static func isASCIIVisible(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }
}
