import GRDB

/// Builds or rewrites the whole `entryFTS` index in place, in the writer's transaction, and leaves it
/// as the import's build in a scratch file does (``ScratchFullTextIndex``, ``StreamedFullTextIndex``):
/// one segment, on the level its size calls for.
///
/// Left to itself, FTS5 writes a large insert (or a `'rebuild'`) as segments of its hash's size on
/// level 0 and merges them as it goes (`automerge`), each term's list written again at every level;
/// what it leaves is large segments on low levels, beside which the single writes after it add
/// their one-page segments, and FTS5 merges a level all at once when it holds 16 (`crisismerge`): at
/// 1,000,000 entries an early write after an encrypted journal's import or `entries encrypt` merged
/// the whole index and was stopped by the query time limit. Here, as in the scratch build: no merge
/// while the rows come, one merge of everything at the end (`'optimize'`), the merge settings put
/// back, and the one segment raised (``FullTextStructure/raiseOldestSegment(in:)``).
enum FullTextWholeBuild {
    /// The merge settings the build changes, and FTS5's defaults for a journal that has none.
    private static let mergeSettings: [(key: String, fts5Default: Int)] = [("automerge", 4), ("crisismerge", 16)]

    /// Runs `write` (statements that write the index of every entry, or of as many new ones as there
    /// were: merging the old index too costs no more than the new rows) into the `entryFTS` index of
    /// `db`, which is in a transaction, then merges and raises the index.
    static func run(_ db: Database, _ write: () throws -> Void) throws {
        var saved: [(key: String, value: DatabaseValue)] = []
        for setting in mergeSettings {
            let value = try DatabaseValue.fetchOne(
                db, sql: "SELECT v FROM \(EntrySchema.ftsTable)_config WHERE k = ?", arguments: [setting.key])
            saved.append((setting.key, value ?? setting.fts5Default.databaseValue))
        }
        try ScratchFullTextIndex.configure(db, "automerge", 0)
        try ScratchFullTextIndex.configure(db, "crisismerge", StreamedFullTextIndex.buildCrisisMerge)
        try write()
        try db.execute(sql: "INSERT INTO \(EntrySchema.ftsTable)(\(EntrySchema.ftsTable)) VALUES ('optimize')")
        for setting in saved { try ScratchFullTextIndex.configure(db, setting.key, setting.value) }
        try raiseOldestSegment(db)
    }

    /// Indexes the entries whose id is above `previousMaxID` in place (an import without a scratch
    /// index): as one whole build when they are as many as the entries before (`asWholeBuild`), else
    /// as FTS5 indexes any insert.
    static func indexEntries(after previousMaxID: Int64, in db: Database, asWholeBuild: Bool) throws {
        let indexNewRows = {
            try db.execute(
                sql: """
                    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
                    SELECT id, title, body, moreDetails, tags FROM entry WHERE id > ?
                    """, arguments: [previousMaxID])
        }
        if asWholeBuild {
            try run(db, indexNewRows)
        } else {
            try indexNewRows()
        }
    }

    /// ``FullTextStructure/raiseOldestSegment(in:)`` on a connection whose FTS5 has used the index in
    /// this transaction, and so holds the structure in memory: FTS5 would write that older structure
    /// back at the connection's next write (a single `entries add` after an import in the same
    /// process), the segment back on its level. FTS5 reads its structure again after a rollback to a
    /// savepoint (`fts5RollbackToMethod`), which is all that this empty savepoint does: every change
    /// made so far stays, and FTS5 holds no data of its own to lose (the 'optimize' and the setting's
    /// writes have written what it held).
    static func raiseOldestSegment(_ db: Database) throws {
        guard try FullTextStructure.raiseOldestSegment(in: db) else { return }
        try db.execute(sql: "SAVEPOINT entriesFullTextStructure")
        try db.execute(sql: "ROLLBACK TO entriesFullTextStructure")
        try db.execute(sql: "RELEASE entriesFullTextStructure")
    }
}
