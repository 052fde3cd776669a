import EntryModel
import NIOCore
import PostgresNIO

/// Links and backlinks, from `"entryLink"` (`PostgreSQLSchema+Links.swift`).
extension PostgreSQLEntryRepository {
    /// Two seeks in `"entryLink"` (by id, and by the title's key when the entry is the first of its
    /// title), then the sources by id, newest first.
    public func backlinks(to id: Int64) throws -> [EntrySummary] {
        // Every backlink is the page after none, as long as there can be.
        try backlinks(to: id, after: nil, limit: Int.max)
    }

    /// The page of ``backlinks(to:)`` after `after` (newest first, by creation time then id), cut by
    /// the server: only the page's summaries travel. The sources are the same two seeks; their
    /// creation times come from the entry rows, sorted on the server.
    public func backlinks(to id: Int64, after: EntrySummary?, limit: Int) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        let createdAt = after.map { StoredDate.milliseconds($0.createdAt) } ?? Int64.max
        let afterID = after?.id ?? Int64.max
        let query: PostgresQuery = """
            WITH target AS (SELECT id, "titleKey" FROM entry WHERE id = \(id)),
            first AS (
                SELECT target."titleKey" AS key FROM target
                WHERE NOT EXISTS (SELECT 1 FROM entry WHERE entry."titleKey" = target."titleKey" AND entry.id < target.id)
            ),
            sources AS (
                SELECT "sourceId" FROM "entryLink", target WHERE "entryLink"."targetId" = target.id
                UNION
                SELECT "sourceId" FROM "entryLink", first WHERE "entryLink"."targetKey" = first.key
            )
            SELECT \(unescaped: EntryRows.summaryColumns) FROM entry JOIN sources ON entry.id = sources."sourceId"
            WHERE entry.id <> \(id) AND ("createdAt", id) < (\(createdAt), \(afterID))
            ORDER BY "createdAt" DESC, id DESC
            LIMIT \(Int64(limit))
            """
        return try session.run { connection in try session.rows(connection, query).map(EntryRows.summary) }
    }

    /// The ids in one statement, and each title by a seek on `entry_title` (its lowest id).
    public func linkedEntries(_ targets: [EntryLinkTarget]) throws -> [EntryLinkTarget: EntrySummary] {
        let unique = Array(Set(targets))
        guard !unique.isEmpty else { return [:] }
        var ids: [Int64] = []
        var titles: [EntryLinkTarget] = []
        for target in unique {
            if case .id(let id) = target { ids.append(id) } else { titles.append(target) }
        }
        return try session.run { connection in
            var found: [EntryLinkTarget: EntrySummary] = [:]
            if !ids.isEmpty {
                for summary in try session.rows(
                    connection,
                    """
                    SELECT \(unescaped: EntryRows.summaryColumns) FROM entry WHERE id = ANY(\(ids))
                    """
                ).map(EntryRows.summary) {
                    found[.id(summary.id)] = summary
                }
            }
            for target in titles {
                guard let key = target.titleKey else { continue }
                let row = try session.rows(
                    connection,
                    """
                    SELECT \(unescaped: EntryRows.summaryColumns) FROM entry WHERE "titleKey" = \(ByteBuffer(bytes: key))
                    ORDER BY "titleKey", id LIMIT 1
                    """
                ).first
                if let row { found[target] = try EntryRows.summary(row) }
            }
            return found
        }
    }

    /// Writes the link rows of the entry `sourceId` (after removing its old ones when `replacing`).
    static func writeLinks(
        _ targets: EntryLinkTargets, sourceId: Int64, replacing: Bool, session: PostgreSQLSession,
        connection: PostgresConnection
    ) throws {
        if replacing {
            _ = try session.rows(connection, #"DELETE FROM "entryLink" WHERE "sourceId" = \#(sourceId)"#)
        }
        if !targets.ids.isEmpty {
            _ = try session.rows(
                connection,
                """
                INSERT INTO "entryLink" ("sourceId", "targetId") SELECT \(sourceId), target FROM unnest(\(targets.ids)::bigint[]) AS target
                ON CONFLICT DO NOTHING
                """)
        }
        if !targets.titleKeys.isEmpty {
            let keys = targets.titleKeys.map { ByteBuffer(bytes: $0) }
            _ = try session.rows(
                connection,
                """
                INSERT INTO "entryLink" ("sourceId", "targetKey") SELECT \(sourceId), key FROM unnest(\(keys)::bytea[]) AS key
                ON CONFLICT DO NOTHING
                """)
        }
    }

    /// Writes the link rows of many entries that have none yet: two statements in all (rows by id,
    /// rows by title key), not two per entry, since each statement is a round trip to the server.
    static func writeLinks(
        of entries: [(sourceId: Int64, targets: EntryLinkTargets)], session: PostgreSQLSession,
        connection: PostgresConnection
    ) throws {
        var idSources: [Int64] = []
        var ids: [Int64] = []
        var keySources: [Int64] = []
        var keys: [ByteBuffer] = []
        for (sourceId, targets) in entries {
            for id in targets.ids {
                idSources.append(sourceId)
                ids.append(id)
            }
            for key in targets.titleKeys {
                keySources.append(sourceId)
                keys.append(ByteBuffer(bytes: key))
            }
        }
        if !ids.isEmpty {
            _ = try session.rows(
                connection,
                """
                INSERT INTO "entryLink" ("sourceId", "targetId") SELECT * FROM unnest(\(idSources)::bigint[], \(ids)::bigint[])
                ON CONFLICT DO NOTHING
                """)
        }
        if !keys.isEmpty {
            _ = try session.rows(
                connection,
                """
                INSERT INTO "entryLink" ("sourceId", "targetKey") SELECT * FROM unnest(\(keySources)::bigint[], \(keys)::bytea[])
                ON CONFLICT DO NOTHING
                """)
        }
    }

    /// The largest id given so far (0 for none): a bulk insert makes the links of the entries after it.
    static func lastID(session: PostgreSQLSession, connection: PostgresConnection) throws -> Int64 {
        try session.rows(connection, "SELECT coalesce(max(id), 0)::bigint FROM entry").first.map {
            try $0.decode(Int64.self)
        } ?? 0
    }

    /// Makes the link rows of the entries after `lastID` whose text holds `[[` (the server finds them,
    /// so an import without links reads nothing back), a thousand at a time: what a bulk insert does
    /// after its `COPY`, in its transaction, since `COPY` gives no ids back.
    static func writeLinksOfEntries(
        after lastID: Int64, session: PostgreSQLSession, connection: PostgresConnection
    ) throws {
        var last = lastID
        while true {
            let rows = try session.rows(
                connection,
                """
                SELECT id, body, "moreDetails" FROM entry
                WHERE id > \(last) AND (position('\\x5b5b'::bytea IN body) > 0 OR position('\\x5b5b'::bytea IN "moreDetails") > 0)
                ORDER BY id LIMIT 1000
                """
            ).map { try $0.decode((Int64, ByteBuffer, ByteBuffer).self) }
            guard let final = rows.last else { return }
            let entries = rows.map { id, body, more in
                (sourceId: id, targets: EntryLinkTargets(body: String(buffer: body), moreDetails: String(buffer: more)))
            }
            try writeLinks(of: entries, session: session, connection: connection)
            last = final.0
        }
    }
}

