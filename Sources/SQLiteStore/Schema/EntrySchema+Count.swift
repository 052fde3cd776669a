import EntryModel

/// The second migration: the number of entries, kept in a one-row table by triggers.
///
/// The list shows "1 of 1,000,000" on its first screen. `count(*)` walks every page of the smallest
/// index to answer, which at a million entries costs milliseconds and megabytes of page cache at
/// every start, growing with the table; the kept count is one row read at any size.
extension EntrySchema {
    /// The identifier of the migration that adds the kept count.
    static let v2 = "v2-entry-count"

    /// The table and triggers the migration adds (for checks and tests).
    static let countObjects: [(type: String, name: String)] = [
        ("table", "entryCount"), ("trigger", "entry_ai_count"), ("trigger", "entry_ad_count"),
    ]

    /// The name of the count's insert trigger, dropped and recreated around bulk inserts (which add
    /// the number of their rows once instead).
    static let countInsertTrigger = "entry_ai_count"

    /// The kept count.
    static let selectCount = "SELECT count FROM entryCount WHERE id = 1"

    /// The migration's SQL. The count starts from the rows already there. SQLite gives up its
    /// truncate shortcut for a table with triggers, so every way rows go (DELETE without WHERE, the
    /// rollback of a failed bulk insert) keeps the count right.
    static let v2SQL = """
        CREATE TABLE entryCount (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            count INTEGER NOT NULL
        );
        INSERT INTO entryCount (id, count) SELECT 1, count(*) FROM entry;
        CREATE TRIGGER entry_ai_count AFTER INSERT ON entry BEGIN
            UPDATE entryCount SET count = count + 1 WHERE id = 1;
        END;
        CREATE TRIGGER entry_ad_count AFTER DELETE ON entry BEGIN
            UPDATE entryCount SET count = count - 1 WHERE id = 1;
        END;
        """
}
