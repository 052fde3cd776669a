import EntryModel
import GRDB

/// Links and backlinks, from `entryLink` (`EntrySchema+Links.swift`).
extension SQLiteEntryRepository {
    /// Two seeks on `entryLink_on_target` (by id, and by the title's key when the entry is the first of
    /// its title, found on `entry_on_title`), then the sources' rows by id, newest first.
    public func backlinks(to id: Int64) throws -> [EntrySummary] {
        let columns = try read { db in
            try db.tableExists("entryLink") ? Set(try db.columns(in: "entryLink").map(\.name)) : []
        }
        // A journal an older version wrote, opened read-only: no table of links yet, or v9's columns.
        guard !columns.isEmpty else { return try backlinksByReadingEveryEntry(to: id) }
        return try read { db in
            let statement = try summaryStatement(db, sql: Self.backlinksSQL(targetColumn: columns.contains("target")))
            try statement.bind(id, at: 1)
            return try EntryColumns.all(statement) { EntryColumns.summary(from: $0) }
        }
    }

    /// The page of ``backlinks(to:)`` after `after`: v13's `entryLink_on_target` holds each source's
    /// creation time after the target, so the page is two ranges of the index read backwards (by id,
    /// by title key), at most `limit` entries each, merged; only then the page's summaries. A journal
    /// opened read-only before v13 sorts its sources' creation times from the entry rows instead.
    public func backlinks(to id: Int64, after: EntrySummary?, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        let columns = try read { db in
            try db.tableExists("entryLink") ? Set(try db.columns(in: "entryLink").map(\.name)) : []
        }
        guard columns.contains("target") else {
            return BacklinkPage.of(try backlinks(to: id), after: after, limit: limit)
        }
        let sql = columns.contains("sourceCreatedAt") ? Self.backlinkPageSQL : Self.backlinkPageByEntryRowsSQL
        return try read { db in
            let statement = try summaryStatement(db, sql: sql)
            try statement.bind(id, at: 1)
            if let after {
                try statement.bind(StoredDate.milliseconds(after.createdAt), at: 2)
                try statement.bind(after.id, at: 3)
            } else {
                try statement.bind(Int64.max, at: 2)
                try statement.bind(Int64.max, at: 3)
            }
            try statement.bind(Int64(limit), at: 4)
            return try EntryColumns.all(statement) { EntryColumns.summary(from: $0) }
        }
    }

    /// The backlinks of `?1` after the creation time `?2` and id `?3` (newest first), `?4` of them,
    /// from v13's `entryLink_on_target (target, sourceCreatedAt, sourceId)`: each of the two ranges
    /// stops after `?4` index entries. The id is sought as the bound value, not `target.id` (whose
    /// INTEGER affinity would keep SQLite off the index); `target` only says the entry exists.
    static let backlinkPageSQL = """
        WITH target AS (SELECT id, titleKey FROM entry WHERE id = ?1),
        first AS (
            SELECT target.titleKey AS key FROM target
            WHERE NOT EXISTS (SELECT 1 FROM entry WHERE entry.titleKey = target.titleKey AND entry.id < target.id)
        ),
        page AS MATERIALIZED (
            SELECT * FROM (\(backlinkRange(target: "?1 AND EXISTS (SELECT 1 FROM target)")))
            UNION
            SELECT * FROM (\(backlinkRange(target: "(SELECT key FROM first)")))
            ORDER BY 2 DESC, 1 DESC LIMIT ?4
        )
        SELECT \(EntryColumns.summary) FROM page JOIN entry ON entry.id = page.sourceId
        ORDER BY page.sourceCreatedAt DESC, page.sourceId DESC
        """

    /// The sources linking to `target` after `?2`, `?3`, newest first, `?4` of them: a range of the index.
    private static func backlinkRange(target: String) -> String {
        """
        SELECT sourceId, sourceCreatedAt FROM entryLink
        WHERE target = \(target) AND sourceId <> ?1 AND (sourceCreatedAt, sourceId) < (?2, ?3)
        ORDER BY sourceCreatedAt DESC, sourceId DESC LIMIT ?4
        """
    }

