import EntryModel
import Foundation
import GRDB
import GRDBSQLite

extension SQLiteEntryRepository {
    /// Stores the batches `produce` writes in one transaction, on the bulk path of
    /// ``insert(contentsOf:progress:)`` (see ``StreamedBulkInsert``): all of them or none, since
    /// nothing is committed before `produce` returns, and a kill leaves only an unfinished
    /// transaction that SQLite rolls back.
    ///
    /// `produce` may read the repository meanwhile (an import's duplicate check does): its reads go
    /// to the pool's readers and see the last commit. A database without a pool (in memory) has one
    /// connection, which cannot read inside its own write: there the batches are gathered first.
    ///
    /// Errors thrown by `produce` come out as they were thrown (an import's error names its record);
    /// the store's own are ``EntryStoreError``s. Progress: ``BulkInsertProgress/indexing``,
    /// ``BulkInsertProgress/saving`` and ``BulkInsertProgress/finished(total:)``; how far the writing
    /// has come is for the producer to say (it knows how much of its file it has read).
    @discardableResult
    public func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        try insert(batchesFrom: produce, tagRowsHeld: StreamedBulkInsert.tagRowsHeld, progress: progress)
    }

    /// ``insert(batchesFrom:progress:)`` writing the tag rows whenever `tagRowsHeld` are gathered
    /// (tests write them often).
    func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void, tagRowsHeld: Int,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        if isReadOnly { throw EntryStoreError.readOnly(path: path) }
        guard let pool = writer as? DatabasePool else {
            var drafts: [EntryDraft] = []
            try produce { batch in drafts += batch }
            return try insert(contentsOf: drafts, progress: progress)
        }
        var total = 0
        var producerFailure: (any Error)?
        // Into an empty journal, the file is held alone and its pages are written once.
        let journal = ExclusiveImportJournal.begin(pool, path: path)
        defer { journal?.end(pool) }
        do {
            try translatingErrors(path: path) {
                try writer.writeWithoutTransaction { db in
                    var scratch: StreamedFullTextIndex?
                    defer { scratch?.detach(from: db) }
                    try Self.withoutForeignKeyChecks(db) {
                        try db.reportingOutOfSpace(path: path) {
                            try db.inTransaction(.immediate) {
                                try db.revalidateSchema()
                                let previousCacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
                                try db.execute(sql: "PRAGMA cache_size = -\(StreamedBulkInsert.cacheKibibytes)")
                                defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCacheSize)") }
                                var stream = try StreamedBulkInsert(
                                    db, pool: pool, path: path, scratchAllowed: !isEncrypted, tagRowsHeld: tagRowsHeld)
                                scratch = stream.scratch
                                var storeFailed = false
                                do {
                                    try produce { batch in
                                        do {
                                            try stream.write(batch)
                                        } catch {
                                            storeFailed = true
                                            throw error
                                        }
                                    }
                                } catch  where !storeFailed {
                                    producerFailure = error
                                    throw error
                                }
                                progress?(.indexing)
                                total = try stream.finish()
                                var timings = stream.timings
                                timings.heldTheFileAlone = journal != nil
                                streamedInsertTimings.keep(timings)
                                progress?(.saving)
                                return .commit
                            }
                        }
                    }
                }
            }
        } catch {
            if let producerFailure { throw producerFailure }
            throw error
        }
        progress?(.finished(total: total))
        return total
    }
}

/// One streamed bulk insert inside an open transaction: the batches' rows are written as they come,
/// with what ``SQLiteEntryRepository/insert(contentsOf:progress:)`` does for a large batch (ids
/// chosen in advance, row triggers dropped and their work done once in ``finish()``, tag rows gathered
/// and written tag by tag, 262,144 rows at a time so that memory stays flat), the entries per quarter
/// hour counted as the rows go by (``QuarterHourCounts``), and the sort and tag
/// indexes dropped once the rows written reach the number already stored (rebuilding them then costs
/// less than keeping them). The full-text index is built meanwhile on a second thread, in a scratch
/// file (``StreamedFullTextIndex``), when the store held few entries; otherwise the new rows are
/// indexed in ``finish()``, in place.
struct StreamedBulkInsert {
    /// The writer's page cache for the transaction (16 MiB): the array path takes 128, but here it
    /// would be most of the import's memory (a million entries peaked at 249 MB with 64 MiB).
    static let cacheKibibytes = 16_384

