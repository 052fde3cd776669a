import EntryModel
import GRDB

/// The word count (v11): `entry.words`, how many words the entry's body has (``WordCount``),
/// computed in Swift whenever a body is written, so that a list row can show it without reading the
/// body. The trash keeps no count: a restore counts the body again, as it makes the title key again.
///
/// The migration adds the column (0 for every row, at no cost) and counts the bodies of the entries
/// that have one, in one statement through a function registered for the migration only: nothing
/// stored calls it, so a database never depends on this build to be read or written.
extension EntrySchema {
    /// The identifier of the migration that adds the word count.
    static let v11WordCount = "v11-word-count"

    /// The function the backfill calls, registered on the migration's connection only.
    private static let countWords = DatabaseFunction("entries_v10_word_count", argumentCount: 1, pure: true) {
        values in
        guard let body = String.fromDatabaseValue(values[0]) else { return 0 }
        return WordCount.of(body)
    }

    static func migrateWordCount(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE entry ADD COLUMN words INTEGER NOT NULL DEFAULT 0")
        db.add(function: countWords)
        defer { db.remove(function: countWords) }
        // No trigger fires: the FTS update trigger (v7) fires only when an indexed column changes.
        try db.execute(sql: "UPDATE entry SET words = entries_v10_word_count(body) WHERE body <> ''")
    }
}
