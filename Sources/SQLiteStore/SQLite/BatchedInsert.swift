import EntryModel
import GRDB

/// An INSERT of many rows run a group of rows at a time: one statement run per row costs more than
/// the row itself (each run opens the table and seeks from its root, and a virtual table starts and
/// ends an update). Rows are held until their group is complete, then bound and written together.
struct BatchedInsert<Row> {
    /// Binds one row's values to `statement`, starting at parameter `first + 1`.
    typealias Binder = (_ row: Row, _ statement: RawStatement, _ first: Int32, _ arena: TextArena) throws -> Void

    private let group: RawStatement
    private let single: RawStatement
    private let rowsPerGroup: Int
    private let columnCount: Int
    private let bind: Binder
    private var pending: [Row] = []
    /// The texts bound for one run (see ``TextArena``).
    private let arena = TextArena()

    /// Prepares `INSERT INTO table (columns) VALUES (...), (...)...` for groups of `rowsPerGroup` rows.
    init(_ db: Database, into table: String, columns: [String], rowsPerGroup: Int, bind: @escaping Binder) throws {
        self.rowsPerGroup = rowsPerGroup
        columnCount = columns.count
        self.bind = bind
        group = try RawStatement(db, sql: Self.sql(table, columns, rows: rowsPerGroup))
        single = try RawStatement(db, sql: Self.sql(table, columns, rows: 1))
        pending.reserveCapacity(rowsPerGroup)
    }

    /// Adds a row, writing its group if complete.
    mutating func add(_ row: Row) throws {
        pending.append(row)
        guard pending.count == rowsPerGroup else { return }
        for (index, row) in pending.enumerated() { try bind(row, group, Int32(index * columnCount), arena) }
        try group.run()
        arena.reset()
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes the rows of the last, incomplete group.
    mutating func finish() throws {
        for row in pending {
            try bind(row, single, 0, arena)
            try single.run()
            arena.reset()
        }
        pending.removeAll()
    }

    private static func sql(_ table: String, _ columns: [String], rows: Int) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + (0..<rows).map { row in
                "(" + (1...columns.count).map { "?\(row * columns.count + $0)" }.joined(separator: ", ") + ")"
            }.joined(separator: ", ")
    }
}
