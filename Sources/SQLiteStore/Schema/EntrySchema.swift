import EntryModel
import GRDB

/// The database schema, as a list of GRDB migrations.
///
/// Migration identifiers are stable: they are recorded in the `grdb_migrations` table of every
/// database, and a database holding an identifier this build does not know was written by a newer
/// version (``EntryStoreError/newerSchema(path:)``). Never rename or edit a registered migration; add a
/// new one.
///
/// Tables:
/// - `entry`: one row per entry. Dates are INTEGER milliseconds since 1970 UTC (see `StoredDate`);
///   `title` has the NOCASE collation (the title order is case-insensitive).
///   `tags` is a display copy of the entry's tags, packed by ``TagList``.
/// - `entryTag`: one row per (entry, tag), what the tag filter seeks on.
/// - `entryFTS`: an FTS5 index over title, body, moreDetails and tags, with `entry` as its external
///   content, kept in sync by triggers.
/// - `settings`: key/value preferences.
/// - `entryCount` (v2, `EntrySchema+Count.swift`): the number of entries, kept by triggers.
/// - `entrySequence` (v3, `EntrySchema+Sequence.swift`): the last id given, so that none is given twice.
/// - `entryQuarterHour` (v4, `EntrySchema+QuarterHours.swift`): entries per quarter hour of creation,
///   kept by triggers, for counts per local day.
/// - `trashedEntry` (v5, `EntrySchema+Trash.swift`): deleted entries, until restored or emptied away.
/// - `entry.starred` (v6, `EntrySchema+Starred.swift`): 1 for a starred entry, with partial indexes.
/// - `entry.titleKey` (v7, `EntrySchema+TitleKey.swift`): the title order's key, indexed by
///   `entry_on_title` instead of the title.
/// - `entryTag.tag` and `entryTagCount.tag` (v8, `EntrySchema+TagKey.swift`): a tag's key, its
///   lower-case form, so that tags match whatever their case.
/// - `entryLink` (v9, `EntrySchema+Links.swift`): the targets of each entry's `[[links]]`; keyed by
///   source, one column for both kinds of target (v10, `EntrySchema+LinksBySource.swift`).
/// - `entry.words` (v11, `EntrySchema+WordCount.swift`): how many words the body has.
/// - the full-text index's largest segment on the level its size calls for (v12,
///   `EntrySchema+FullTextLevels.swift`), so that single writes never merge it all at once.
/// - `entryLink.sourceCreatedAt` (v13, `EntrySchema+LinkSourceDates.swift`): the linking entry's
///   creation time, in the index of targets, so that a page of backlinks is a range of the index.
enum EntrySchema {
    /// The identifier of the first migration.
    static let v1 = "v1-entries-tags-fts-settings"