    private let db: Database
    private let definitions: SchemaObjectDefinitions
    private let previousMaxID: Int64
    private let existingCount: Int
    /// Ids near the largest integer: rows go in one by one, with their triggers, and SQLite picks
    /// free ids.
    private let rowByRow: Bool
    private var indexesDropped = false
    /// The full-text index being built on another thread, if any; ``finish()`` installs it.
    let scratch: StreamedFullTextIndex?
    private var written = 0
    private var tagRows = TagRows()
    private var quarterHours = QuarterHourCounts()
    private(set) var timings = StreamedInsertTimings()
    /// Tag rows gathered before they are written (8 bytes each): written tag by tag, they land at
    /// as many places of `entryTag` as there are tags, each of which stays in the page cache.
    static let tagRowsHeld = 1 << 18
    private let tagRowsHeld: Int
    private let now = Date()

    /// `scratchAllowed`: false for an encrypted journal, whose full-text index must not be built in a
    /// scratch file in the clear (it is then built in place).
    init(
        _ db: Database, pool: DatabasePool, path: String, scratchAllowed: Bool = true,
        tagRowsHeld: Int = Self.tagRowsHeld
    ) throws {
        self.db = db
        self.tagRowsHeld = tagRowsHeld
        previousMaxID = max(
            try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") ?? 0,
            try Int64.fetchOne(db, sql: EntrySchema.selectLastID) ?? 0)
        existingCount = try Int.fetchOne(db, sql: EntrySchema.selectCount) ?? 0
        rowByRow = previousMaxID > Int64.max - (1 << 40)
        definitions = try SchemaObjectDefinitions(
            names: SQLiteEntryRepository.bulkInsertTriggers
                + EntrySchema.sortIndexes + [EntrySchema.tagEntryIndex, EntrySchema.ftsTable] + EntrySchema.linkIndexes)
        if !rowByRow {
            for trigger in SQLiteEntryRepository.bulkInsertTriggers { try db.execute(sql: "DROP TRIGGER \(trigger)") }
        }
        // Last, once nothing here can throw: the caller stops the thread (``StreamedFullTextIndex/detach(from:)``).
        let ftsDefinition = try definitions.sql(of: EntrySchema.ftsTable)
        // An empty store: the writer reads the index's settings, and the other thread nothing more
        // (another connection cannot read a file an import holds alone).
        let start: StreamedFullTextIndex.Start
        if existingCount == 0 {
            start = .empty(settings: try StreamedFullTextIndex.settings(db))
        } else {
            start = .committed(reader: pool, lastID: previousMaxID)
        }
        scratch =
            scratchAllowed && !rowByRow && existingCount <= StreamedFullTextIndex.existingLimit
            ? StreamedFullTextIndex(start: start, databasePath: path, tableDefinition: ftsDefinition)
            : nil
    }

    /// Writes the rows of `batch`, ids following those written before.
    mutating func write(_ batch: [EntryDraft]) throws {
        var seconds = 0.0
        defer { timings.rows += seconds }
        try timing(&seconds) { try writeRows(batch) }
        if tagRows.count >= tagRowsHeld { try writeTagRows() }
        if quarterHours.isFull { try timing(&timings.bookkeeping) { try quarterHours.write(db) } }
    }

