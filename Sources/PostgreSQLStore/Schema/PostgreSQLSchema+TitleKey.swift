/// The title order (v3): `"titleKey"` becomes the title's ``TitleSortKey`` (case and accents folded,
/// numbers by value), indexed with the id alone. The key is made by the client, so the migration, which
/// is SQL, only marks every key as stale (a negative `"titleLength"`, found through a partial index);
/// the first client to open the database makes them again (``StaleTitleKeys``), in batches.
extension PostgreSQLSchema {
    static let v3TitleKey: [String] = [
        """
        DROP INDEX IF EXISTS entry_title
        """,
        """
        CREATE INDEX IF NOT EXISTS entry_title ON entry ("titleKey", id)
        """,
        """
        UPDATE entry SET "titleLength" = -1
        """,
        """
        UPDATE "trashedEntry" SET "titleLength" = -1
        """,
        """
        CREATE INDEX IF NOT EXISTS entry_stale_title ON entry (id) WHERE "titleLength" < 0
        """,
        """
        CREATE INDEX IF NOT EXISTS trashed_entry_stale_title ON "trashedEntry" (id) WHERE "titleLength" < 0
        """,
    ]
}