    /// The migrator that brings any database up to this build's schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.execute(sql: v1SQL)
        }
        migrator.registerMigration(v2) { db in
            try db.execute(sql: v2SQL)
        }
        migrator.registerMigration(v3) { db in
            try db.execute(sql: v3SQL)
        }
        migrator.registerMigration(v4) { db in
            try db.execute(sql: v4SQL)
        }
        migrator.registerMigration(v5Trash) { db in
            try db.execute(sql: v5TrashSQL)
        }
        migrator.registerMigration(v6Starred) { db in
            try db.execute(sql: v6StarredSQL)
        }
        migrator.registerMigration(v7TitleKey) { db in
            try migrateTitleKey(db)
        }
        migrator.registerMigration(v8TagKey) { db in
            try migrateTagKey(db)
        }
        migrator.registerMigration(v9Links) { db in
            try migrateLinks(db)
        }
        migrator.registerMigration(v10LinksBySource) { db in
            try migrateLinksBySource(db)
        }
        migrator.registerMigration(v11WordCount) { db in
            try migrateWordCount(db)
        }
        migrator.registerMigration(v12FullTextLevels) { db in
            try migrateFullTextLevels(db)
        }
        // Foreign keys checked as it goes (nothing it does can break one), not GRDB's check of every
        // key of the journal after it: at 1,000,000 entries that check cost more than the migration.
        migrator.registerMigration(v13LinkSourceDates, foreignKeyChecks: .immediate) { db in
            try migrateLinkSourceDates(db)
        }
        return migrator
    }

    // Names of the objects a bulk insert drops and recreates. It recreates them from this build's
    // schema as its migrations make it (`ExpectedSchema`, through `SchemaObjectDefinitions`), never
    // from a database file's text, and never from one migration's text (a later one may redefine
    // an object).

    /// The indexes that serve the sort orders. A bulk insert into a small table drops and recreates
    /// them: building an index by sorting is much faster than inserting a million keys in random order.
    static let sortIndexes = ["entry_on_createdAt", "entry_on_title", "entry_on_updatedAt"]

    /// The index of tag rows by entry (what deleting an entry cascades through).
    static let tagEntryIndex = "entryTag_on_entryId"

    /// The full-text index (an FTS5 table).
    static let ftsTable = "entryFTS"

    /// The FTS insert trigger.
    static let ftsInsertTrigger = "entry_ai_fts"

    private static let v1SQL = """
        CREATE TABLE entry (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL COLLATE NOCASE,
            body TEXT NOT NULL,
            moreDetails TEXT NOT NULL,
            tags TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL
        );
        -- Keyed by (tag, entryId): the tag filter seeks on it. New entries have the largest ids, so
        -- their rows go at the end of each tag's range, and the entryId index only grows at its end.
        CREATE TABLE entryTag (
            tag TEXT NOT NULL,
            entryId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
            PRIMARY KEY (tag, entryId)
        ) WITHOUT ROWID;
        CREATE INDEX entryTag_on_entryId ON entryTag(entryId);
        -- One index per sort order, each ending with id so that every order is total. SQLite walks an
        -- index in both directions, so entry_on_createdAt serves both "newest" and "oldest". Titles
        -- sort case-insensitively (the column's NOCASE collation applies to the index and every
        -- comparison, so that keyset comparisons can seek on the index).
        CREATE INDEX entry_on_createdAt ON entry(createdAt, id);
        CREATE INDEX entry_on_title ON entry(title, id);
        CREATE INDEX entry_on_updatedAt ON entry(updatedAt, id);

        -- detail=column: the index records in which columns a word appears, not where; it is about a
        -- third smaller and faster to build and to search. Every search word is its own one-token
        -- phrase (see FullTextQuery), which is all that detail=column supports.
        CREATE VIRTUAL TABLE entryFTS USING fts5(
            title, body, moreDetails, tags,
            content = 'entry', content_rowid = 'id', detail = column,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        -- Terms of a transaction are gathered in memory up to this size before being written as a
        -- segment: a bulk insert writes a few large segments instead of many small ones to merge.
        INSERT INTO entryFTS(entryFTS, rank) VALUES ('hashsize', 33554432);
        CREATE TRIGGER entry_ai_fts AFTER INSERT ON entry BEGIN
            INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
            VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);
        END;
        CREATE TRIGGER entry_ad_fts AFTER DELETE ON entry BEGIN
            INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)
            VALUES ('delete', old.id, old.title, old.body, old.moreDetails, old.tags);
        END;
        CREATE TRIGGER entry_au_fts AFTER UPDATE ON entry BEGIN
            INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)
            VALUES ('delete', old.id, old.title, old.body, old.moreDetails, old.tags);
            INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
            VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);
        END;

        CREATE TABLE settings (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """

    /// The tables, indexes and triggers a database of this schema has (for checks and tests).
    static let expectedObjects: [(type: String, name: String)] = [
        ("table", "entry"), ("table", "entryTag"), ("table", "entryFTS"), ("table", "settings"),
        ("index", "entry_on_createdAt"), ("index", "entry_on_title"), ("index", "entry_on_updatedAt"),
        ("index", "entryTag_on_entryId"),
        ("trigger", "entry_ai_fts"), ("trigger", "entry_ad_fts"), ("trigger", "entry_au_fts"),
    ]
}
