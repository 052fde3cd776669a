import EntryModel
import Foundation
import GRDB
import GRDBSQLite

extension SQLiteEntryRepository {
    /// Below this many drafts, a bulk insert just inserts row by row (the FTS trigger indexes each row).
    static let bulkThreshold = 500

    /// Stores many new entries in one transaction: all of them or none.
    ///
    /// Large batches take a faster path, entirely inside the one transaction (DDL is transactional in
    /// SQLite, so a failure, or a kill, leaves nothing behind):
    /// - ids are chosen in advance (the last id ever given + 1, + 2...: what one-by-one inserts would
    ///   take), and rows go in through reused prepared statements of 64 rows each, with a large page
    ///   cache;
    /// - tag rows are written after the entries, grouped by tag, with foreign key checks off for the
    ///   transaction (every tag row points to an entry written just before);
    /// - when the batch is at least as large as the table, the sort, tag and link indexes are
    ///   dropped and rebuilt at the end (sorting once beats inserting keys in random order), and the
    ///   full-text index of every entry is built meanwhile on a second thread, then copied in
    ///   (``ScratchFullTextIndex``); the pages written so far go to the WAL while it finishes;
    /// - otherwise the FTS insert trigger is dropped, and the new rows are indexed in one
    ///   `INSERT INTO entryFTS ... SELECT` at the end, before the trigger is recreated.
    ///
    /// `swift run -c release entries-bench store` measures it: about 120,000 entries per second at a
    /// million entries on two lightly loaded cores (the second thread needs the second core).
    ///
    /// - Parameter progress: called with the number of entry rows written so far, about every 1%,
    ///   then as the indexes are built and the transaction is committed, and once at the end.
    @discardableResult
    public func insert(
        contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        if isReadOnly { throw EntryStoreError.readOnly(path: path) }
        if drafts.count < Self.bulkThreshold {
            try write { db in
                let inserter = try EntryInserter(db)
                let now = Date()
                for draft in drafts { _ = try inserter.insert(draft, now: now) }
            }
        } else {
            // Into an empty journal, the file is held alone and its pages are written once.
            let pool = writer as? DatabasePool
            let journal = pool.flatMap { ExclusiveImportJournal.begin($0, path: path) }
            defer { if let pool { journal?.end(pool) } }
            try translatingErrors(path: path) {
                try writer.writeWithoutTransaction { db in
                    var scratch: ScratchFullTextIndex?
                    defer { scratch?.detach(from: db) }
                    try Self.withoutForeignKeyChecks(db) {
                        try db.reportingOutOfSpace(path: path) {
                            try db.inTransaction(.immediate) {
                                try db.revalidateSchema()
                                try bulkInsert(drafts, db, progress: progress, scratch: &scratch)
                                return .commit
                            }
                        }
                    }
                }
            }
        }
        progress?(.finished(total: drafts.count))
        return drafts.count
    }

    /// The row triggers a bulk insert drops, and brings up to date once at the end, then recreates.
    static let bulkInsertTriggers = [
        EntrySchema.ftsInsertTrigger, EntrySchema.countInsertTrigger, EntrySchema.sequenceInsertTrigger,
        EntrySchema.quarterHourInsertTrigger, EntrySchema.tagCountInsertTrigger,
    ]

