import GRDB

/// The full-text index's largest segment on its own level (v12).
///
/// An import builds the index apart and merges it into one segment, which FTS5 leaves on level 0 or
/// 1, where single writes add their small segments. FTS5 merges a level's segments all at once when
/// it holds 16 of them (`crisismerge`): after an import, the 16th write rewrote the whole index (at
/// 1,000,000 entries 140 MB, 9–17 s: the query time limit stopped it and the entry was not saved).
/// Imports now put the segment on the level its size calls for (`FullTextStructure`); this migration
/// does the same for a journal imported before, when its imported segment has not been merged yet.
extension EntrySchema {
    /// The identifier of the migration that raises the full-text index's largest segment.
    static let v12FullTextLevels = "v12-full-text-levels"

    static func migrateFullTextLevels(_ db: Database) throws {
        try FullTextStructure.raiseOldestSegment(in: db)
    }
}
