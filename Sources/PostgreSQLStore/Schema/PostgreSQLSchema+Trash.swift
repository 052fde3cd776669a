/// The trash (v2): a deleted entry moves to a table of its own with the time it was deleted, so that
/// restoring gives it back whole, with its id (its sort key and search vector too: nothing to
/// recompute). A table rather than a flag on `entry`, as in SQLite: every page, count, search and tag
/// list reads `entry` as it is. It has no search index and no triggers: nobody searches the trash,
/// and the change feed tells the delete and the restore by the triggers of `entry`.
extension PostgreSQLSchema {
    static let v2Trash: [String] = [
        """
        CREATE TABLE "trashedEntry" (
            id bigint PRIMARY KEY,
            title bytea NOT NULL,
            body bytea NOT NULL,
            "moreDetails" bytea NOT NULL,
            tags bytea[] NOT NULL,
            "titleKey" bytea NOT NULL,
            "titleLength" integer NOT NULL,
            "createdAt" bigint NOT NULL,
            "updatedAt" bigint NOT NULL,
            "updatedBy" text NOT NULL,
            search tsvector NOT NULL,
            "deletedAt" bigint NOT NULL
        )
        """,
        """
        CREATE INDEX trashed_entry_deleted ON "trashedEntry" ("deletedAt", id)
        """,
    ]

    /// The columns an entry and its trashed copy share, in order.
    static let trashedColumns =
        #"id, title, body, "moreDetails", tags, "titleKey", "titleLength", "createdAt", "updatedAt", "updatedBy", search, starred, words"#
}
