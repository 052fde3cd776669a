/// The kept count (appended migration): `count` of the whole journal without reading the table.
///
/// `"entryCount"` holds signed deltas whose sum is the number of entries. The statement triggers of
/// `entry` add one row per insert or delete statement (a `COPY` of a million rows adds one row), in
/// the writer's own transaction, so the sum is right in every snapshot: a rolled-back import never
/// counted. Writers never wait for each other on it (each adds its own row; there is no shared row
/// to lock), and every 64th row folds the rows nobody else holds into one (`SKIP LOCKED`), so the
/// sum reads a handful of rows. Two folds at once take disjoint rows: each deletes what it sums.
///
/// The bulk insert's fast path disables the insert triggers for its `COPY` and adds its delta itself
/// (``PostgreSQLEntryRepository`` `+BulkInsert`).
extension PostgreSQLSchema {
    static let entryCount: [String] = [
        """
        CREATE TABLE "entryCount" (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, delta bigint NOT NULL)
        """,
        """
        CREATE FUNCTION entries_fold_count() RETURNS void LANGUAGE sql AS $$
            WITH folded AS (
                DELETE FROM "entryCount" WHERE id IN (SELECT id FROM "entryCount" FOR UPDATE SKIP LOCKED)
                RETURNING delta
            )
            INSERT INTO "entryCount" (delta) SELECT sum(delta) FROM folded HAVING count(*) > 0
        $$
        """,
        """
        CREATE FUNCTION entries_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            changed bigint;
            added bigint;
        BEGIN
            SELECT count(*) INTO changed FROM changed_rows;
            IF changed > 0 THEN
                INSERT INTO "entryCount" (delta) VALUES (CASE TG_OP WHEN 'DELETE' THEN -changed ELSE changed END)
                    RETURNING id INTO added;
                IF added % 64 = 0 THEN PERFORM entries_fold_count(); END IF;
            END IF;
            RETURN NULL;
        END $$
        """,
        // The triggers first: creating one locks out writers until this migration commits, so the
        // count below misses no row and counts none twice.
        """
        CREATE TRIGGER entry_counted_insert AFTER INSERT ON entry REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_count_change()
        """,
        """
        CREATE TRIGGER entry_counted_delete AFTER DELETE ON entry REFERENCING OLD TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_count_change()
        """,
        """
        INSERT INTO "entryCount" (delta) SELECT count(*) FROM entry
        """,
    ]

    /// The number of entries, from the kept count.
    static let keptCount = #"SELECT coalesce(sum(delta), 0)::bigint FROM "entryCount""#
}
