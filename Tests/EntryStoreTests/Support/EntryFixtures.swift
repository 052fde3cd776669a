import EntryModel
import Foundation

/// Entries made for tests: many ties in every sort key, titles differing only by case, tags.
enum EntryFixtures {
    /// A fixed date plus `seconds`, with millisecond precision.
    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + seconds)
    }

    /// `count` drafts whose sort keys repeat a lot (so ties are broken by id everywhere), tagged
    /// "even"/"odd" and, one in three, "third".
    static func drafts(_ count: Int) -> [EntryDraft] {
        let titles = [
            "apple", "Apple", "APPLE", "banana", "Banana split", "cherry", "Éclair", "zebra", "Zebra", "", "a\u{0}b",
            "_under",
        ]
        return (0..<count).map { index in
            var tags = [index % 2 == 0 ? "even" : "odd"]
            if index % 3 == 0 { tags.append("third") }
            return EntryDraft(
                title: titles[index % titles.count] + (index % 5 == 0 ? "" : " \(index % 7)"),
                body: "body \(index)",
                tags: tags,
                createdAt: date(Double(index % 17) * 60.001),
                updatedAt: date(Double(index % 13) * 3600.5))
        }
    }

    /// Whether `lhs` comes before `rhs` in `order`, written independently of the store: titles are
    /// folded (case, accents, width), cut into numbers and other bytes, and compared piece by piece
    /// (numbers by value, a number against a byte as "0"); every order breaks ties by id.
    static func expectedBefore(_ order: EntrySortOrder, _ lhs: EntrySummary, _ rhs: EntrySummary) -> Bool {
        switch order {
        case .newest:
            return lhs.createdAt != rhs.createdAt ? lhs.createdAt > rhs.createdAt : lhs.id > rhs.id
        case .oldest:
            return lhs.createdAt != rhs.createdAt ? lhs.createdAt < rhs.createdAt : lhs.id < rhs.id
        case .updated:
            return lhs.updatedAt != rhs.updatedAt ? lhs.updatedAt > rhs.updatedAt : lhs.id > rhs.id
        case .title:
            let comparison = natural(lhs.title, rhs.title)
            return comparison != 0 ? comparison < 0 : lhs.id < rhs.id
        }
    }

    /// A piece of a folded title: a number (its digits without leading zeros) or one other byte.
    private enum Piece {
        case number([UInt8])
        case byte(UInt8)
    }

    private static func pieces(_ title: String) -> [Piece] {
        let folded = Array(
            title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
        var pieces: [Piece] = []
        var index = 0
        while index < folded.count {
            guard (48...57).contains(folded[index]) else {
                let byte = folded[index]
                pieces.append(.byte((65...90).contains(byte) ? byte + 32 : byte))
                index += 1
                continue
            }
            var digits: [UInt8] = []
            while index < folded.count, (48...57).contains(folded[index]) {
                if !(digits.isEmpty && folded[index] == 48) { digits.append(folded[index]) }
                index += 1
            }
            pieces.append(.number(digits))
        }
        return pieces
    }

    private static func natural(_ lhs: String, _ rhs: String) -> Int {
        let (a, b) = (pieces(lhs), pieces(rhs))
        for (left, right) in zip(a, b) {
            switch (left, right) {
            case let (.byte(x), .byte(y)) where x != y: return Int(x) - Int(y)
            case let (.number(x), .number(y)) where x != y:
                return x.count != y.count ? x.count - y.count : (x.lexicographicallyPrecedes(y) ? -1 : 1)
            case let (.number, .byte(y)): return 48 - Int(y)
            case let (.byte(x), .number): return Int(x) - 48
            default: continue
            }
        }
        return a.count - b.count
    }
}
