/// The tables of a PostgreSQL journal, as versioned migrations: each runs once, in the transaction
/// that records its version in `entries_schema`, so a database is always at one version or the next.
///
/// Text is `bytea`: PostgreSQL's `text` cannot hold a NUL character, and an entry keeps its text byte
/// for byte. The title order is `titleKey`, the title's ``TitleSortKey`` computed by the client
/// (``StoredTitleKey``; v3, `PostgreSQLSchema+TitleKey.swift`). Search goes through `search`, a `tsvector` the client builds (``SearchVector``)
/// with the same words as SQLite's tokenizer, under a GIN index. Ids come from an identity sequence,
/// which never gives a number twice. Deleted entries wait in `"trashedEntry"` (v2,
/// `PostgreSQLSchema+Trash.swift`).
enum PostgreSQLSchema {
    /// The newest version this build knows; a database with a higher one is refused.
    static var version: Int { migrations.count }

    /// Each migration as its statements (the extended query protocol runs one statement at a time).
    static let migrations: [[String]] = [
        v1, v2Trash, v3TitleKey, v4Starred, entryCount, tagCount, links, wordCount,
    ]

    /// The `NOTIFY` channel of the change feed.
    static let channel = "entries_changes"

    static let v1: [String] = [
        """
        CREATE TABLE entry (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            title bytea NOT NULL,
            body bytea NOT NULL,
            "moreDetails" bytea NOT NULL,
            tags bytea[] NOT NULL,
            "titleKey" bytea NOT NULL,
            "titleLength" integer NOT NULL,
            "createdAt" bigint NOT NULL,
            "updatedAt" bigint NOT NULL,
            "updatedBy" text NOT NULL DEFAULT current_user,
            search tsvector NOT NULL
        )
        """,
        """
        CREATE INDEX entry_created ON entry ("createdAt", id)
        """,
        """
        CREATE INDEX entry_updated ON entry ("updatedAt", id)
        """,
        """
        CREATE INDEX entry_title ON entry ("titleKey", "titleLength", id)
        """,
        """
        CREATE INDEX entry_tags ON entry USING gin (tags)
        """,
        """
        CREATE INDEX entry_search ON entry USING gin (search)
        """,
        """
        CREATE TABLE setting (key bytea PRIMARY KEY, value bytea NOT NULL)
        """,
        """
        CREATE FUNCTION entries_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE ids text;
        BEGIN
            SELECT string_agg(id::text, ',') INTO ids FROM (SELECT id FROM changed_rows LIMIT 100) AS first;
            IF ids IS NOT NULL THEN
                PERFORM pg_notify('\(channel)', lower(TG_OP) || ' ' || ids);
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER entry_inserted AFTER INSERT ON entry REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_notify_change()
        """,
        """
        CREATE TRIGGER entry_updated AFTER UPDATE ON entry REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_notify_change()
        """,
        """
        CREATE TRIGGER entry_deleted AFTER DELETE ON entry REFERENCING OLD TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_notify_change()
        """,
    ]
}
