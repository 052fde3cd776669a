import EntryModel
import Foundation
import GRDB

/// Writes the `entry` rows of a large batch of new entries, in input order, with ids chosen in
/// advance, a group of rows per statement run (see ``BatchedInsert``).
struct BulkEntryWriter {
    /// One row, held until its group is written. It points into the drafts rather than copying one
    /// (each copy retains its five texts and releases them again, a cost that shows at a million rows).
    private struct Row {
        var id: Int64
        var index: Int
        var tags: String
        var createdAt: Int64
        var updatedAt: Int64
    }

    private var insert: BatchedInsert<Row>
    private let drafts: [EntryDraft]

    /// Prepares to write rows of `drafts`.
    init(_ db: Database, drafts: [EntryDraft]) throws {
        self.drafts = drafts
        insert = try BatchedInsert(
            db, into: "entry",
            columns: [
                "id", "title", "body", "moreDetails", "tags", "createdAt", "updatedAt", "titleKey", "starred", "words",
            ],
            rowsPerGroup: 64
        ) { row, statement, first, arena in
            try statement.bind(row.id, at: first + 1)
            try statement.bind(drafts[row.index].title, at: first + 2, copyingInto: arena)
            try statement.bind(drafts[row.index].body, at: first + 3, copyingInto: arena)
            try statement.bind(drafts[row.index].moreDetails, at: first + 4, copyingInto: arena)
            try statement.bind(row.tags, at: first + 5, copyingInto: arena)
            try statement.bind(row.createdAt, at: first + 6)
            try statement.bind(row.updatedAt, at: first + 7)
            try statement.bind(TitleSortKey.key(drafts[row.index].title), at: first + 8, copyingInto: arena)
            try statement.bind(drafts[row.index].starred ? 1 : 0, at: first + 9)
            try statement.bind(Int64(WordCount.of(drafts[row.index].body)), at: first + 10)
        }
    }

    /// Writes the `entry` row of the draft at `index` with id `id` (or holds it until its group is
    /// complete, or ``finish()``) and returns its tags, normalized. Missing dates become `now`, as in
    /// ``EntryInserter``.
    mutating func write(at index: Int, id: Int64, now: Date) throws -> [String] {
        let tags = TagList.normalize(drafts[index].tags)
        let createdAt = Self.createdAt(of: drafts[index], now: now)
        let updatedAt = drafts[index].updatedAt.map(StoredDate.milliseconds) ?? createdAt
        try insert.add(
            Row(id: id, index: index, tags: TagList.encode(tags), createdAt: createdAt, updatedAt: updatedAt))
        return tags
    }

    /// The creation time stored for `draft`, in milliseconds: `now` when it has none.
    static func createdAt(of draft: EntryDraft, now: Date) -> Int64 {
        StoredDate.milliseconds(draft.createdAt ?? now)
    }

    /// Writes the rows still held: the last, incomplete group of a batch.
    mutating func finish() throws {
        try insert.finish()
    }
}
