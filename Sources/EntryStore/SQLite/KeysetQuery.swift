/// The SQL of keyset pagination: each sort order is a pair (sort key, id) with an index on it, and a
/// page is "the next `limit` rows after (or before) this pair", which SQLite answers with one index
/// seek whatever the depth — unlike OFFSET, which walks every skipped row.
///
/// See <https://www.sqlite.org/rowvalue.html#scrolling_window_queries>.
struct KeysetQuery {
    /// The SQL text and the values to bind, in order.
    var sql: String
    var arguments: [KeysetArgument]
    /// Whether the rows come back in reverse display order (pages anchored at the end or before a row).
    var isReversed: Bool

    /// The query for one page.
    static func page(_ request: PageRequest) -> KeysetQuery {
        let key = SortKey(request.order)
        var conditions: [String] = []
        var arguments: [KeysetArgument] = []
        let reversed: Bool
        switch request.anchor {
        case .start:
            reversed = false
        case .end:
            reversed = true
        case .after(let summary):
            reversed = false
            conditions.append("(\(key.column), entry.id) \(key.ascending ? ">" : "<") (?, ?)")
            arguments += [key.value(of: summary), .integer(summary.id)]
        case .before(let summary):
            reversed = true
            conditions.append("(\(key.column), entry.id) \(key.ascending ? "<" : ">") (?, ?)")
            arguments += [key.value(of: summary), .integer(summary.id)]
        }
        if let tag = request.filter.tag {
            conditions.append(tagCondition)
            arguments.append(.text(tag))
        }
        let direction = key.ascending != reversed ? "ASC" : "DESC"
        let sql = "SELECT \(EntryColumns.summary) FROM entry"
            + whereClause(conditions)
            + " ORDER BY \(key.column) \(direction), entry.id \(direction) LIMIT ?"
        arguments.append(.integer(Int64(max(0, request.limit))))
        return KeysetQuery(sql: sql, arguments: arguments, isReversed: reversed)
    }

    /// The query counting the rows that come before `summary` in `order` (its zero-based index).
    static func index(of summary: EntrySummary, order: EntrySortOrder, filter: EntryFilter) -> KeysetQuery {
        let key = SortKey(order)
        var conditions = ["(\(key.column), entry.id) \(key.ascending ? "<" : ">") (?, ?)"]
        var arguments: [KeysetArgument] = [key.value(of: summary), .integer(summary.id)]
        if let tag = filter.tag {
            conditions.append(tagCondition)
            arguments.append(.text(tag))
        }
        return KeysetQuery(
            sql: "SELECT count(*) FROM entry" + whereClause(conditions), arguments: arguments, isReversed: false)
    }

    /// Entries carrying the tag: the entryTag_on_tag index gives their ids.
    private static let tagCondition = "entry.id IN (SELECT entryId FROM entryTag WHERE tag = ?)"

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}

/// A value bound to a keyset query.
enum KeysetArgument: Equatable {
    case integer(Int64)
    case text(String)

    func bind(to statement: RawStatement, at index: Int32) throws {
        switch self {
        case .integer(let value): try statement.bind(value, at: index)
        case .text(let value): try statement.bind(value, at: index)
        }
    }
}

/// The first column of a sort order's key (the second is always the id) and its display direction.
private struct SortKey {
    var column: String
    var ascending: Bool
    var value: (EntrySummary) -> KeysetArgument

    init(_ order: EntrySortOrder) {
        switch order {
        case .newest:
            self.init(column: "entry.createdAt", ascending: false) { .integer(StoredDate.milliseconds($0.createdAt)) }
        case .oldest:
            self.init(column: "entry.createdAt", ascending: true) { .integer(StoredDate.milliseconds($0.createdAt)) }
        case .title:
            // The COLLATE must match the index's for SQLite to seek on it.
            self.init(column: "entry.title COLLATE NOCASE", ascending: true) { .text($0.title) }
        case .updated:
            self.init(column: "entry.updatedAt", ascending: false) { .integer(StoredDate.milliseconds($0.updatedAt)) }
        }
    }

    init(column: String, ascending: Bool, value: @escaping (EntrySummary) -> KeysetArgument) {
        self.column = column
        self.ascending = ascending
        self.value = value
    }

    func value(of summary: EntrySummary) -> KeysetArgument { value(summary) }
}
