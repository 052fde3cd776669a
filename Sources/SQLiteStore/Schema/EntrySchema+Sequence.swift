import EntryModel

/// The third migration: ids are not given twice.
///
/// `entry.id` is an `INTEGER PRIMARY KEY`, for which SQLite picks the largest id + 1: delete the newest
/// entry, add one, and it gets the deleted entry's id — and a script still holding that id would edit
/// or delete the wrong entry. The last id ever given is kept in a one-row table (what `AUTOINCREMENT`
/// would do, without rebuilding the table), and every insert takes the next one. (Only once ids reach
/// the largest integer does SQLite pick free ones, as it would anyway.)
extension EntrySchema {
    /// The identifier of the migration that adds the id sequence.
    static let v3 = "v3-entry-id-sequence"

    /// Migrations that no read depends on: a read-only open of a database without them (one an
    /// older version wrote, on read-only media, say) reads it as it is. Only writes need the sequence.
    /// (The trash, v5, is read only by `entries trash list`, which finds it empty there; without the
    /// title key, v7, titles sort as the older version sorted them; without tag keys, v8, a tag is
    /// found in the spelling asked for and in lower case, as the older version wrote them; without the
    /// links, v9, backlinks are found by reading every entry; with v9's table, v10 not yet run, by v9's
    /// columns; without the word count, v11, a summary counts the words of the body it reads instead; v12
    /// changes only where a segment of the full-text index lies; without the links' source dates, v13,
    /// a page of backlinks sorts its sources' dates from the entry rows.)
    static let notNeededForReading: Set<String> = [
        v3, v4, v5Trash, v7TitleKey, v8TagKey, v9Links, v10LinksBySource, v11WordCount, v12FullTextLevels,
        v13LinkSourceDates,
    ]

    /// The table and trigger the migration adds (for checks and tests).
    static let sequenceObjects: [(type: String, name: String)] = [
        ("table", "entrySequence"), ("trigger", "entry_ai_sequence"),
    ]

    /// The name of the trigger that keeps the last id, dropped and recreated around bulk inserts
    /// (which set it once instead).
    static let sequenceInsertTrigger = "entry_ai_sequence"

    /// The last id ever given (0 before the first entry).
    static let selectLastID = "SELECT lastID FROM entrySequence WHERE id = 1"

    /// The id for a new entry: one more than the last given (or than the largest id, should the
    /// sequence ever be behind it: a table restored by hand). At the largest integer it is NULL, and
    /// SQLite picks a free id of its own (as it does for any `INTEGER PRIMARY KEY` there).
    static let nextID = """
        (SELECT CASE WHEN last < 9223372036854775807 THEN last + 1 END FROM (
            SELECT max(lastID, coalesce((SELECT max(id) FROM entry), 0)) AS last FROM entrySequence WHERE id = 1))
        """

    /// The migration's SQL. The sequence starts from the largest id there. The trigger also follows
    /// an id given explicitly (the bulk insert's), whichever way it came.
    static let v3SQL = """
        CREATE TABLE entrySequence (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            lastID INTEGER NOT NULL
        );
        INSERT INTO entrySequence (id, lastID) SELECT 1, coalesce(max(id), 0) FROM entry;
        CREATE TRIGGER entry_ai_sequence AFTER INSERT ON entry
        WHEN new.id > (SELECT lastID FROM entrySequence WHERE id = 1) BEGIN
            UPDATE entrySequence SET lastID = new.id WHERE id = 1;
        END;
        """
}
