import EntryModel
import Foundation
import GRDB
import GRDBSQLite

/// The full-text index (`entryFTS`) of a streamed insert, built on a thread of its own in a scratch
/// database FILE while the writer connection writes the rows; ``install(in:)`` then replaces the
/// database's index with it, inside the writer's transaction, as ``ScratchFullTextIndex`` does for
/// an array.
///
/// Why a file: the index of ten million entries takes gigabytes, which a streamed import must not
/// hold in memory. Why beside the database rather than in the temporary folder: the index ends up
/// on the database's disk anyway, and a temporary folder is often memory (tmpfs). Its name is fixed
/// (``scratchPath(for:)``): an import holds the database's write lock while the file exists, so no
/// other uses it, and a file left by a killed import is removed by the next.
///
/// The batches go to the building thread through a short queue (``BatchQueue``): when the index
/// falls behind, the writer waits, so memory holds a few batches whatever the import's size.
final class StreamedFullTextIndex: Sendable {
    /// A store with more entries than this is indexed in place: the scratch index starts from the
    /// committed entries, whose reading and copying would cost more than indexing the new rows there.
    static let existingLimit = 50_000
    /// Batches handed over and not yet indexed, at most: a few, so that neither thread waits for the
    /// other whenever one batch takes it longer than the one before (a segment written, a tag rows'
    /// flush); one let both threads idle about a third of a ten-million import. Each holds a batch's
    /// drafts (a few megabytes) a little longer.
    static let queuedBatches = 3
    /// The schema name under which the writer attaches the scratch database.
    private static let schemaName = "entriesScratch"
    /// The scratch connection's page cache, in KiB: the index is written in order, a page at a time.
    private static let cacheKibibytes = 4_096
    /// Terms gathered in memory before FTS5 writes a segment while building: a quarter of the
    /// store's own setting (32 MiB), which would sit beside the duplicate check's table. Put back
    /// before the copy.
    private static let buildHashSize = 8_388_608

    private let queue = BatchQueue()
    private let path: String
    private let tableDefinition: String

    /// The scratch file of the database at `databasePath`.
    static func scratchPath(for databasePath: String) -> String {
        databasePath + "-import-fts"
    }

    /// What the index starts from.
    enum Start: Sendable {
        /// The committed entries up to `lastID`, read through `reader` (whose reads see the last
        /// commit while the writer's transaction is open), and the settings of their index.
        case committed(reader: DatabasePool, lastID: Int64)
        /// No entry: only the index's settings, read by the writer (``settings(_:)``). Nothing is
        /// read from another connection, which an import holding the file alone needs
        /// (``ExclusiveImportJournal``).
        case empty(settings: [Setting])
    }

    /// One of the `entryFTS` index's settings (`hashsize`, say).
    struct Setting: Sendable {
        var key: String
        var value: DatabaseValue
    }

    /// The settings of the `entryFTS` index of `db`.
    static func settings(_ db: Database) throws -> [Setting] {
        try Row.fetchAll(db, sql: "SELECT k, v FROM entryFTS_config WHERE k != 'version'")
            .map { Setting(key: $0[0], value: $0[1]) }
    }

    /// Starts building at once, on a new thread: from `start`, then each batch given to
    /// ``add(_:firstID:)``.
    init(start: Start, databasePath: String, tableDefinition: String) {
        path = Self.scratchPath(for: databasePath)
        self.tableDefinition = tableDefinition
        let queue = queue, path = path
        Thread.detachNewThread {
            queue.finish(
                Result {
                    try Self.build(path: path, start: start, tableDefinition: tableDefinition, queue: queue)
                })
        }
    }

    /// Hands `batch`, whose rows have ids from `firstID` on, to the building thread; waits while
    /// ``queuedBatches`` are queued. Does nothing once the build has failed.
    func add(_ batch: [EntryDraft], firstID: Int64) {
        queue.add(Batch(firstID: firstID, drafts: batch))
    }

    /// Says that no batch follows: the building thread finishes the index (its final merge) while
    /// the writer goes on with its own indexes, rather than after them, in ``install(in:)``.
    func finishAdding() {
        queue.close()
    }

    /// Waits for the build. When it succeeded, replaces the `entryFTS` index of `db` (the writer, in
    /// a transaction) with the scratch one and returns true; call ``detach(from:)`` after the
    /// transaction ends. When it failed (a full disk, say), returns false and leaves `db` as it was:
    /// the caller indexes in place instead.
    func install(in db: Database) throws -> Bool {
        queue.close()
        guard case .success = queue.wait() else { return false }
        try db.execute(sql: "ATTACH DATABASE ? AS \(Self.schemaName)", arguments: [path])
        try ScratchFullTextIndex.copy(from: Self.schemaName, into: db, tableDefinition: tableDefinition)
        return true
    }

    /// Stops the build if still running, waits for it, detaches the scratch database from `db` if
    /// attached (SQLite refuses inside the transaction that used it), and removes its file.
    func detach(from db: Database) {
        queue.cancel()
        // A failed build has removed its file, or had none.
        guard case .success = queue.wait() else { return }
        // Fails harmlessly when it was never attached (the build or the batch failed first).
        try? db.execute(sql: "DETACH DATABASE \(Self.schemaName)")
        unlink(path)
    }

