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
    static func choose(for filter: EntryFilter, limit: Int, session: PostgreSQLSession, connection: PostgresConnection) throws -> TagFilterPlan {
        guard !filter.tags.isEmpty else { return .walk }
        let tags = filter.tags.map(EntryRows.bytes)
        let query: PostgresQuery = """
            SELECT (\(unescaped: PostgreSQLSchema.keptCount)),
                   (SELECT coalesce(array_agg(counted), '{}') FROM (
                       SELECT sum(delta)::bigint AS counted FROM "entryTagCount" WHERE tag = ANY(\(tags)) GROUP BY tag
                   ) AS per_tag)
            """
        guard let row = try session.rows(connection, query).first else { return .walk }
        let (total, counts) = try row.decode((Int64, [Int64]).self)
        // An entry of every tag (`all`) is at most as common as the rarest; of any, at most the sum.
        // A tag without a count has no entries.
        let tagged: Int64
        if filter.tagMatch == .any && filter.tags.count > 1 {
            tagged = counts.reduce(0, +)
        } else {
            tagged = counts.count < Set(filter.tags).count ? 0 : counts.min() ?? 0
        }
        return TagFilterPlan(readsEveryTaggedEntry: tagged * tagged < Int64(max(limit, 1)) * total)
    }
}
