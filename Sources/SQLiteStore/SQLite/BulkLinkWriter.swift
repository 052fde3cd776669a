import EntryModel
import GRDB

/// Writes the `entryLink` rows of a large batch of new entries (``EntrySchema`` v9), a group of rows
/// per statement run (see ``BatchedInsert``): an import of a million entries with three links each
/// writes three million rows, and one statement run per row cost more than the row.
struct BulkLinkWriter {
    /// Rows per statement run: as many as ``BulkEntryWriter`` writes, small enough that SQLite's
    /// limit on bound values (32,766) is far.
    static let rowsPerGroup = 128

    private var byID: BatchedInsert<(sourceId: Int64, targetId: Int64)>
    private var byKey: BatchedInsert<(sourceId: Int64, targetKey: [UInt8])>

    /// Prepares the two statements (rows by id, rows by title key).
    init(_ db: Database) throws {
        byID = try BatchedInsert(
            db, into: "entryLink", columns: ["sourceId", "targetId"], rowsPerGroup: Self.rowsPerGroup
        ) { row, statement, first, _ in
            try statement.bind(row.sourceId, at: first + 1)
            try statement.bind(row.targetId, at: first + 2)
        }
        byKey = try BatchedInsert(
            db, into: "entryLink", columns: ["sourceId", "targetKey"], rowsPerGroup: Self.rowsPerGroup
        ) { row, statement, first, arena in
            try statement.bind(row.sourceId, at: first + 1)
            try statement.bind(row.targetKey, at: first + 2, copyingInto: arena)
        }
    }

    /// Adds the rows of `targets` for the new entry `sourceId`, writing each group once complete.
    mutating func add(_ targets: EntryLinkTargets, sourceId: Int64) throws {
        for id in targets.ids { try byID.add((sourceId: sourceId, targetId: id)) }
        for key in targets.titleKeys { try byKey.add((sourceId: sourceId, targetKey: key)) }
    }

    /// Writes the rows still held.
    mutating func finish() throws {
        try byID.finish()
        try byKey.finish()
    }
}
