import EntryModel

/// The trash: deleted entries are moved to their own table, with the time they were deleted, so that
/// they can be restored (with their ids: ids are never given twice, see `EntrySchema+Sequence.swift`).
///
/// A separate table rather than a "deleted" flag on `entry`: every page, count, search and tag list
/// reads `entry` as it is, and none of them needs to know that a trash exists.
extension EntrySchema {
    /// The identifier of the migration that adds the trash.
    static let v5Trash = "v5-trash"

    /// The table and index the migration adds (for checks and tests).
    static let trashObjects: [(type: String, name: String)] = [
        ("table", "trashedEntry"), ("index", "trashedEntry_on_deletedAt"),
    ]

    static let v5TrashSQL = """
        CREATE TABLE trashedEntry (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            moreDetails TEXT NOT NULL,
            tags TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            deletedAt INTEGER NOT NULL
        );
        CREATE INDEX trashedEntry_on_deletedAt ON trashedEntry(deletedAt, id);
        """
}