    /// Runs `body` with foreign key checks off, then puts them back as they were. The pragma is a
    /// no-op inside a transaction, so `body` opens its own.
    static func withoutForeignKeyChecks(_ db: Database, _ body: () throws -> Void) throws {
        let enabled = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? db.execute(sql: "PRAGMA foreign_keys = \(enabled ? "ON" : "OFF")") }
        try body()
    }

    private func bulkInsert(
        _ drafts: [EntryDraft], _ db: Database, progress: (@Sendable (BulkInsertProgress) -> Void)?,
        scratch: inout ScratchFullTextIndex?
    ) throws {
        // New ids follow the last id ever given (deleted entries' ids are not given again).
        let previousMaxID = max(
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") ?? 0,
            try Int64.fetchOne(db, sql: EntrySchema.selectLastID) ?? 0)
        guard previousMaxID <= Int64.max - Int64(drafts.count) else {
            // Ids near the largest integer: let SQLite pick free ones, row by row.
            let inserter = try EntryInserter(db)
            let now = Date()
            for draft in drafts { _ = try inserter.insert(draft, now: now) }
            return
        }
        let existingCount = try Int.fetchOne(db, sql: EntrySchema.selectCount) ?? 0
        let rebuildsIndexes = drafts.count >= existingCount
        let previousCacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = -131072")  // 128 MiB, for this batch only
        defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCacheSize)") }
        let triggers = Self.bulkInsertTriggers
        let rebuiltIndexes =
            rebuildsIndexes ? EntrySchema.sortIndexes + [EntrySchema.tagEntryIndex] + EntrySchema.linkIndexes : []
        let definitions = try SchemaObjectDefinitions(names: triggers + rebuiltIndexes + [EntrySchema.ftsTable])
        // Row triggers cost more than the rows here: the index, the count and the last id are brought
        // up to date once, at the end.
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger)") }
        // A pool can read the committed entries while this transaction writes: build the full-text
        // index of every entry on another thread meanwhile.
        if rebuildsIndexes, let pool = writer as? DatabasePool {
            scratch = ScratchFullTextIndex(
                .init(
                    reader: pool,
                    settingsOfAnEmptyStore: existingCount == 0 ? try StreamedFullTextIndex.settings(db) : nil,
                    tableDefinition: try definitions.sql(of: EntrySchema.ftsTable), lastExistingID: previousMaxID,
                    drafts: drafts))
        }
        for index in rebuiltIndexes { try db.execute(sql: "DROP INDEX \(index)") }
        var rows = try BulkEntryWriter(db, drafts: drafts)
        var tagRows = TagRows()
        var links = try BulkLinkWriter(db)
        let now = Date()
        let step = max(1, drafts.count / 100)
        for offset in drafts.indices {
            let id = previousMaxID + Int64(offset) + 1
            let tags = try rows.write(at: offset, id: id, now: now)
            tagRows.add(tags, entryId: id)
            try links.add(
                EntryLinkTargets(drafts[offset]), sourceId: id,
                createdAt: BulkEntryWriter.createdAt(of: drafts[offset], now: now))
            let inserted = offset + 1
            if inserted % step == 0 && inserted != drafts.count {
                progress?(.writing(done: inserted, total: drafts.count))
            }
        }
        try rows.finish()
        try links.finish()
        try tagRows.write(db)
        try tagRows.addCounts(db)
        progress?(.indexing)
        for index in rebuiltIndexes { try definitions.create(index, in: db) }
        if scratch != nil {
            // While the other thread may still be building: write this transaction's pages so far to
            // the WAL now, which the commit would do after the wait (uncommitted frames, which readers
            // and crash recovery ignore). See <https://www.sqlite.org/c3ref/db_cacheflush.html>.
            // SQLITE_BUSY only means some pages stayed in memory: the commit writes them.
            let flushed = sqlite3_db_cacheflush(db.sqliteConnection)
            if flushed != SQLITE_OK && flushed != SQLITE_BUSY {
                throw DatabaseError(resultCode: ResultCode(rawValue: flushed), message: "cannot write to the journal")
            }
        }
        // Without a scratch index (or if building it failed), index the new rows in place: as one
        // segment on its level when they are as many as the rows before, as FTS5 would otherwise.
        if try scratch?.install(in: db) != true {
            try FullTextWholeBuild.indexEntries(after: previousMaxID, in: db, asWholeBuild: rebuildsIndexes)
        }
        try db.execute(sql: "UPDATE entryCount SET count = count + ? WHERE id = 1", arguments: [drafts.count])
        try db.execute(sql: EntrySchema.addQuarterHoursOfNewEntries, arguments: [previousMaxID])
        try db.execute(
            sql: "UPDATE entrySequence SET lastID = ? WHERE id = 1", arguments: [previousMaxID + Int64(drafts.count)])
        for trigger in triggers { try definitions.create(trigger, in: db) }
        progress?(.saving)
    }
}
