import Foundation
import EntryModel

/// The SQL of keyset pagination: each sort order is a pair (sort key, id) with an index on it, and a
/// page is "the next `limit` rows after (or before) this pair", which SQLite answers with index seeks
/// whatever the depth — unlike OFFSET, which walks every skipped row.
///
/// The row-value comparison `(key, id) > (?, ?)` is written as two seeks joined by UNION ALL: the
/// rows tied with the anchor's key (`key = ? AND id > ?`) and the rows after it (`key > ?`). SQLite
/// 3.40 seeks a row value only on its first column when the second one is the rowid, which would walk
/// every tie (an import without dates gives a million entries the same `createdAt`).
///
/// See <https://www.sqlite.org/rowvalue.html#scrolling_window_queries>.
struct KeysetQuery {
    /// The SQL text and the values to bind to ?1, ?2...
    var sql: String
    var arguments: [KeysetArgument]
    /// Whether the rows come back in reverse display order (pages anchored at the end or before a row).
    var isReversed: Bool

    /// The query for one page; `tagStrategy` says how to apply a tag filter (see ``TagStrategy``).
    /// `hasTitleKey` is false only for a database an older version wrote, read without the title key
    /// (`EntrySchema+TitleKey.swift`): titles then sort as they did there.
    static func page(_ request: PageRequest, tagStrategy: TagStrategy = .probe, hasTitleKey: Bool = true) -> KeysetQuery
    {
        let key = SortKey(request.order, hasTitleKey: hasTitleKey)
        var arguments: [KeysetArgument] = []
        let reversed: Bool
        let anchor: EntrySummary?
        switch request.anchor {
        case .start: (reversed, anchor) = (false, nil)
        case .end: (reversed, anchor) = (true, nil)
        case .after(let summary): (reversed, anchor) = (false, summary)
        case .before(let summary): (reversed, anchor) = (true, summary)
        }
        // Walking backwards is walking the reversed order forwards.
        let ascending = key.ascending != reversed
        let direction = ascending ? "ASC" : "DESC"
        let order = "ORDER BY \(key.column)\(key.collation) \(direction), id \(direction)"
        let firstFilterParameter = anchor == nil ? 2 : 4
        let filter = FilterConditions(request.filter, tagStrategy: tagStrategy, firstParameter: firstFilterParameter)
        let indexed =
            Self.index(for: request.filter, key: key, tagStrategy: tagStrategy).map { " INDEXED BY \($0)" } ?? ""
        // The outer ORDER BY of the UNION below names a column of the rows: the key, when the summary has none.
        let select =
            "SELECT \(EntryColumns.summary)\(key.isInSummary ? "" : ", entry.\(key.column)") FROM entry\(indexed)"
        let sql: String
        if let anchor {
            let comparison = ascending ? ">" : "<"
            arguments = [key.value(of: anchor), .integer(anchor.id), .integer(Int64(max(0, request.limit)))]
            sql = """
                SELECT * FROM (\(select) WHERE entry.\(key.column) = ?1 AND entry.id \(comparison) ?2\
                \(filter.andClause) \(order) LIMIT ?3)
                UNION ALL
                SELECT * FROM (\(select) WHERE entry.\(key.column) \(comparison) ?1\(filter.andClause) \(order) LIMIT ?3)
                \(order) LIMIT ?3
                """
        } else {
            arguments = [.integer(Int64(max(0, request.limit)))]
            sql = "\(select)\(filter.whereClause) \(order) LIMIT ?1"
        }
        arguments += filter.arguments
        return KeysetQuery(sql: sql, arguments: arguments, isReversed: reversed)
    }

