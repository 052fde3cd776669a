import EntryModel
import Foundation
import NIOCore
import PostgresNIO

/// The bulk insert: one transaction, the rows streamed in binary `COPY`, and for an import at least
/// as large as the journal (``rebuildMinimum`` rows or more) the secondary indexes built once after
/// the rows instead of row by row.
///
/// Maintaining the GIN index of the search vector row by row was most of an import's time (50,000
/// rows: 12.9 s with the indexes, 3.4 s without); building an index over rows already there sorts
/// them once. DDL is transactional in PostgreSQL, so dropping and re-creating the indexes inside the
/// import's transaction keeps it all or nothing: a failed or killed import rolls the indexes back with
/// the rows. The price is the table's `ACCESS EXCLUSIVE` lock from the drop to the commit: other
/// clients' reads and writes of entries wait for the import (their statements give up after the
/// session's `lock_timeout` and show a message), which suits the imports it is for — filling a new or
/// small journal. The lock is asked for with a short wait; a busy table, or a user who does not own
/// it (only the owner may drop its indexes), takes the ordinary path instead, with the indexes kept.
///
/// On the fast path the three statement triggers that read every inserted row (the change feed's,
/// the kept count's and the kept tag counts', `REFERENCING NEW TABLE`) are dropped for the `COPY` and
/// made again after it (see ``IndexRebuild/triggerNames`` for why not disabled) — collecting a million
/// rows for them costs a fifth of the `COPY` — and what they would do is done once at the end: the
/// count's delta, the tags' deltas and the `NOTIFY` with the first ids.
///
/// The rows themselves are built on a thread of their own while the ones before are sent
/// (``PipelinedCopy``), so that the client's work hides behind the server's.
extension PostgreSQLEntryRepository {
    /// An import takes the fast path from this many rows on, when the journal holds no more.
    public static let rebuildMinimum = 10_000

    /// The bulk insert (``insert(contentsOf:progress:)``).
    func copyInsert(_ drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        let now = Date()
        let total = drafts.count
        let logger = session.logger
        var timings = PostgreSQLImportTimings()
        var committing: UInt64 = 0
        try session.transaction { connection in
            // A million rows may take longer than the time limit of one ordinary statement.
            try PostgreSQLSession.execute(connection, "SET LOCAL statement_timeout = 0", logger: logger)
            let lastID = try Self.lastID(session: session, connection: connection)
            var rebuild: IndexRebuild?
            if total >= Self.rebuildMinimum {
                let present =
                    try session.rows(connection, PostgresQuery(unsafeSQL: PostgreSQLSchema.keptCount))
                    .first.map { try $0.decode(Int.self) } ?? 0
                if total >= present {
                    let starred = drafts.reduce(0) { $0 + ($1.starred ? 1 : 0) }
                    rebuild = try IndexRebuild.begin(session, connection, keepingPartialIndexes: starred <= total / 10)
                }
            }
            // The tags counted only when the fast path switched their trigger off.
            let tally = rebuild == nil ? nil : TagTally()
            // Progress about every 1%, counted by the task that sends the rows (a chunk at most 1%).
            let reported = WrittenRows(total: total, progress: progress)
            let chunkRows = min(PipelinedCopy.chunkRows, total / 100)
            let copy = try PipelinedCopy(connection: connection, logger: logger)
                .copy(drafts[...], now: now, tally: tally, chunkRows: chunkRows, sent: { reported.add($0) })
            timings.copy = copy.total
            timings.buildingRows = copy.building
            try Self.writeLinksOfEntries(after: lastID, session: session, connection: connection)
            if let rebuild {
                progress?(.indexing)
                try rebuild.finish(inserted: total, tags: tally?.counts ?? [:], timings: &timings)
            }
            progress?(.saving)
            committing = uptimeNanoseconds()
        }
        timings.commit = secondsSince(committing)
        importTimings.keep(timings)
        return total
    }
}

/// Rows sent so far, reported to a bulk insert's progress about every 1% (the sending task counts).
private final class WrittenRows: @unchecked Sendable {
    // @unchecked: only the one task sending the `COPY` calls `add`.
    private let total: Int
    private let step: Int
    private let progress: (@Sendable (BulkInsertProgress) -> Void)?
    private var done = 0
    private var reported = 0

    init(total: Int, progress: (@Sendable (BulkInsertProgress) -> Void)?) {
        self.total = total
        step = max(1, total / 100)
        self.progress = progress
    }

    func add(_ rows: Int) {
        done += rows
        guard done < total, done - reported >= step else { return }
        reported = done
        progress?(.writing(done: done, total: total))
    }
}

/// The fast path's work around the `COPY`: what was dropped, and how it comes back.
struct IndexRebuild {
    let session: PostgreSQLSession
    let connection: PostgresConnection
    /// The dropped indexes: each name, and its `CREATE INDEX` statement as the server wrote it.
    let indexes: [(name: String, definition: String)]
    /// The statement triggers dropped for the `COPY`: each name, and its `CREATE TRIGGER` statement.
    let triggers: [(name: String, definition: String)]
    /// Those triggers' names.
    ///
    /// They are dropped rather than disabled: a disabled trigger with a transition table
    /// (`REFERENCING NEW TABLE`) still has the server collect every inserted row for it (PostgreSQL
    /// decides what to collect from the table's triggers, enabled or not) — at 1,000,000 rows a
    /// tuplestore spilled to 1.3 GB of temporary files, about a tenth of the `COPY`'s server time.
    static let triggerNames = ["entry_inserted", "entry_counted_insert", "entry_tags_counted_insert"]