    private static func build(
        path: String, start: Start, tableDefinition: String, queue: BatchQueue
    ) throws {
        unlink(path)  // a file left by a killed import (never a folder: unlink leaves those)
        // Readable by its owner only, as the database (it holds every word of the journal).
        guard try DatabaseFile.createPrivateFile(at: path) else {
            throw DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "another program created \(path)")
        }
        do {
            try fill(path: path, start: start, tableDefinition: tableDefinition, queue: queue)
        } catch {
            unlink(path)
            throw error
        }
    }

    private static func fill(
        path: String, start: Start, tableDefinition: String, queue: BatchQueue
    ) throws {
        var configuration = Configuration()
        configuration.label = "entries-import-fts"
        let scratch = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? scratch.close() }
        try scratch.writeWithoutTransaction { db in
            // Nothing to recover: a failed build is thrown away with its file.
            try db.execute(sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)")
            try db.inTransaction {
                try db.execute(sql: tableDefinition)
                let settings: [Setting]
                switch start {
                case .committed(let reader, let lastID):
                    settings = try reader.read { reader in
                        try reader.revalidateSchema()
                        let settings = try Self.settings(reader)
                        try prepare(db, settings: settings)
                        try ScratchFullTextIndex.indexExistingEntries(reader, upTo: lastID, into: db) {
                            queue.isCancelled
                        }
                        return settings
                    }
                case .empty(let given):
                    settings = given
                    try prepare(db, settings: settings)
                }
                try index(from: queue, into: db)
                try db.execute(sql: "INSERT INTO entryFTS(entryFTS) VALUES ('optimize')")
                // Back to the database's own settings (FTS5's defaults where it has none) before the
                // copy, which takes the settings' rows too.
                try db.execute(sql: "DELETE FROM entryFTS_config WHERE k != 'version'")
                for setting in settings { try ScratchFullTextIndex.configure(db, setting.key, setting.value) }
                return .commit
            }
        }
    }

    /// Segments of one level that FTS5 merges at once while building (`crisismerge`: its default is
    /// 16, its largest 1,999); a build in place uses it too (``FullTextWholeBuild``).
    static let buildCrisisMerge = 1_999

    /// Gives the scratch index `settings`, then the build's own: a smaller hash, and no merging while
    /// the rows come, one merge of everything at the end (the 'optimize' in ``fill(path:start:tableDefinition:queue:)``):
    /// each term's list is written twice, and the merge overlaps the writer's sort indexes.
    ///
    /// Not even the merge FTS5 forces once a level holds 16 segments (`crisismerge`): at ten million
    /// entries the second of those merged 16 segments of 16 into one of several hundred megabytes,
    /// seconds during which the writer waited for this thread, for a segment the final merge
    /// rewrote anyway. A level holds at most 2,000 segments, so past about 1,999 flushes (some
    /// thirty million entries) FTS5 merges one level anyway.
    private static func prepare(_ db: Database, settings: [Setting]) throws {
        for setting in settings { try ScratchFullTextIndex.configure(db, setting.key, setting.value) }
        try ScratchFullTextIndex.configure(db, "hashsize", buildHashSize)
        try ScratchFullTextIndex.configure(db, "automerge", 0)
        try ScratchFullTextIndex.configure(db, "crisismerge", buildCrisisMerge)
    }

    /// One row per run, as in ``ScratchFullTextIndex``: a statement of several rows opens a
    /// savepoint, at which FTS5 writes out the terms gathered so far.
    private static func index(from queue: BatchQueue, into db: Database) throws {
        var insert = try BatchedInsert<(id: Int64, draft: EntryDraft)>(
            db, into: "entryFTS", columns: ["rowid", "title", "body", "moreDetails", "tags"], rowsPerGroup: 1
        ) { row, statement, first, arena in
            try statement.bind(row.id, at: first + 1)
            try statement.bind(row.draft.title, at: first + 2, copyingInto: arena)
            try statement.bind(row.draft.body, at: first + 3, copyingInto: arena)
            try statement.bind(row.draft.moreDetails, at: first + 4, copyingInto: arena)
            try statement.bind(TagList.encode(TagList.normalize(row.draft.tags)), at: first + 5, copyingInto: arena)
        }
        while let batch = try queue.next() {
            for (offset, draft) in batch.drafts.enumerated() { try insert.add((batch.firstID + Int64(offset), draft)) }
        }
        try insert.finish()
    }
}

/// A batch of drafts and the id of its first row.
private struct Batch: Sendable {
    var firstID: Int64
    var drafts: [EntryDraft]
}

/// The batches going from the writer to the building thread, the end of the import, a cancel flag,
/// and the build's outcome coming back. A lock guards them all.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var closed = false
    private var cancelled = false
    private var result: Result<Void, any Error>?

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Queues `batch`, waiting while the queue is full; drops it when the build has ended (failed).
    func add(_ batch: Batch) {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= StreamedFullTextIndex.queuedBatches && result == nil && !cancelled { condition.wait() }
        guard result == nil && !cancelled else { return }
        batches.append(batch)
        condition.broadcast()
    }

    /// The next batch, waiting for one; nil after ``close()`` once all are taken. Throws when cancelled.
    func next() throws -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !closed && !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        guard !batches.isEmpty else { return nil }
        condition.broadcast()
        return batches.removeFirst()
    }

    /// No more batches.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func finish(_ result: Result<Void, any Error>) {
        condition.lock()
        self.result = result
        batches = []
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the build has finished.
    func wait() -> Result<Void, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