    /// The index a page must walk, where the planner might pick a worse one:
    /// - starred only: the order's partial index of starred rows (a pure seek), or the starred rows
    ///   of a created range, read and sorted; but a collected tag drives a page better than either;
    /// - a created range in an order its index does not serve: a narrow range (up to
    ///   ``narrowCreatedRange``, a week) is read and sorted; a wider one walks the order's own index and
    ///   skips the rows outside the range: a year of a million entries is a tenth of them, so a page
    ///   reads a few hundred rows instead of sorting a hundred thousand.
    private static func index(for filter: EntryFilter, key: SortKey, tagStrategy: TagStrategy) -> String? {
        if filter.starred && (filter.tags.isEmpty || tagStrategy == .probe) {
            // Named by order: the title order's index keeps its name on the title key (v7).
            let order = key.column == "titleKey" ? "title" : key.column
            return filter.created != nil ? "entry_starred_on_createdAt" : "entry_starred_on_\(order)"
        }
        guard let created = filter.created, !key.isCreatedAt else { return nil }
        // Only the indexes that serve their order as it is read (not the NOCASE title of a database
        // older than v7), and without tags, whose own plan drives the page.
        let orderIndex = ["titleKey": "entry_on_title", "updatedAt": "entry_on_updatedAt"][key.column]
        if let orderIndex, filter.tags.isEmpty,
            created.upperBound.timeIntervalSince(created.lowerBound) > narrowCreatedRange
        {
            return orderIndex
        }
        return "entry_on_createdAt"
    }

    /// The widest created range still read whole and sorted for a page in another order (seconds).
    static let narrowCreatedRange: TimeInterval = 7 * 86_400

    /// The query counting the rows that come before `summary` in `order` (its zero-based index).
    static func index(
        of summary: EntrySummary, order: EntrySortOrder, filter: EntryFilter, hasTitleKey: Bool = true
    ) -> KeysetQuery {
        let key = SortKey(order, hasTitleKey: hasTitleKey)
        let comparison = key.ascending ? "<" : ">"
        let conditions = FilterConditions(filter, tagStrategy: .collect, firstParameter: 3)
        let arguments: [KeysetArgument] = [key.value(of: summary), .integer(summary.id)] + conditions.arguments
        let sql = """
            SELECT (SELECT count(*) FROM entry WHERE \(key.column) = ?1 AND id \(comparison) ?2\(conditions.andClause))
                 + (SELECT count(*) FROM entry WHERE \(key.column) \(comparison) ?1\(conditions.andClause))
            """
        return KeysetQuery(sql: sql, arguments: arguments, isReversed: false)
    }

}

/// The SQL conditions of an ``EntryFilter`` on `entry`, with their values bound from parameter
/// number `firstParameter` on: the tags (see ``TagStrategy``), the star, then the created range, which
/// seeks on `entry_on_createdAt` in the newest and oldest orders and bounds the rows checked in the others.
struct FilterConditions {
    var conditions: [String] = []
    var arguments: [KeysetArgument] = []

    init(_ filter: EntryFilter, tagStrategy: TagStrategy, firstParameter: Int) {
        var parameter = firstParameter
        if !filter.tags.isEmpty {
            conditions += tagStrategy.conditions(
                tagCount: filter.tags.count, match: filter.tagMatch, firstParameter: parameter)
            arguments += filter.tags.map { .text($0) }
            parameter += filter.tags.count
        }
        // `= 1` spelled as the partial indexes' WHERE is, so that SQLite sees that they serve the query.
        if filter.starred { conditions.append("entry.starred = 1") }
        if let created = filter.createdMilliseconds {
            conditions.append("entry.createdAt >= ?\(parameter) AND entry.createdAt < ?\(parameter + 1)")
            arguments += [.integer(created.lowerBound), .integer(created.upperBound)]
        }
    }

