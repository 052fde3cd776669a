/// The sort orders in Swift, agreeing exactly with the SQL ones (same keys, the same title key as the
/// stores keep (``TitleSortKey``), same tie-break on id), so that both repositories page identically.
extension EntrySortOrder {
    /// Whether `lhs` comes before `rhs` in this order (a strict total order: ids are unique).
    func displaysBefore(_ lhs: EntrySummary, _ rhs: EntrySummary) -> Bool {
        let keyComparison: Int
        switch self {
        case .newest: keyComparison = Self.compare(rhs.createdAtKey, lhs.createdAtKey)
        case .oldest: keyComparison = Self.compare(lhs.createdAtKey, rhs.createdAtKey)
        case .title: keyComparison = TitleSortKey.compare(lhs.title, rhs.title)
        case .updated: keyComparison = Self.compare(rhs.updatedAtKey, lhs.updatedAtKey)
        }
        if keyComparison != 0 { return keyComparison < 0 }
        return isAscending ? lhs.id < rhs.id : lhs.id > rhs.id
    }

    /// Whether the order runs from small keys to large ones (ties then by increasing id).
    var isAscending: Bool {
        switch self {
        case .oldest, .title: return true
        case .newest, .updated: return false
        }
    }

    private static func compare(_ lhs: Int64, _ rhs: Int64) -> Int {
        lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }
}

extension EntrySummary {
    /// Dates compared as stored (whole milliseconds), as SQLite compares them.
    var createdAtKey: Int64 { StoredDate.milliseconds(createdAt) }
    var updatedAtKey: Int64 { StoredDate.milliseconds(updatedAt) }
}
