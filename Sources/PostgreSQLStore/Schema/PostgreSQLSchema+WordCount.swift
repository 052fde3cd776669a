/// The word count (appended migration): `words`, how many words the entry's body has (`WordCount`),
/// as in SQLite (`EntrySchema+WordCount.swift`), in `entry` and in the trash (which keeps a row whole).
/// The client counts; the migration is SQL, which cannot, so it adds the column as -1, which marks a
/// count as stale (found through a partial index), and the first client to open the database counts
/// them (``StaleWordCounts``), in batches. A row written without a count (none is) would be counted
/// at the next open the same way.
extension PostgreSQLSchema {
    static let wordCount: [String] = [
        """
        ALTER TABLE entry ADD COLUMN IF NOT EXISTS words integer NOT NULL DEFAULT -1
        """,
        """
        ALTER TABLE "trashedEntry" ADD COLUMN IF NOT EXISTS words integer NOT NULL DEFAULT -1
        """,
        """
        CREATE INDEX IF NOT EXISTS entry_stale_words ON entry (id) WHERE words < 0
        """,
        """
        CREATE INDEX IF NOT EXISTS trashed_entry_stale_words ON "trashedEntry" (id) WHERE words < 0
        """,
    ]
}