    /// ` AND …` for each condition (empty without any).
    var andClause: String { conditions.map { " AND " + $0 }.joined() }
    /// ` WHERE … AND …` (empty without any condition).
    var whereClause: String { conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ") }
}

/// How a page applies a tag filter. Tags are indexed by (tag, entryId), not by sort key, so no
/// single plan is a pure seek for every tag:
/// - `probe` walks the order's index and checks each row's tag (a primary-key lookup): the right
///   plan for a common tag, where 50 matches come after a few hundred rows;
/// - `collect` gathers every entry of the tag from `entryTag` and sorts them: the right plan for
///   a rare tag, which `probe` would look for through the whole table.
/// ``SQLiteEntryRepository`` picks by counting the tag's entries up to ``collectLimit``. Of several tags,
/// all of them: the rarest (put first) is collected, or all are probed when even it is common; any of
/// them: their entries are collected together when they are few together, else probed together.
enum TagStrategy {
    case probe
    case collect

    /// Tags with fewer entries than this are collected and sorted; others are probed.
    static let collectLimit = 2_000

    /// The SQL conditions on `entry` for `tagCount` tags bound from parameter number `firstParameter` on.
    func conditions(tagCount: Int, match: TagMatch, firstParameter: Int) -> [String] {
        let parameters = (0..<tagCount).map { firstParameter + $0 }
        if tagCount == 1 || match == .all {
            return parameters.enumerated().map { offset, parameter in
                (offset == 0 ? self : .probe).condition(parameter: parameter)
            }
        }
        let list = parameters.map { "?\($0)" }.joined(separator: ", ")
        switch self {
        case .probe:
            return ["EXISTS (SELECT 1 FROM entryTag WHERE entryTag.entryId = entry.id AND entryTag.tag IN (\(list)))"]
        case .collect:
            return ["entry.id IN (SELECT entryId FROM entryTag WHERE tag IN (\(list)))"]
        }
    }

    /// The SQL condition on `entry` for the tag bound to parameter number `parameter`.
    func condition(parameter: Int) -> String {
        switch self {
        case .probe:
            return "EXISTS (SELECT 1 FROM entryTag WHERE entryTag.entryId = entry.id AND entryTag.tag = ?\(parameter))"
        case .collect:
            return "entry.id IN (SELECT entryId FROM entryTag WHERE tag = ?\(parameter))"
        }
    }
}

/// A value bound to a keyset query.
enum KeysetArgument: Equatable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])

    func bind(to statement: RawStatement, at index: Int32) throws {
        switch self {
        case .integer(let value): try statement.bind(value, at: index)
        case .text(let value): try statement.bind(value, at: index)
        case .blob(let value): try statement.bind(value, at: index)
        }
    }
}

/// The first column of a sort order's key (the second is always the id) and its display direction.
private struct SortKey {
    var column: String
    /// The collation to spell out where SQLite cannot infer it (the outer ORDER BY of a UNION).
    var collation = ""
    var ascending: Bool
    var value: (EntrySummary) -> KeysetArgument

    init(_ order: EntrySortOrder, hasTitleKey: Bool) {
        switch order {
        case .newest:
            self.init(column: "createdAt", ascending: false) { .integer(StoredDate.milliseconds($0.createdAt)) }
        case .oldest:
            self.init(column: "createdAt", ascending: true) { .integer(StoredDate.milliseconds($0.createdAt)) }
        case .title:
            if hasTitleKey {
                self.init(column: "titleKey", ascending: true) { .blob(TitleSortKey.key($0.title)) }
            } else {
                self.init(column: "title", collation: " COLLATE NOCASE", ascending: true) { .text($0.title) }
            }
        case .updated:
            self.init(column: "updatedAt", ascending: false) { .integer(StoredDate.milliseconds($0.updatedAt)) }
        }
    }

    init(column: String, collation: String = "", ascending: Bool, value: @escaping (EntrySummary) -> KeysetArgument) {
        self.column = column
        self.collation = collation
        self.ascending = ascending
        self.value = value
    }

    func value(of summary: EntrySummary) -> KeysetArgument { value(summary) }

    /// Whether the summary's columns hold the key (all but the title key do).
    var isInSummary: Bool { column != "titleKey" }

    /// Whether the order's index is `entry_on_createdAt`.
    var isCreatedAt: Bool { column == "createdAt" }
}
