import GRDB

/// The full-text index's merges (v12): FTS5 merges a level of its index all at once, in the
/// transaction that happens to add the level's sixteenth segment (its `crisismerge`, 16 by
/// default). After an import the index is one large segment (the import merges it once, at the
/// end: `StreamedFullTextIndex`); single writes then add small segments beside it until one of them
/// sets off that merge, which rewrites the whole index inside one `entries add`: at 1,000,000
/// entries, the 15th write after the import rewrote 140 MB for 17 s, was stopped by the query time
/// limit, and its entry was not saved.
///
/// With the largest `crisismerge` FTS5 allows, a level is merged the way FTS5 merges otherwise: a
/// few pages at each write (`automerge`), so the large segment is rewritten a little at a time. This
/// moves the all-at-once merge from the 16th write to the 2,000th, not away: where the large segment
/// shares the level new segments land on, and FTS5 has not finished merging it a little at a time by
/// then (at 1,000,000 entries it needs over 10,000 writes), the 2,000th write still rewrites it.
extension EntrySchema {
    /// The identifier of the migration that sets the index's merge settings.
    static let v12FullTextMerges = "v12-full-text-merges"

    /// Segments a level of the full-text index may hold before FTS5 merges it at once: FTS5's
    /// largest (it allows 2,000 segments a level).
    static let fullTextCrisisMerge = 1_999

    static func migrateFullTextMerges(_ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('crisismerge', ?)", arguments: [fullTextCrisisMerge])
    }
}
