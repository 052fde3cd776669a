// Written by `make schema` from the migrations (RecordedSchema.source(of:sqlite:)): do not edit.
// EntryDatabaseRecordedSchemaTests checks it against the migrations.

/// See ``RecordedSchema``.
enum RecordedSchemaData {
    /// `sqlite3_sourceid()` of the library the migrations ran on.
    static let sqlite = "2022-12-28 14:03:47 df5c253c0b3dd24916e4ec7cf77d3db5294cc9fd45ae7b9c5e82ad8197f3alt1"
    static let migrationIdentifiers: [String] = ["v1-entries-tags-fts-settings", "v2-entry-count", "v3-entry-id-sequence", "v4-entry-quarter-hour-counts", "v5-trash", "v6Starred", "v7-title-key", "v8-tag-key", "v9-links", "v10-links-by-source", "v11-word-count", "v12-full-text-levels"]
    /// Every object of every step: type, name, table, definition.
    static let objects: [(String, String, String, String?)] = [
        ("table", "grdb_migrations", "grdb_migrations", "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"),
        ("index", "sqlite_autoindex_grdb_migrations_1", "grdb_migrations", nil),
        ("table", "entry", "entry", "CREATE TABLE entry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL COLLATE NOCASE,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL\n)"),
        ("table", "entryTag", "entryTag", "CREATE TABLE entryTag (\n    tag TEXT NOT NULL,\n    entryId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,\n    PRIMARY KEY (tag, entryId)\n) WITHOUT ROWID"),
        ("index", "entryTag_on_entryId", "entryTag", "CREATE INDEX entryTag_on_entryId ON entryTag(entryId)"),
        ("index", "entry_on_createdAt", "entry", "CREATE INDEX entry_on_createdAt ON entry(createdAt, id)"),
        ("index", "entry_on_title", "entry", "CREATE INDEX entry_on_title ON entry(title, id)"),
        ("index", "entry_on_updatedAt", "entry", "CREATE INDEX entry_on_updatedAt ON entry(updatedAt, id)"),
        ("table", "entryFTS", "entryFTS", "CREATE VIRTUAL TABLE entryFTS USING fts5(\n    title, body, moreDetails, tags,\n    content = \'entry\', content_rowid = \'id\', detail = column,\n    tokenize = \'unicode61 remove_diacritics 2\'\n)"),
        ("table", "entryFTS_data", "entryFTS_data", "CREATE TABLE \'entryFTS_data\'(id INTEGER PRIMARY KEY, block BLOB)"),
        ("table", "entryFTS_idx", "entryFTS_idx", "CREATE TABLE \'entryFTS_idx\'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID"),
        ("table", "entryFTS_docsize", "entryFTS_docsize", "CREATE TABLE \'entryFTS_docsize\'(id INTEGER PRIMARY KEY, sz BLOB)"),
        ("table", "entryFTS_config", "entryFTS_config", "CREATE TABLE \'entryFTS_config\'(k PRIMARY KEY, v) WITHOUT ROWID"),
        ("trigger", "entry_ai_fts", "entry", "CREATE TRIGGER entry_ai_fts AFTER INSERT ON entry BEGIN\n    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)\n    VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);\nEND"),
        ("trigger", "entry_ad_fts", "entry", "CREATE TRIGGER entry_ad_fts AFTER DELETE ON entry BEGIN\n    INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)\n    VALUES (\'delete\', old.id, old.title, old.body, old.moreDetails, old.tags);\nEND"),
        ("trigger", "entry_au_fts", "entry", "CREATE TRIGGER entry_au_fts AFTER UPDATE ON entry BEGIN\n    INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)\n    VALUES (\'delete\', old.id, old.title, old.body, old.moreDetails, old.tags);\n    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)\n    VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);\nEND"),
        ("table", "settings", "settings", "CREATE TABLE settings (\n    key TEXT PRIMARY KEY NOT NULL,\n    value TEXT NOT NULL\n)"),
        ("index", "sqlite_autoindex_settings_1", "settings", nil),
        ("table", "entryCount", "entryCount", "CREATE TABLE entryCount (\n    id INTEGER PRIMARY KEY CHECK (id = 1),\n    count INTEGER NOT NULL\n)"),
        ("trigger", "entry_ai_count", "entry", "CREATE TRIGGER entry_ai_count AFTER INSERT ON entry BEGIN\n    UPDATE entryCount SET count = count + 1 WHERE id = 1;\nEND"),
        ("trigger", "entry_ad_count", "entry", "CREATE TRIGGER entry_ad_count AFTER DELETE ON entry BEGIN\n    UPDATE entryCount SET count = count - 1 WHERE id = 1;\nEND"),
        ("table", "entrySequence", "entrySequence", "CREATE TABLE entrySequence (\n    id INTEGER PRIMARY KEY CHECK (id = 1),\n    lastID INTEGER NOT NULL\n)"),
        ("trigger", "entry_ai_sequence", "entry", "CREATE TRIGGER entry_ai_sequence AFTER INSERT ON entry\nWHEN new.id > (SELECT lastID FROM entrySequence WHERE id = 1) BEGIN\n    UPDATE entrySequence SET lastID = new.id WHERE id = 1;\nEND"),
        ("table", "entryQuarterHour", "entryQuarterHour", "CREATE TABLE entryQuarterHour (\n    quarterHour INTEGER PRIMARY KEY,\n    count INTEGER NOT NULL\n) WITHOUT ROWID"),
        ("trigger", "entry_ai_quarter_hour", "entry", "CREATE TRIGGER entry_ai_quarter_hour AFTER INSERT ON entry BEGIN\n    INSERT INTO entryQuarterHour (quarterHour, count) VALUES ((CASE WHEN new.createdAt >= 0 THEN new.createdAt / 900000 ELSE (new.createdAt + 1) / 900000 - 1 END), 1)\n    ON CONFLICT (quarterHour) DO UPDATE SET count = count + 1;\nEND"),
        ("trigger", "entry_ad_quarter_hour", "entry", "CREATE TRIGGER entry_ad_quarter_hour AFTER DELETE ON entry BEGIN\n    UPDATE entryQuarterHour SET count = count - 1 WHERE quarterHour = (CASE WHEN old.createdAt >= 0 THEN old.createdAt / 900000 ELSE (old.createdAt + 1) / 900000 - 1 END);\n    DELETE FROM entryQuarterHour WHERE quarterHour = (CASE WHEN old.createdAt >= 0 THEN old.createdAt / 900000 ELSE (old.createdAt + 1) / 900000 - 1 END) AND count <= 0;\nEND"),
        ("table", "entryDay", "entryDay", "CREATE TABLE entryDay (\n    day INTEGER PRIMARY KEY,\n    firstQuarterHour INTEGER NOT NULL,\n    lastQuarterHour INTEGER NOT NULL\n) WITHOUT ROWID"),
        ("trigger", "quarter_hour_ai_day", "entryQuarterHour", "CREATE TRIGGER quarter_hour_ai_day AFTER INSERT ON entryQuarterHour BEGIN\n    INSERT INTO entryDay (day, firstQuarterHour, lastQuarterHour)\n    VALUES ((CASE WHEN new.quarterHour >= 0 THEN new.quarterHour / 96 ELSE (new.quarterHour + 1) / 96 - 1 END), new.quarterHour, new.quarterHour)\n    ON CONFLICT (day) DO UPDATE SET\n        firstQuarterHour = min(firstQuarterHour, excluded.firstQuarterHour),\n        lastQuarterHour = max(lastQuarterHour, excluded.lastQuarterHour);\nEND"),
        ("trigger", "quarter_hour_ad_day", "entryQuarterHour", "CREATE TRIGGER quarter_hour_ad_day AFTER DELETE ON entryQuarterHour BEGIN\n    DELETE FROM entryDay WHERE day = (CASE WHEN old.quarterHour >= 0 THEN old.quarterHour / 96 ELSE (old.quarterHour + 1) / 96 - 1 END) AND NOT EXISTS (\n        SELECT 1 FROM entryQuarterHour\n        WHERE quarterHour >= (CASE WHEN old.quarterHour >= 0 THEN old.quarterHour / 96 ELSE (old.quarterHour + 1) / 96 - 1 END) * 96\n          AND quarterHour < (CASE WHEN old.quarterHour >= 0 THEN old.quarterHour / 96 ELSE (old.quarterHour + 1) / 96 - 1 END) * 96 + 96);\n    UPDATE entryDay SET\n        firstQuarterHour = (SELECT min(quarterHour) FROM entryQuarterHour\n            WHERE quarterHour >= day * 96 AND quarterHour < day * 96 + 96),\n        lastQuarterHour = (SELECT max(quarterHour) FROM entryQuarterHour\n            WHERE quarterHour >= day * 96 AND quarterHour < day * 96 + 96)\n    WHERE day = (CASE WHEN old.quarterHour >= 0 THEN old.quarterHour / 96 ELSE (old.quarterHour + 1) / 96 - 1 END);\nEND"),
        ("table", "entryTagCount", "entryTagCount", "CREATE TABLE entryTagCount (\n    tag TEXT PRIMARY KEY NOT NULL,\n    count INTEGER NOT NULL\n) WITHOUT ROWID"),
        ("trigger", "entryTag_ai_count", "entryTag", "CREATE TRIGGER entryTag_ai_count AFTER INSERT ON entryTag BEGIN\n    INSERT INTO entryTagCount (tag, count) VALUES (new.tag, 1)\n    ON CONFLICT (tag) DO UPDATE SET count = count + 1;\nEND"),
        ("trigger", "entryTag_ad_count", "entryTag", "CREATE TRIGGER entryTag_ad_count AFTER DELETE ON entryTag BEGIN\n    UPDATE entryTagCount SET count = count - 1 WHERE tag = old.tag;\n    DELETE FROM entryTagCount WHERE tag = old.tag AND count <= 0;\nEND"),
        ("trigger", "entry_au_quarter_hour", "entry", "CREATE TRIGGER entry_au_quarter_hour AFTER UPDATE OF createdAt ON entry\nWHEN (CASE WHEN old.createdAt >= 0 THEN old.createdAt / 900000 ELSE (old.createdAt + 1) / 900000 - 1 END) != (CASE WHEN new.createdAt >= 0 THEN new.createdAt / 900000 ELSE (new.createdAt + 1) / 900000 - 1 END) BEGIN\n    UPDATE entryQuarterHour SET count = count - 1 WHERE quarterHour = (CASE WHEN old.createdAt >= 0 THEN old.createdAt / 900000 ELSE (old.createdAt + 1) / 900000 - 1 END);\n    DELETE FROM entryQuarterHour WHERE quarterHour = (CASE WHEN old.createdAt >= 0 THEN old.createdAt / 900000 ELSE (old.createdAt + 1) / 900000 - 1 END) AND count <= 0;\n    INSERT INTO entryQuarterHour (quarterHour, count) VALUES ((CASE WHEN new.createdAt >= 0 THEN new.createdAt / 900000 ELSE (new.createdAt + 1) / 900000 - 1 END), 1)\n    ON CONFLICT (quarterHour) DO UPDATE SET count = count + 1;\nEND"),
        ("table", "trashedEntry", "trashedEntry", "CREATE TABLE trashedEntry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL,\n    deletedAt INTEGER NOT NULL\n)"),
        ("index", "trashedEntry_on_deletedAt", "trashedEntry", "CREATE INDEX trashedEntry_on_deletedAt ON trashedEntry(deletedAt, id)"),
        ("table", "entry", "entry", "CREATE TABLE entry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL COLLATE NOCASE,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL\n, starred INTEGER NOT NULL DEFAULT 0)"),
        ("table", "trashedEntry", "trashedEntry", "CREATE TABLE trashedEntry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL,\n    deletedAt INTEGER NOT NULL\n, starred INTEGER NOT NULL DEFAULT 0)"),
        ("index", "entry_starred_on_createdAt", "entry", "CREATE INDEX entry_starred_on_createdAt ON entry(createdAt, id) WHERE starred = 1"),
        ("index", "entry_starred_on_title", "entry", "CREATE INDEX entry_starred_on_title ON entry(title, id) WHERE starred = 1"),
        ("index", "entry_starred_on_updatedAt", "entry", "CREATE INDEX entry_starred_on_updatedAt ON entry(updatedAt, id) WHERE starred = 1"),
        ("table", "entry", "entry", "CREATE TABLE entry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL COLLATE NOCASE,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL\n, starred INTEGER NOT NULL DEFAULT 0, titleKey BLOB NOT NULL DEFAULT x\'\')"),
        ("trigger", "entry_au_fts", "entry", "CREATE TRIGGER entry_au_fts AFTER UPDATE OF title, body, moreDetails, tags ON entry BEGIN\n    INSERT INTO entryFTS(entryFTS, rowid, title, body, moreDetails, tags)\n    VALUES (\'delete\', old.id, old.title, old.body, old.moreDetails, old.tags);\n    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)\n    VALUES (new.id, new.title, new.body, new.moreDetails, new.tags);\nEND"),
        ("index", "entry_on_title", "entry", "CREATE INDEX entry_on_title ON entry(titleKey, id)"),
        ("index", "entry_starred_on_title", "entry", "CREATE INDEX entry_starred_on_title ON entry(titleKey, id) WHERE starred = 1"),
        ("table", "entryLink", "entryLink", "CREATE TABLE entryLink (\n    sourceId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,\n    targetId INTEGER,\n    targetKey BLOB,\n    CHECK ((targetId IS NULL) <> (targetKey IS NULL))\n)"),
        ("index", "entryLink_on_sourceId", "entryLink", "CREATE INDEX entryLink_on_sourceId ON entryLink(sourceId)"),
        ("index", "entryLink_on_targetId", "entryLink", "CREATE INDEX entryLink_on_targetId ON entryLink(targetId, sourceId) WHERE targetId IS NOT NULL"),
        ("index", "entryLink_on_targetKey", "entryLink", "CREATE INDEX entryLink_on_targetKey ON entryLink(targetKey, sourceId) WHERE targetKey IS NOT NULL"),
        ("table", "entryLink", "entryLink", "CREATE TABLE entryLink (\n    sourceId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,\n    target NOT NULL,\n    PRIMARY KEY (sourceId, target)\n) WITHOUT ROWID"),
        ("index", "entryLink_on_target", "entryLink", "CREATE INDEX entryLink_on_target ON entryLink(target)"),
        ("table", "entry", "entry", "CREATE TABLE entry (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL COLLATE NOCASE,\n    body TEXT NOT NULL,\n    moreDetails TEXT NOT NULL,\n    tags TEXT NOT NULL,\n    createdAt INTEGER NOT NULL,\n    updatedAt INTEGER NOT NULL\n, starred INTEGER NOT NULL DEFAULT 0, titleKey BLOB NOT NULL DEFAULT x\'\', words INTEGER NOT NULL DEFAULT 0)"),
    ]
    /// The objects after the first n migrations, as positions in `objects`.
    static let afterMigrations: [[Int]] = [
        [0, 1],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34],
        [0, 1, 35, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 38, 39],
        [0, 1, 40, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43],
        [0, 1, 40, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43],
        [0, 1, 40, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43, 44, 45, 46, 47],
        [0, 1, 40, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43, 48, 49],
        [0, 1, 50, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43, 48, 49],
        [0, 1, 50, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 36, 34, 37, 39, 41, 42, 43, 48, 49],
    ]
}
