import EntryModel
import Foundation
import GRDB
import GRDBSQLite

/// The full-text index (`entryFTS`) of every entry, built on a thread of its own in a scratch
/// in-memory database while the writer connection writes the rows of a bulk insert. ``install(in:)``
/// then replaces the database's index with it, inside the writer's transaction.
///
/// Why: tokenizing every text is the largest part of an import, and one SQLite connection runs one
/// statement at a time; a second connection on a second core does it meanwhile.
///
/// Why the copy is exact: both indexes are made by the same SQLite library from the same definition
/// (this build's own, ``SchemaObjectDefinitions``), settings and texts. FTS5 keeps an index in ordinary "shadow"
/// tables that can be copied row by row, as `.dump` and `VACUUM INTO` do
/// (<https://www.sqlite.org/fts5.html>); the writer drops its `entryFTS` table and creates it anew
/// before the copy, so that no cached state of the old index survives.
final class ScratchFullTextIndex: Sendable {
    /// What to build from: the committed entries up to `lastExistingID`, read through `reader` (whose
    /// reads see the last commit while the writer's transaction is open), then `drafts`, whose ids
    /// follow from `lastExistingID + 1`; and the `CREATE VIRTUAL TABLE` statement of the index.
    /// `settingsOfAnEmptyStore`, when the store holds no entry: the index's settings, read by the
    /// writer; then nothing is read through `reader` (an import into an empty journal holds the file
    /// alone: ``ExclusiveImportJournal``).
    struct Source: Sendable {
        var reader: DatabasePool
        var settingsOfAnEmptyStore: [StreamedFullTextIndex.Setting]?
        var tableDefinition: String
        var lastExistingID: Int64
        var drafts: [EntryDraft]
    }

    /// The schema name under which the writer attaches the scratch database.
    private static let schemaName = "entriesScratch"
    /// Terms gathered in memory before FTS5 writes a segment while building: one large flush
    /// instead of many segments to merge. The database's own setting is put back before the copy.
    private static let buildHashSize = 268_435_456
    private let outcome = BuildOutcome()
    private let tableDefinition: String

    /// Starts building at once, on a new thread.
    init(_ source: Source) {
        tableDefinition = source.tableDefinition
        let outcome = outcome
        Thread.detachNewThread {
            outcome.finish(Result { try Self.build(source, outcome: outcome) })
        }
    }

