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
/// the kept count's and the kept tag counts', `REFERENCING NEW TABLE`) are switched off for the `COPY` — collecting a million
/// rows for them costs a fifth of the `COPY` — and what they would do is done once at the end: the
/// count's delta, the tags' deltas and the `NOTIFY` with the first ids.
extension PostgreSQLEntryRepository {
    /// An import takes the fast path from this many rows on, when the journal holds no more.
    public static let rebuildMinimum = 10_000

    /// The bulk insert (``insert(contentsOf:progress:)``).
    func copyInsert(_ drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        let now = Date()
        let total = drafts.count
        let step = max(1, min(total / 100, 10_000))
        let logger = session.logger
        try session.transaction { connection in
            // A million rows may take longer than the time limit of one ordinary statement.
            try PostgreSQLSession.execute(connection, "SET LOCAL statement_timeout = 0", logger: logger)
            var rebuild: IndexRebuild?
            if total >= Self.rebuildMinimum {
                let present = try session.rows(connection, PostgresQuery(unsafeSQL: PostgreSQLSchema.keptCount))
                    .first.map { try $0.decode(Int.self) } ?? 0
                if total >= present { rebuild = try IndexRebuild.begin(session, connection) }
            }
            // The tags counted only when the fast path switched their trigger off.
            let tally = rebuild == nil ? nil : TagTally()
            try AsyncBridge.wait(closed: connection.closeFuture) {
                // postgres-nio 1.33 writes `COPY "<table>" (…) FROM STDIN WITH (FORMAT text)`; its
                // table name is taken as given, so the binary format is asked for there and the rest
                // of its line becomes a comment. The name is this constant, never user text.
                try await connection.copyFrom(
                    table: #"entry" ("\#(BinaryCopyRow.columns.joined(separator: #"", ""#))") FROM STDIN WITH (FORMAT binary) --"#,
                    logger: logger
                ) { writer in
                    var buffer = ByteBuffer()
                    BinaryCopyRow.writeHeader(to: &buffer)
                    var start = 0
                    while start < total {
                        let end = min(total, start + step)
                        for draft in drafts[start..<end] {
                            let row = StoredRow(draft, now: now)
                            tally?.add(row.tags)
                            BinaryCopyRow.write(row, to: &buffer)
                        }
                        if end == total { BinaryCopyRow.writeTrailer(to: &buffer) }
                        try await writer.write(buffer)
                        buffer = ByteBuffer()
                        buffer.reserveCapacity(1 << 20)
                        start = end
                        if end < total { progress?(.writing(done: end, total: total)) }
                    }
                }
            }
            progress?(.saving)
            try rebuild?.finish(inserted: total, tags: tally?.counts ?? [:])
        }
        return total
    }
}

/// The fast path's work around the `COPY`: what was dropped and switched off, and how it comes back.
struct IndexRebuild {
    let session: PostgreSQLSession
    let connection: PostgresConnection
    /// `CREATE INDEX` statements of the dropped indexes, as the server wrote them.
    let definitions: [String]
    /// The statement triggers switched off for the `COPY`.
    static let triggers = ["entry_inserted", "entry_counted_insert", "entry_tags_counted_insert"]

    /// Locks the table, drops its secondary indexes and switches off the triggers; nil (and nothing
    /// changed) when the table is busy or not this user's.
    static func begin(_ session: PostgreSQLSession, _ connection: PostgresConnection) throws -> IndexRebuild? {
        let logger = session.logger
        try PostgreSQLSession.execute(connection, "SAVEPOINT entries_index_rebuild", logger: logger)
        do {
            try PostgreSQLSession.execute(connection, "SET LOCAL lock_timeout = '3s'", logger: logger)
            try PostgreSQLSession.execute(connection, "LOCK TABLE entry IN ACCESS EXCLUSIVE MODE", logger: logger)
            // Every index but the primary key's and those behind constraints (which DROP INDEX refuses).
            let indexes = try session.rows(connection, """
                SELECT quote_ident(c.relname), pg_get_indexdef(i.indexrelid) FROM pg_index AS i
                JOIN pg_class AS c ON c.oid = i.indexrelid
                WHERE i.indrelid = 'entry'::regclass AND NOT i.indisprimary
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = i.indexrelid)
                ORDER BY c.relname
                """).map { try $0.decode((String, String).self) }
            for (name, _) in indexes {
                try PostgreSQLSession.execute(connection, "DROP INDEX \(name)", logger: logger)
            }
            let disable = triggers.map { "DISABLE TRIGGER \($0)" }.joined(separator: ", ")
            try PostgreSQLSession.execute(connection, "ALTER TABLE entry \(disable)", logger: logger)
            try PostgreSQLSession.execute(connection, "SET LOCAL lock_timeout = '30s'", logger: logger)
            try PostgreSQLSession.execute(connection, "RELEASE SAVEPOINT entries_index_rebuild", logger: logger)
            return IndexRebuild(session: session, connection: connection, definitions: indexes.map(\.1))
        } catch {
            // Busy or not ours: back to where the savepoint was, and the ordinary path. (A lost
            // connection fails the rollback too, and the import with it.)
            try PostgreSQLSession.execute(connection, "ROLLBACK TO SAVEPOINT entries_index_rebuild", logger: logger)
            try PostgreSQLSession.execute(connection, "RELEASE SAVEPOINT entries_index_rebuild", logger: logger)
            return nil
        }
    }

    /// Builds the indexes again, switches the triggers back on and does their part for `inserted` rows
    /// carrying `tags` (each tag's number of rows).
    func finish(inserted: Int, tags: [ByteBuffer: Int64]) throws {
        let logger = session.logger
        // Index builds sort in memory up to this much before spilling to disk.
        try PostgreSQLSession.execute(connection, "SET LOCAL maintenance_work_mem = '256MB'", logger: logger)
        for definition in definitions {
            try PostgreSQLSession.execute(connection, definition, logger: logger)
        }
        let enable = Self.triggers.map { "ENABLE TRIGGER \($0)" }.joined(separator: ", ")
        try PostgreSQLSession.execute(connection, "ALTER TABLE entry \(enable)", logger: logger)
        guard inserted > 0 else { return }
        _ = try session.rows(connection, #"INSERT INTO "entryCount" (delta) VALUES (\#(Int64(inserted)))"#)
        if !tags.isEmpty {
            let counted = Array(tags)
            _ = try session.rows(connection, "SELECT entries_add_tag_counts(\(counted.map(\.key)), \(counted.map(\.value)))")
        }
        // As the insert trigger tells the change feed: the statement's first ids (the table is ours
        // alone until the commit, so the newest ids are this import's).
        _ = try session.rows(connection, """
            SELECT pg_notify(\(PostgreSQLSchema.channel), 'insert ' || string_agg(id::text, ',' ORDER BY id))
            FROM (SELECT id FROM entry ORDER BY id DESC LIMIT \(Int64(min(inserted, 100)))) AS newest
            """)
    }
}
