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
        let titles = ["apple", "Apple", "APPLE", "banana", "Banana split", "cherry", "Éclair", "zebra", "Zebra", "", "a\u{0}b", "_under"]
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

    /// Whether `lhs` comes before `rhs` in `order`, written independently of the store: SQLite's
    /// NOCASE compares UTF-8 bytes with ASCII A–Z lower-cased up to the first NUL, then lengths;
    /// every order breaks ties by id.
    static func expectedBefore(_ order: EntrySortOrder, _ lhs: EntrySummary, _ rhs: EntrySummary) -> Bool {
        switch order {
        case .newest:
            return lhs.createdAt != rhs.createdAt ? lhs.createdAt > rhs.createdAt : lhs.id > rhs.id
        case .oldest:
            return lhs.createdAt != rhs.createdAt ? lhs.createdAt < rhs.createdAt : lhs.id < rhs.id
        case .updated:
            return lhs.updatedAt != rhs.updatedAt ? lhs.updatedAt > rhs.updatedAt : lhs.id > rhs.id
        case .title:
            let comparison = nocase(lhs.title, rhs.title)
            return comparison != 0 ? comparison < 0 : lhs.id < rhs.id
        }
    }

    /// SQLite's nocaseCollatingFunc: sqlite3StrNICmp over the shorter length, then the lengths.
    private static func nocase(_ lhs: String, _ rhs: String) -> Int {
        let a = lhs.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
        let b = rhs.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
        let n = min(a.count, b.count)
        var i = 0
        while i < n && a[i] != 0 && a[i] == b[i] { i += 1 }
        let difference = i == n ? 0 : Int(a[i]) - Int(b[i])
        return difference != 0 ? difference : a.count - b.count
    }
}
