import GRDB

/// The kept number of entries of each tag (`entryTagCount`, migration v4), one primary-key lookup a
/// tag: what a tag filter chooses its plan by (``TagStrategy``, ``RareTagPlan``). The counts only
/// choose a plan, never what a page or a search holds.
enum KeptTagCounts {
    /// The counts of `tags`, each at most `cap` (0 for a tag no entry has); nil when the database
    /// keeps no counts (one older than v4, read as it is).
    static func of(_ tags: [String], cappedAt cap: Int = Int.max, in db: Database) throws -> [String: Int]? {
        guard try db.hasSchemaObject(named: "entryTagCount") else { return nil }
        let count = try db.cachedStatement(sql: "SELECT count FROM entryTagCount WHERE tag = ?")
        var counts: [String: Int] = [:]
        for tag in tags {
            counts[tag] = min(cap, try Int.fetchOne(count, arguments: [tag]) ?? 0)
        }
        return counts
    }
}