/// Makes the link rows of the entries the migration listed in `"entryLinkStale"` (written by a
/// version without links), a thousand per transaction. Runs at every open; once none is listed, it
/// costs one probe of an empty table. Two clients doing it at once write the same rows (`ON CONFLICT
/// DO NOTHING`).
enum StaleLinks {
    static let batchSize = 1_000

    static func make(_ session: PostgreSQLSession) throws {
        while try makeBatch(session) == batchSize {}
    }

    private static func makeBatch(_ session: PostgreSQLSession) throws -> Int {
        try session.transaction { connection in
            let rows = try session.rows(
                connection,
                """
                SELECT stale.id, entry.body, entry."moreDetails" FROM "entryLinkStale" AS stale
                LEFT JOIN entry ON entry.id = stale.id ORDER BY stale.id LIMIT \(Int64(batchSize)) FOR UPDATE OF stale
                """
            ).map { try $0.decode((Int64, ByteBuffer?, ByteBuffer?).self) }
            guard !rows.isEmpty else { return 0 }
            // An entry deleted since has no rows to make (a restore makes them).
            let entries = rows.compactMap { id, body, more -> (sourceId: Int64, targets: EntryLinkTargets)? in
                guard let body, let more else { return nil }
                return (
                    sourceId: id,
                    targets: EntryLinkTargets(body: String(buffer: body), moreDetails: String(buffer: more))
                )
            }
            try PostgreSQLEntryRepository.writeLinks(of: entries, session: session, connection: connection)
            _ = try session.rows(connection, #"DELETE FROM "entryLinkStale" WHERE id = ANY(\#(rows.map { $0.0 }))"#)
            return rows.count
        }
    }
}
