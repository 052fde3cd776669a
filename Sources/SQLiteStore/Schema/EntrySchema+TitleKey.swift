import EntryModel
import GRDB

/// The title order (v7): `entry.titleKey`, the title's ``TitleSortKey`` (case and accents folded,
/// numbers by value), computed in Swift when a title is written and indexed with the id, so the title
/// order is a plain BLOB comparison that PostgreSQL and the in-memory store make alike, and a keyset
/// page is an index seek. (Before, `title COLLATE NOCASE` folded only ASCII and put `10` before `9`.)
///
/// The migration adds the column, computes the key of every entry a thousand at a time, and indexes
/// the key instead of the title. The FTS update trigger is redefined to fire only when an indexed
/// column changes, so neither the backfill nor a restore's key re-indexes the text.
extension EntrySchema {
    /// The identifier of the migration that adds the title key.
    static let v7TitleKey = "v7-title-key"

    static func migrateTitleKey(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE entry ADD COLUMN titleKey BLOB NOT NULL DEFAULT x'';
                DROP TRIGGER entry_au_fts;
                CREATE TRIGGER entry_au_fts AFTER UPDATE OF title, body, moreDetails, tags ON entry BEGIN
                    INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)
                    VALUES ('delete', old.id, old.title, old.body, old.moreDetails, old.tags);
                    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
                    VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);
                END;
                DROP INDEX entry_on_title;
                DROP INDEX IF EXISTS entry_starred_on_title;
                """)
        try backfillTitleKeys(db)
        try db.execute(sql: "CREATE INDEX entry_on_title ON entry(titleKey, id)")
        // The starred rows' title index (v6) follows the title order's onto the key, under its name.
        try db.execute(sql: "CREATE INDEX entry_starred_on_title ON entry(titleKey, id) WHERE starred = 1")
    }

    /// Sets the key of every entry, reading a thousand titles at a time in id order.
    private static func backfillTitleKeys(_ db: Database) throws {
        let read = try RawStatement(db, sql: "SELECT id, title FROM entry WHERE id > ? ORDER BY id LIMIT 1000")
        let write = try RawStatement(db, sql: "UPDATE entry SET titleKey = ? WHERE id = ?")
        var last = Int64.min
        while true {
            try read.bind(last, at: 1)
            var rows: [(id: Int64, title: String)] = []
            while try read.step() { rows.append((read.int64(at: 0), read.text(at: 1))) }
            read.reset()
            guard let final = rows.last else { return }
            for row in rows {
                try write.bind(TitleSortKey.key(row.title), at: 1)
                try write.bind(row.id, at: 2)
                try write.run()
            }
            last = final.id
        }
    }
}
