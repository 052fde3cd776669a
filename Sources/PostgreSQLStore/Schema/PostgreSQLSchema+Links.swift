/// Links between entries (appended migration): `"entryLink"` holds one row per distinct target of
/// an entry's `[[links]]` (``EntryLinkTargets``), as in SQLite (`EntrySchema+Links.swift`): `"targetId"`
/// for `[[#42]]`, `"targetKey"` (the title's ``TitleSortKey``) for `[[Title]]`. The client parses the
/// text and writes the rows in the transaction that writes the entry; they go with the entry by
/// `ON DELETE CASCADE`. Title links are resolved when read, on `entry_title`.
///
/// The migration is SQL, which cannot parse links: it lists the entries whose text holds `[[` in
/// `"entryLinkStale"`, and the first client to open the database makes their rows
/// (``StaleLinks``), in batches.
extension PostgreSQLSchema {
    static let links: [String] = [
        """
        CREATE TABLE "entryLink" (
            "sourceId" bigint NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
            "targetId" bigint,
            "targetKey" bytea,
            CHECK (("targetId" IS NULL) <> ("targetKey" IS NULL))
        )
        """,
        """
        CREATE INDEX entry_link_source ON "entryLink" ("sourceId")
        """,
        """
        CREATE UNIQUE INDEX entry_link_target_id ON "entryLink" ("targetId", "sourceId") WHERE "targetId" IS NOT NULL
        """,
        """
        CREATE UNIQUE INDEX entry_link_target_key ON "entryLink" ("targetKey", "sourceId") WHERE "targetKey" IS NOT NULL
        """,
        """
        CREATE TABLE "entryLinkStale" (id bigint PRIMARY KEY)
        """,
        """
        INSERT INTO "entryLinkStale" (id) SELECT id FROM entry
        WHERE position('\\x5b5b'::bytea IN body) > 0 OR position('\\x5b5b'::bytea IN "moreDetails") > 0
        """,
    ]
}