    /// ``backlinkPageSQL`` before v13 (a journal opened read-only before its migration): the sources'
    /// ids from `entryLink_on_target`, their creation times by primary key, sorted and cut at `?4`.
    static let backlinkPageByEntryRowsSQL = """
        WITH target AS (SELECT id, titleKey FROM entry WHERE id = ?1),
        first AS (
            SELECT target.titleKey AS key FROM target
            WHERE NOT EXISTS (SELECT 1 FROM entry WHERE entry.titleKey = target.titleKey AND entry.id < target.id)
        ),
        sources AS (
            SELECT sourceId FROM entryLink, target WHERE entryLink.target = +target.id
            UNION
            SELECT sourceId FROM entryLink, first WHERE entryLink.target = +first.key
        ),
        page AS MATERIALIZED (
            SELECT entry.id, entry.createdAt FROM entry JOIN sources ON entry.id = sources.sourceId
            WHERE entry.id <> ?1 AND (entry.createdAt < ?2 OR (entry.createdAt = ?2 AND entry.id < ?3))
            ORDER BY entry.createdAt DESC, entry.id DESC LIMIT ?4
        )
        SELECT \(EntryColumns.summary) FROM page JOIN entry ON entry.id = page.id
        ORDER BY page.createdAt DESC, page.id DESC
        """

    /// The backlinks of the entry `?1`, newest first. `targetColumn`: `entryLink` has v10's `target`
    /// column (else v9's `targetId` and `targetKey`, a journal opened read-only before its migration).
    ///
    /// The `+` before the values sought strips their affinity: `target` has none (BLOB affinity, for
    /// ids and title keys alike), and compared with `entry.id`'s INTEGER affinity SQLite would apply
    /// numeric affinity and could not use `entryLink_on_target`: it scanned the whole index.
    static func backlinksSQL(targetColumn: Bool) -> String {
        let (byID, byKey) =
            targetColumn
            ? ("entryLink.target = +target.id", "entryLink.target = +first.key")
            : ("entryLink.targetId = target.id", "entryLink.targetKey = first.key")
        return """
            WITH target AS (SELECT id, titleKey FROM entry WHERE id = ?1),
            first AS (
                SELECT target.titleKey AS key FROM target
                WHERE NOT EXISTS (SELECT 1 FROM entry WHERE entry.titleKey = target.titleKey AND entry.id < target.id)
            ),
            sources AS (
                SELECT sourceId FROM entryLink, target WHERE \(byID)
                UNION
                SELECT sourceId FROM entryLink, first WHERE \(byKey)
            )
            SELECT \(EntryColumns.summary) FROM entry JOIN sources ON entry.id = sources.sourceId
            WHERE entry.id <> ?1
            ORDER BY entry.createdAt DESC, entry.id DESC
            """
    }

    /// Each id by its primary key; each title by a seek on `entry_on_title` (its lowest id).
    public func linkedEntries(_ targets: [EntryLinkTarget]) throws -> [EntryLinkTarget: EntrySummary] {
        guard !targets.isEmpty else { return [:] }
        return try read { db in
            let byID = try summaryStatement(db, sql: "SELECT \(EntryColumns.summary) FROM entry WHERE id = ?")
            let byTitle = try summaryStatement(
                db,
                sql: """
                    SELECT \(EntryColumns.summary) FROM entry WHERE titleKey = ? ORDER BY titleKey, id LIMIT 1
                    """)
            var found: [EntryLinkTarget: EntrySummary] = [:]
            for target in Set(targets) {
                let statement: RawStatement
                switch target {
                case .id(let id):
                    statement = byID
                    try statement.bind(id, at: 1)
                case .title(let title):
                    statement = byTitle
                    try statement.bind(TitleSortKey.key(title), at: 1)
                }
                if let summary = try EntryColumns.all(statement, { EntryColumns.summary(from: $0) }).first {
                    found[target] = summary
                }
            }
            return found
        }
    }
}
