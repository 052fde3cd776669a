import EntryModel

/// Starred entries (v6): a `starred` column on `entry` (and on `trashedEntry`, so that a restored
/// entry keeps its star), and one partial index per sort order over the starred rows only.
///
/// A page of starred entries seeks on its order's partial index: as fast as an unfiltered page
/// whatever the share of starred entries, and the indexes hold only starred rows, so they cost
/// nothing on the (unstarred) rows of an import. A page with a created range in the title or
/// updated order reads the starred rows of the range from `entry_starred_on_createdAt`.
///
/// Reading needs this migration (every summary reads `starred`), so it is not in
/// ``EntrySchema/notNeededForReading``: an older database opened read-only is refused as outdated
/// (open it once writable to upgrade it), and an older build refuses a database with this migration
/// as newer, as it does for any migration it does not know.
extension EntrySchema {
    /// The identifier of the migration that adds stars.
    static let v6Starred = "v6Starred"

    /// The indexes of starred rows by sort order, as ``sortIndexes`` are for all rows.
    static let starredIndexes = ["entry_starred_on_createdAt", "entry_starred_on_title", "entry_starred_on_updatedAt"]

    /// The indexes the migration adds (for checks and tests).
    static let starredObjects: [(type: String, name: String)] = starredIndexes.map { ("index", $0) }

    static let v6StarredSQL = """
        ALTER TABLE entry ADD COLUMN starred INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE trashedEntry ADD COLUMN starred INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX entry_starred_on_createdAt ON entry(createdAt, id) WHERE starred = 1;
        CREATE INDEX entry_starred_on_title ON entry(title, id) WHERE starred = 1;
        CREATE INDEX entry_starred_on_updatedAt ON entry(updatedAt, id) WHERE starred = 1;
        """
}
