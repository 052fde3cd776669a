import EntryModel
import GRDB

/// Writes the `entryLink` rows of a large batch of new entries (``EntrySchema`` v10, with v13's
/// creation time of the source), a group of rows
/// per statement run (see ``BatchedInsert``): an import of a million entries with three links each
/// writes three million rows, and one statement run per row cost more than the row.
struct BulkLinkWriter {
    /// Rows per statement run: as many as ``BulkEntryWriter`` writes, small enough that SQLite's
    /// limit on bound values (32,766) is far.
    static let rowsPerGroup = 128

    /// One row: the target is an id (`[[#42]]`) or a title key (`[[Title]]`), both in `target`.
    private enum Target {
        case id(Int64)
        case key([UInt8])
    }

    private var rows: BatchedInsert<(sourceId: Int64, target: Target, createdAt: Int64)>

    /// Prepares the statement.
    init(_ db: Database) throws {
        rows = try BatchedInsert(
            db, into: "entryLink", columns: ["sourceId", "target", "sourceCreatedAt"],
            rowsPerGroup: Self.rowsPerGroup
        ) { row, statement, first, arena in
            try statement.bind(row.sourceId, at: first + 1)
            switch row.target {
            case .id(let id): try statement.bind(id, at: first + 2)
            case .key(let key): try statement.bind(key, at: first + 2, copyingInto: arena)
            }
            try statement.bind(row.createdAt, at: first + 3)
        }
    }

    /// Adds the rows of `targets` for the new entry `sourceId` created at `createdAt` (milliseconds, as
    /// stored in its row), writing each group once complete. In the table's key order (ids before
    /// keys, each ascending): rows of ascending sources go to the table's end.
    mutating func add(_ targets: EntryLinkTargets, sourceId: Int64, createdAt: Int64) throws {
        for id in targets.ids { try rows.add((sourceId: sourceId, target: .id(id), createdAt: createdAt)) }
        for key in targets.titleKeys { try rows.add((sourceId: sourceId, target: .key(key), createdAt: createdAt)) }
    }

    /// Writes the rows still held.
    mutating func finish() throws {
        try rows.finish()
    }
}
