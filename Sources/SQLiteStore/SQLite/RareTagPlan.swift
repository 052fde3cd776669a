import EntryModel
import GRDB

/// How a search with `tag:` qualifiers checks a rare tag: against the list of its entries, made once.
///
/// A tag is checked on every full-text match by default, a lookup of `entryTag` per match: right for
/// a common tag, but "meeting tag:archive" at a million entries looks up 200,000 matches to find 40.
/// When the rarest of the query's tags is on few entries (the kept counts of `entryTagCount` say how
/// many, at no cost), its entries are listed once and each match is checked against the list, about
/// three times faster (measured in Python on the benchmark's database: 135 → 52 ms). Letting the
/// list drive the full-text search instead (`rowid IN` handed to FTS5) finds the 40 in 2 ms but makes
/// FTS5 start over for each, ranking included: 300 ms. For a common tag the list costs more than
/// the lookups, hence the choice.
enum RareTagPlan {
    /// At most this many entries: the tag's entries are listed.
    static let largestRareTag = 2_000

    /// The rarest tag of `query` when it is rare enough to drive the statement, else nil.
    static func tag(of query: SearchQuery, in db: Database) throws -> String? {
        guard !query.tags.isEmpty, let counts = try KeptTagCounts.of(query.tags, in: db),
            let rarest = query.tags.min(by: { counts[$0, default: 0] < counts[$1, default: 0] }),
            counts[rarest, default: 0] <= largestRareTag
        else { return nil }
        return rarest
    }
}