    /// Waits for the build. When it succeeded, replaces the `entryFTS` index of `db` (the writer, in a
    /// transaction) with the scratch one and returns true; call ``detach(from:)`` after the
    /// transaction ends. When it failed (out of memory, say), returns false and leaves `db` as it
    /// was: the caller indexes in place instead.
    func install(in db: Database) throws -> Bool {
        guard case .success(let scratch) = outcome.wait() else { return false }
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(Self.schemaName)")
        // The attached database reads the scratch database's memory in place, without a copy; it
        // stays valid until the scratch connection closes, after the detach.
        try scratch.inDatabase { scratchDB in
            var size: sqlite3_int64 = 0
            let noCopy = UInt32(SQLITE_SERIALIZE_NOCOPY)
            guard let bytes = sqlite3_serialize(scratchDB.sqliteConnection, "main", &size, noCopy) else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "cannot read the scratch full-text index")
            }
            let readOnly = UInt32(SQLITE_DESERIALIZE_READONLY)
            let code = sqlite3_deserialize(db.sqliteConnection, Self.schemaName, bytes, size, size, readOnly)
            guard code == SQLITE_OK else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: "cannot attach the scratch full-text index")
            }
        }
        try Self.copy(from: Self.schemaName, into: db, tableDefinition: tableDefinition)
        return true
    }

    /// Replaces the `entryFTS` index of `db` with the one of the database attached as `schemaName`,
    /// made from `tableDefinition`.
    static func copy(from schemaName: String, into db: Database, tableDefinition: String) throws {
        try db.execute(sql: "DROP TABLE \(EntrySchema.ftsTable)")
        try db.execute(sql: tableDefinition)
        // `INSERT INTO t SELECT * FROM u` between tables of the same definition copies records as
        // they are, without decoding them (SQLite's "xfer optimization").
        let shadowTables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM \(schemaName).sqlite_master WHERE type = 'table' AND name GLOB ?
                """, arguments: [EntrySchema.ftsTable + "_*"])
        // Shadow tables are read-only to ordinary statements in defensive mode: lifted for this copy
        // only, into the index just created from this build's definition.
        try ConnectionHardening.withoutDefensiveMode(db) {
            for table in shadowTables {
                try db.execute(sql: "DELETE FROM main.\(table)")
                try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM \(schemaName).\(table)")
            }
        }
        // A build leaves one large segment on a low level, where the writes after it would merge it.
        try FullTextStructure.raiseOldestSegment(in: db)
    }

    /// Stops the build if still running, waits for it, detaches the scratch database from `db` if
    /// attached (SQLite refuses inside the transaction that used it), then frees it (in this order:
    /// the attached copy reads the scratch connection's memory). Should the detach fail (it can only
    /// inside a transaction that could not end), the scratch memory is kept for the life of the
    /// process rather than freed under the writer's feet.
    func detach(from db: Database) {
        outcome.cancel()
        let result = outcome.wait()
        // Fails harmlessly when it was never attached (the build or the batch failed first).
        try? db.execute(sql: "DETACH DATABASE \(Self.schemaName)")
        guard case .success(let queue) = result else { return }
        let attached = (try? String.fetchAll(db, sql: "SELECT name FROM pragma_database_list")) ?? [Self.schemaName]
        if attached.contains(Self.schemaName) {
            _ = Unmanaged.passRetained(queue)  // deliberately never released: see above
        } else {
            try? queue.close()
        }
    }

    private static func build(_ source: Source, outcome: BuildOutcome) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "entries-scratch"
        let queue = try DatabaseQueue(configuration: configuration)
        do {
            try queue.writeWithoutTransaction { db in
                try prepare(db)
                try db.inTransaction {
                    try fill(db, from: source, outcome: outcome)
                    return .commit
                }
            }
            return queue
        } catch {
            try? queue.close()
            throw error
        }
    }

    /// Makes the scratch database a "memdb" (an in-memory database that SQLite can lend to another
    /// connection without a copy: see ``install(in:)``) that may grow past memdb's default 1 GiB, and
    /// needs no journal nor durability.
    /// See <https://www.sqlite.org/c3ref/deserialize.html>.
    private static func prepare(_ db: Database) throws {
        let growable = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        let opened = sqlite3_deserialize(db.sqliteConnection, "main", nil, 0, 0, growable)
        guard opened == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: opened), message: "cannot create the scratch database")
        }
        try db.execute(sql: "PRAGMA journal_mode = OFF")
        try db.execute(sql: "PRAGMA synchronous = OFF")
        var limit: Int64 = 1 << 46
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit)
        if code != SQLITE_OK {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot size the scratch database")
        }
    }

    private static func fill(_ db: Database, from source: Source, outcome: BuildOutcome) throws {
        try db.execute(sql: source.tableDefinition)
        let settings: [(key: String, value: DatabaseValue)]
        if let given = source.settingsOfAnEmptyStore {
            settings = given.map { (key: $0.key, value: $0.value) }
            for setting in settings { try configure(db, setting.key, setting.value) }
            try configure(db, "hashsize", buildHashSize)
        } else {
            settings = try source.reader.read { reader in
                try reader.revalidateSchema()
                let settings = try copySettings(from: reader, into: db)
                try configure(db, "hashsize", buildHashSize)
                try indexExistingEntries(reader, upTo: source.lastExistingID, into: db) { outcome.isCancelled }
                return settings
            }
        }
        // One row per run: a statement of several rows opens a savepoint, at which FTS5 writes out
        // the terms gathered so far (many small segments to merge instead of one large one).
        let drafts = source.drafts
        var insertDrafts = try BatchedInsert<Int>(
            db, into: "entryFTS", columns: ["rowid", "title", "body", "moreDetails", "tags"], rowsPerGroup: 1
        ) { index, statement, first, arena in
            try statement.bind(source.lastExistingID + Int64(index) + 1, at: first + 1)
            try statement.bind(drafts[index].title, at: first + 2, copyingInto: arena)
            try statement.bind(drafts[index].body, at: first + 3, copyingInto: arena)
            try statement.bind(drafts[index].moreDetails, at: first + 4, copyingInto: arena)
            try statement.bind(TagList.encode(TagList.normalize(drafts[index].tags)), at: first + 5, copyingInto: arena)
        }
        for index in drafts.indices {
            if index % 1_024 == 0, outcome.isCancelled { throw CancellationError() }
            try insertDrafts.add(index)
        }
        try insertDrafts.finish()
        // Back to the database's own setting (FTS5's default when it has none) before the copy.
        let hashSize = settings.first { $0.key == "hashsize" }?.value ?? 1_048_576.databaseValue
        try configure(db, "hashsize", hashSize)
    }

    /// Sets one of the `entryFTS` index's settings (`hashsize`, say) in `db`.
    static func configure(_ db: Database, _ key: String, _ value: some DatabaseValueConvertible) throws {
        try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES (?, ?)", arguments: [key, value])
    }

    /// Gives the `entryFTS` index of `db` the settings of the one `reader` reads, and returns them.
    @discardableResult
    static func copySettings(from reader: Database, into db: Database) throws -> [(key: String, value: DatabaseValue)] {
        let settings = try Row.fetchAll(reader, sql: "SELECT k, v FROM entryFTS_config WHERE k != 'version'")
            .map { (key: $0[0] as String, value: $0[1] as DatabaseValue) }
        for setting in settings { try configure(db, setting.key, setting.value) }
        return settings
    }

    /// Indexes the committed entries in id order (FTS5 appends ascending rowids without flushing)
    /// into the `entryFTS` index of `db`; throws `CancellationError` once `isCancelled` says so.
    static func indexExistingEntries(
        _ reader: Database, upTo lastID: Int64, into db: Database, isCancelled: () -> Bool
    ) throws {
        let insertText = try RawStatement(
            db,
            sql: """
                INSERT INTO entryFTS(rowid, title, body, moreDetails, tags) VALUES (?, ?, ?, ?, ?)
                """)
        let entries = try RawStatement(
            reader,
            sql: """
                SELECT id, title, body, moreDetails, tags FROM entry WHERE id <= ? ORDER BY id
                """)
        try entries.bind(lastID, at: 1)
        defer { entries.reset() }
        var count = 0
        while try entries.step() {
            count += 1
            if count % 1_024 == 0, isCancelled() { throw CancellationError() }
            try insertText.bind(entries.int64(at: 0), at: 1)
            for column in Int32(1)...4 { try insertText.bind(entries.text(at: column), at: column + 1) }
            try insertText.run()
        }
    }
}

/// The result of a build, handed from the building thread to the writer, and a cancel flag going the
/// other way. A lock guards both.
private final class BuildOutcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<DatabaseQueue, any Error>?
    private var cancelled = false

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
    }

    func finish(_ result: Result<DatabaseQueue, any Error>) {
        condition.lock()
        self.result = result
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the build has finished.
    func wait() -> Result<DatabaseQueue, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
