import Foundation
import GRDB

/// Writes the `entry` rows of a large batch of new entries, in input order, with ids chosen in
/// advance, several rows per statement run (one run per row costs more than the row itself: each
/// run opens the table and seeks from its root).
struct BulkEntryWriter {
    /// One row, held until its group is written.
    private struct Row {
        var id: Int64
        var draft: EntryDraft
        var tags: String
        var createdAt: Int64
        var updatedAt: Int64
    }

    private static let rowsPerStatement = 64
    private let batch: RawStatement
    private let single: RawStatement
    private var pending: [Row] = []
    private let arena = TextArena()

    init(_ db: Database) throws {
        batch = try RawStatement(db, sql: Self.insertSQL(rows: Self.rowsPerStatement))
        single = try RawStatement(db, sql: Self.insertSQL(rows: 1))
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Writes the `entry` row of `draft` with id `id` (or holds it until its group is complete, or
    /// ``finish()``) and returns its tags, normalized. Missing dates become `now`, as in ``EntryInserter``.
    mutating func write(_ draft: EntryDraft, id: Int64, now: Date) throws -> [String] {
        let tags = TagList.normalize(draft.tags)
        let createdAt = StoredDate.milliseconds(draft.createdAt ?? now)
        let updatedAt = draft.updatedAt.map(StoredDate.milliseconds) ?? createdAt
        pending.append(Row(id: id, draft: draft, tags: TagList.encode(tags), createdAt: createdAt, updatedAt: updatedAt))
        if pending.count == Self.rowsPerStatement {
            for (index, row) in pending.enumerated() { try bind(row, to: batch, from: Int32(index * 7)) }
            try batch.run()
            arena.reset()
            pending.removeAll(keepingCapacity: true)
        }
        return tags
    }

    /// Writes the rows still held: the last, incomplete group of a batch.
    mutating func finish() throws {
        for row in pending {
            try bind(row, to: single, from: 0)
            try single.run()
            arena.reset()
        }
        pending.removeAll()
    }

    private func bind(_ row: Row, to statement: RawStatement, from first: Int32) throws {
        try statement.bind(row.id, at: first + 1)
        try statement.bind(row.draft.title, at: first + 2, copyingInto: arena)
        try statement.bind(row.draft.body, at: first + 3, copyingInto: arena)
        try statement.bind(row.draft.moreDetails, at: first + 4, copyingInto: arena)
        try statement.bind(row.tags, at: first + 5, copyingInto: arena)
        try statement.bind(row.createdAt, at: first + 6)
        try statement.bind(row.updatedAt, at: first + 7)
    }

    /// `INSERT INTO entry (...) VALUES (?1, ..., ?7), (?8, ..., ?14)...` for `rows` rows.
    private static func insertSQL(rows: Int) -> String {
        "INSERT INTO entry (id, title, body, moreDetails, tags, createdAt, updatedAt) VALUES "
            + (0..<rows).map { row in "(" + (1...7).map { "?\(row * 7 + $0)" }.joined(separator: ", ") + ")" }
                .joined(separator: ", ")
    }
}