    private mutating func writeRows(_ batch: [EntryDraft]) throws {
        if rowByRow {
            let inserter = try EntryInserter(db)
            for draft in batch { _ = try inserter.insert(draft, now: now) }
            written += batch.count
            return
        }
        if !indexesDropped && written + batch.count >= existingCount {
            for index in EntrySchema.sortIndexes + [EntrySchema.tagEntryIndex] + EntrySchema.linkIndexes {
                try db.execute(sql: "DROP INDEX \(index)")
            }
            indexesDropped = true
        }
        // The other thread indexes the batch while this one writes its rows.
        if let scratch {
            timing(&timings.waitingForFullTextIndex) { scratch.add(batch, firstID: previousMaxID + Int64(written) + 1) }
        }
        var rows = try BulkEntryWriter(db, drafts: batch)
        for offset in batch.indices {
            let id = previousMaxID + Int64(written + offset) + 1
            tagRows.add(try rows.write(at: offset, id: id, now: now), entryId: id)
            quarterHours.add(createdAt: BulkEntryWriter.createdAt(of: batch[offset], now: now))
        }
        try rows.finish()
        // The links after the batch's rows, so that their share of the time can be told.
        try timing(&timings.links) {
            var links = try BulkLinkWriter(db)
            for offset in batch.indices {
                try links.add(
                    EntryLinkTargets(batch[offset]), sourceId: previousMaxID + Int64(written + offset) + 1,
                    createdAt: BulkEntryWriter.createdAt(of: batch[offset], now: now))
            }
            try links.finish()
        }
        written += batch.count
    }

    private mutating func writeTagRows() throws {
        var seconds = 0.0
        defer { timings.tagRows += seconds }
        try timing(&seconds) {
            try tagRows.write(db)
            try tagRows.addCounts(db)
        }
        tagRows = TagRows()
    }

    /// Brings the tags, indexes, full-text index, count, day counts and last id up to date, recreates
    /// the triggers, and returns how many entries were written.
    mutating func finish() throws -> Int {
        guard !rowByRow else { return written }
        // The other thread's last merge overlaps the tag rows and the sort indexes.
        scratch?.finishAdding()
        try writeTagRows()
        if indexesDropped {
            try timing(&timings.sortIndexes) {
                try SortingSettings.whileBuildingIndexes(db) {
                    for index in EntrySchema.sortIndexes + [EntrySchema.tagEntryIndex] {
                        try definitions.create(index, in: db)
                    }
                }
            }
            try timing(&timings.linkIndexes) {
                try SortingSettings.whileBuildingIndexes(db) {
                    for index in EntrySchema.linkIndexes { try definitions.create(index, in: db) }
                }
            }
        }
        try timing(&timings.fullTextIndex) {
            if let scratch {
                // While the other thread may still be building: this transaction's pages so far go
                // to the WAL now, as in the array path (`SQLiteEntryRepository+BulkInsert.swift`).
                let flushed = sqlite3_db_cacheflush(db.sqliteConnection)
                if flushed != SQLITE_OK && flushed != SQLITE_BUSY {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: flushed), message: "cannot write to the journal")
                }
                timings.fullTextIndexBuiltBeside = try scratch.install(in: db)
                if timings.fullTextIndexBuiltBeside { return }
            }
            // Without a scratch index (or if building it failed), index the new rows in place: as
            // one segment on its level when they are as many as the rows before (an encrypted
            // journal's import), as FTS5 would otherwise.
            try FullTextWholeBuild.indexEntries(after: previousMaxID, in: db, asWholeBuild: indexesDropped)
        }
        try timing(&timings.bookkeeping) {
            try db.execute(sql: "UPDATE entryCount SET count = count + ? WHERE id = 1", arguments: [written])
            try quarterHours.write(db)
            try db.execute(
                sql: "UPDATE entrySequence SET lastID = ? WHERE id = 1", arguments: [previousMaxID + Int64(written)])
            for trigger in SQLiteEntryRepository.bulkInsertTriggers { try definitions.create(trigger, in: db) }
        }
        return written
    }
}
