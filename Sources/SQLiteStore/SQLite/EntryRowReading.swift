import EntryModel

/// The columns a page or a search reads, and how to read them, shared by every summary query.
enum EntryColumns {
    /// Columns of an ``EntrySummary``, in the order ``summary(from:)`` reads them.
    static let summary =
        "entry.id, entry.title, entry.tags, entry.createdAt, entry.updatedAt, entry.starred, entry.words"
    /// ``summary`` for a database without the word count (v10, read-only before its migration): the
    /// body in its place, counted as it is read.
    static let summaryCountingWords =
        "entry.id, entry.title, entry.tags, entry.createdAt, entry.updatedAt, entry.starred, entry.body"
    /// Columns of an ``Entry``, in the order ``entry(from:)`` reads them.
    static let entry = "id, title, body, moreDetails, tags, createdAt, updatedAt, starred"

    static func summary(from statement: RawStatement) -> EntrySummary {
        EntrySummary(
            id: statement.int64(at: 0),
            title: statement.text(at: 1),
            tags: TagList.decode(statement.text(at: 2)),
            createdAt: StoredDate.date(statement.int64(at: 3)),
            updatedAt: StoredDate.date(statement.int64(at: 4)),
            starred: statement.int64(at: 5) != 0,
            words: statement.isText(at: 6) ? WordCount.of(statement.text(at: 6)) : Int(statement.int64(at: 6))
        )
    }

    static func entry(from statement: RawStatement) -> Entry {
        Entry(
            id: statement.int64(at: 0),
            title: statement.text(at: 1),
            body: statement.text(at: 2),
            moreDetails: statement.text(at: 3),
            tags: TagList.decode(statement.text(at: 4)),
            createdAt: StoredDate.date(statement.int64(at: 5)),
            updatedAt: StoredDate.date(statement.int64(at: 6)),
            starred: statement.int64(at: 7) != 0
        )
    }

    /// Reads every row `statement` returns with `read`, then resets the statement.
    static func all<T>(_ statement: RawStatement, _ read: (RawStatement) -> T) throws -> [T] {
        defer { statement.reset() }
        var rows: [T] = []
        while try statement.step() {
            rows.append(read(statement))
        }
        return rows
    }
}
