/// The kept tag counts (appended migration): how many entries carry each tag, without reading the
/// table — for the tag list and the Calendar's top tags, and for choosing how to read a page of a tag
/// (``TagFilterPlan``).
///
/// As the kept count (`PostgreSQLSchema+EntryCount.swift`), `"entryTagCount"` holds signed deltas
/// whose sum per tag is its count, written by statement triggers in the writer's own transaction, so
/// the sums are right in every snapshot. Each statement that changes tags folds the rows of the tags
/// it touched (those no other transaction holds, `SKIP LOCKED`) with its own delta into one row per
/// tag: a tag has about one row, and writers never wait for each other on a tag.
///
/// The bulk insert's fast path disables the insert trigger for its `COPY` and adds the deltas itself
/// (``IndexRebuild``).
extension PostgreSQLSchema {
    static let tagCount: [String] = [
        """
        CREATE TABLE "entryTagCount" (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            tag bytea NOT NULL,
            delta bigint NOT NULL
        )
        """,
        """
        CREATE INDEX entry_tag_count_tag ON "entryTagCount" (tag)
        """,
        // (tag, delta) pairs, a tag possibly more than once; an update that kept an entry's tags
        // sums to nothing, and touches no row.
        """
        CREATE FUNCTION entries_add_tag_counts(changes_tags bytea[], changes_deltas bigint[]) RETURNS void LANGUAGE sql AS $$
            WITH changes AS (
                SELECT tag, sum(delta) AS delta FROM unnest(changes_tags, changes_deltas) AS c(tag, delta)
                GROUP BY tag HAVING sum(delta) <> 0
            ), folded AS (
                DELETE FROM "entryTagCount" WHERE id IN (
                    SELECT id FROM "entryTagCount" WHERE tag IN (SELECT tag FROM changes) FOR UPDATE SKIP LOCKED
                ) RETURNING tag, delta
            )
            INSERT INTO "entryTagCount" (tag, delta)
            SELECT tag, sum(delta) FROM (SELECT tag, delta FROM changes UNION ALL SELECT tag, delta FROM folded) AS every
            GROUP BY tag HAVING sum(delta) <> 0
        $$
        """,
        """
        CREATE FUNCTION entries_count_tags() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            changed_tags bytea[];
            changed_deltas bigint[];
        BEGIN
            IF TG_OP = 'INSERT' THEN
                SELECT array_agg(tag), array_agg(1::bigint) INTO changed_tags, changed_deltas
                FROM new_rows, unnest(new_rows.tags) AS tag;
            ELSIF TG_OP = 'DELETE' THEN
                SELECT array_agg(tag), array_agg(-1::bigint) INTO changed_tags, changed_deltas
                FROM old_rows, unnest(old_rows.tags) AS tag;
            ELSE
                SELECT array_agg(tag), array_agg(delta) INTO changed_tags, changed_deltas FROM (
                    SELECT tag, 1::bigint AS delta FROM new_rows, unnest(new_rows.tags) AS tag
                    UNION ALL
                    SELECT tag, -1::bigint FROM old_rows, unnest(old_rows.tags) AS tag
                ) AS both_sides;
            END IF;
            IF changed_tags IS NOT NULL THEN
                PERFORM entries_add_tag_counts(changed_tags, changed_deltas);
            END IF;
            RETURN NULL;
        END $$
        """,
        // The triggers first: creating one locks out writers until this migration commits, so the
        // counts below miss no row and count none twice.
        """
        CREATE TRIGGER entry_tags_counted_insert AFTER INSERT ON entry REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_count_tags()
        """,
        """
        CREATE TRIGGER entry_tags_counted_delete AFTER DELETE ON entry REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_count_tags()
        """,
        """
        CREATE TRIGGER entry_tags_counted_update AFTER UPDATE ON entry
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION entries_count_tags()
        """,
        """
        INSERT INTO "entryTagCount" (tag, delta) SELECT tag, count(*) FROM entry, unnest(tags) AS tag GROUP BY tag
        """,
        // Rows written to the GIN index of tags go to its pending list first, which every lookup reads
        // whole until a vacuum empties it: 2 ms added to a rare tag's page after an import. A tag is a
        // few keys per row, cheap to put in place at once. (The bulk insert rebuilds the index with
        // its definition, this setting included.)
        """
        ALTER INDEX entry_tags SET (fastupdate = off)
        """,
        """
        SELECT gin_clean_pending_list('entry_tags'::regclass)
        """,
    ]

    /// Each tag with its count, from the kept counts.
    static let keptTagCounts =
        #"SELECT tag, sum(delta)::bigint FROM "entryTagCount" GROUP BY tag HAVING sum(delta) > 0"#
}
