import GRDB

/// Links kept in the order they are written (v10): `entryLink` becomes a `WITHOUT ROWID` table whose
/// primary key is `(sourceId, target)`, and `target` holds either kind of target in one column: an
/// INTEGER for `[[#42]]` (the entry id), a BLOB for `[[Title]]` (the title's ``TitleSortKey``). SQLite
/// orders every integer before every blob and compares values of different kinds as unequal, so one
/// index, `entryLink_on_target`, answers both backlink seeks.
///
/// Why: v9's table had a rowid and three indexes (by source, by target id, by title key), and a bulk
/// import of a million entries with three links each spent more time building those than writing the
/// entries. Here the rows of new entries, whose ids only grow, go to the end of the table itself
/// (nothing to sort), the primary key serves `ON DELETE CASCADE` and the replacing of an edited
/// entry's rows, and one index is left to build.
///
/// The migration copies v9's rows (one per distinct target of an entry) in key order.
extension EntrySchema {
    /// The identifier of the migration that keys `entryLink` by source.
    static let v10LinksBySource = "v10-links-by-source"

    /// Copies the rows aside rather than renaming v9's table: `ALTER TABLE … RENAME` checks the
    /// temporary schema too, which opens (and attaches) the connection's `temp` database.
    static func migrateLinksBySource(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE entryLinkV10Copy (sourceId INTEGER NOT NULL, target NOT NULL);
                INSERT INTO entryLinkV10Copy SELECT sourceId, coalesce(targetId, targetKey) FROM entryLink;
                DROP TABLE entryLink;
                CREATE TABLE entryLink (
                    sourceId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                    target NOT NULL,
                    PRIMARY KEY (sourceId, target)
                ) WITHOUT ROWID;
                INSERT INTO entryLink (sourceId, target) SELECT sourceId, target FROM entryLinkV10Copy ORDER BY 1, 2;
                DROP TABLE entryLinkV10Copy;
                CREATE INDEX entryLink_on_target ON entryLink(target);
                """)
    }
}
