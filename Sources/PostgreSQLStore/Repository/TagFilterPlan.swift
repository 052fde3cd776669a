import EntryModel
import NIOCore
import PostgresNIO

/// How a page filtered by tags is read, chosen from the kept counts (`PostgreSQLSchema+TagCount.swift`)
/// as the SQLite store chooses from its `entryTagCount`.
///
/// The server's own estimate cannot tell a tag on one entry in ten thousand from one on one in a
/// hundred, and walks the order's index for both, testing each row's tags: for a rare tag that walk
/// reads most of the table before it has a page (1.4–2 s at 1M). Reading every entry of the tag
/// through the GIN index on tags, then sorting them, costs the tag's count instead. The walk costs
/// about `limit × entries / tagged` rows, the read `tagged`: the read wins below the square root of
/// `limit × entries` (7,000 entries of a million, for a page of 50).
struct TagFilterPlan {
    /// True when the page reads every tagged entry and sorts them, rather than walking the order.
    var readsEveryTaggedEntry: Bool

    /// No tags in the filter: the order's index, as always.
    static let walk = TagFilterPlan(readsEveryTaggedEntry: false)

    /// The plan for `filter`'s tags and a page of `limit`, from the kept counts (one round trip).
    static func choose(
        for filter: EntryFilter, spellings: TagSpellings, limit: Int, session: PostgreSQLSession,
        connection: PostgresConnection
    ) throws -> TagFilterPlan {
        guard !filter.tags.isEmpty else { return .walk }
        // Each tag's count is the sum of its spellings' (``TagSpellings``).
        let groups = filter.tags.map(spellings.of)
        let query: PostgresQuery = """
            SELECT (\(unescaped: PostgreSQLSchema.keptCount)), coalesce(array_agg(tag), '{}'), coalesce(array_agg(counted), '{}')
            FROM (
                SELECT tag, sum(delta)::bigint AS counted FROM "entryTagCount"
                WHERE tag = ANY(\(groups.flatMap { $0 })) GROUP BY tag HAVING sum(delta) > 0
            ) AS per_tag
            """
        guard let row = try session.rows(connection, query).first else { return .walk }
        let (total, tags, perSpelling) = try row.decode((Int64, [ByteBuffer], [Int64]).self)
        let counted = Dictionary(zip(tags, perSpelling), uniquingKeysWith: +)
        let counts = groups.map { group in group.reduce(0) { $0 + (counted[$1] ?? 0) } }
        // An entry of every tag (`all`) is at most as common as the rarest; of any, at most the sum.
        // A tag without a count has no entries.
        let tagged: Int64
        if filter.tagMatch == .any && filter.tags.count > 1 {
            tagged = counts.reduce(0, +)
        } else {
            tagged = counts.min() ?? 0
        }
        return TagFilterPlan(readsEveryTaggedEntry: tagged * tagged < Int64(max(limit, 1)) * total)
    }
}