    /// Locks the table, drops its secondary indexes and the insert triggers; nil (and nothing
    /// changed) when the table is busy or not this user's.
    ///
    /// With `keepingPartialIndexes`, the indexes of a few rows (`… WHERE starred`, and the stale
    /// titles', which no new row is in) stay and take the rows as they come: when few of the rows are
    /// starred, testing each row's predicate costs less than the four scans of the table that build
    /// them again (1,000,000 rows, 2% starred: 15.6 s instead of 16.2 s).
    static func begin(
        _ session: PostgreSQLSession, _ connection: PostgresConnection, keepingPartialIndexes: Bool = false
    ) throws -> IndexRebuild? {
        let logger = session.logger
        try PostgreSQLSession.execute(connection, "SAVEPOINT entries_index_rebuild", logger: logger)
        do {
            try PostgreSQLSession.execute(connection, "SET LOCAL lock_timeout = '3s'", logger: logger)
            try PostgreSQLSession.execute(connection, "LOCK TABLE entry IN ACCESS EXCLUSIVE MODE", logger: logger)
            // Every index but the primary key's and those behind constraints (which DROP INDEX refuses).
            let indexes = try session.rows(
                connection,
                """
                SELECT quote_ident(c.relname), pg_get_indexdef(i.indexrelid) FROM pg_index AS i
                JOIN pg_class AS c ON c.oid = i.indexrelid
                WHERE i.indrelid = 'entry'::regclass AND NOT i.indisprimary\(unescaped: keepingPartialIndexes ? " AND i.indpred IS NULL" : "")
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = i.indexrelid)
                ORDER BY c.relname
                """
            ).map { try $0.decode((String, String).self) }
            for (name, _) in indexes {
                try PostgreSQLSession.execute(connection, "DROP INDEX \(name)", logger: logger)
            }
            let triggers = try session.rows(
                connection,
                """
                SELECT quote_ident(tgname), pg_get_triggerdef(oid) FROM pg_trigger
                WHERE tgrelid = 'entry'::regclass AND tgname = ANY(\(triggerNames)) ORDER BY tgname
                """
            ).map { try $0.decode((String, String).self) }
            // A schema without them is not one this knows: the ordinary path.
            guard triggers.count == triggerNames.count else { throw IndexRebuildRefused() }
            for (name, _) in triggers {
                try PostgreSQLSession.execute(connection, "DROP TRIGGER \(name) ON entry", logger: logger)
            }
            try PostgreSQLSession.execute(connection, "SET LOCAL lock_timeout = '30s'", logger: logger)
            try PostgreSQLSession.execute(connection, "RELEASE SAVEPOINT entries_index_rebuild", logger: logger)
            return IndexRebuild(
                session: session, connection: connection, indexes: indexes.map { (name: $0.0, definition: $0.1) },
                triggers: triggers.map { (name: $0.0, definition: $0.1) })
        } catch {
            // Busy or not ours: back to where the savepoint was, and the ordinary path. (A lost
            // connection fails the rollback too, and the import with it.)
            try PostgreSQLSession.execute(connection, "ROLLBACK TO SAVEPOINT entries_index_rebuild", logger: logger)
            try PostgreSQLSession.execute(connection, "RELEASE SAVEPOINT entries_index_rebuild", logger: logger)
            return nil
        }
    }

    /// Builds the indexes again, switches the triggers back on and does their part for `inserted` rows
    /// carrying `tags` (each tag's number of rows); each stage's seconds go into `timings`.
    func finish(inserted: Int, tags: [ByteBuffer: Int64], timings: inout PostgreSQLImportTimings) throws {
        let logger = session.logger
        // Index builds sort in memory up to this much before spilling to disk. (The search index's
        // build takes as long with 64 MB or 1 GB: 8.2 s at 1,000,000 rows, comparing its words.)
        try PostgreSQLSession.execute(connection, "SET LOCAL maintenance_work_mem = '256MB'", logger: logger)
        for (name, definition) in indexes {
            let start = uptimeNanoseconds()
            try PostgreSQLSession.execute(connection, definition, logger: logger)
            timings.indexes.append(.init(name: name, seconds: secondsSince(start)))
        }
        let start = uptimeNanoseconds()
        defer { timings.bookkeeping = secondsSince(start) }
        for (_, definition) in triggers {
            try PostgreSQLSession.execute(connection, definition, logger: logger)
        }
        guard inserted > 0 else { return }
        _ = try session.rows(connection, #"INSERT INTO "entryCount" (delta) VALUES (\#(Int64(inserted)))"#)
        if !tags.isEmpty {
            let counted = Array(tags)
            _ = try session.rows(
                connection, "SELECT entries_add_tag_counts(\(counted.map(\.key)), \(counted.map(\.value)))")
        }
        // As the insert trigger tells the change feed: the statement's first ids (the table is ours
        // alone until the commit, so the newest ids are this import's).
        _ = try session.rows(
            connection,
            """
            SELECT pg_notify(\(PostgreSQLSchema.channel), 'insert ' || string_agg(id::text, ',' ORDER BY id))
            FROM (SELECT id FROM entry ORDER BY id DESC LIMIT \(Int64(min(inserted, 100)))) AS newest
            """)
    }
}

/// The table is not as the fast path expects it (a trigger missing): take the ordinary path.
private struct IndexRebuildRefused: Error {}
