import EntryModel
import GRDB

/// The `entryTag` rows of a batch, gathered by tag so that they can be written tag after tag.
///
/// `entryTag` is keyed by (tag, entryId): rows written in that order append to the end of the B-tree
/// instead of landing all over it.
struct TagRows {
    /// The entry ids of each tag, in the order added (ascending when entries are added in id order).
    private var idsByTag: [ExactText: [Int64]] = [:]
    /// How many rows are gathered.
    private(set) var count = 0

    /// Rows per INSERT statement: one statement run per row costs more than the row itself (each
    /// run opens the table and seeks from its root).
    private static let rowsPerStatement = 256

    /// Adds one row per tag of entry `id` (tags already normalized, so without duplicates).
    mutating func add(_ tags: [String], entryId id: Int64) {
        for tag in tags { idsByTag[ExactText(TagKey.key(tag)), default: []].append(id) }
        count += tags.count
    }

    /// Adds this batch's number of entries per tag to the kept tag counts (``EntrySchema/v4``).
    func addCounts(_ db: Database) throws {
        let statement = try RawStatement(db, sql: EntrySchema.addTagCount)
        for (key, ids) in idsByTag {
            try statement.bind(key.text, at: 1)
            try statement.bind(Int64(ids.count), at: 2)
            try statement.runKeepingBindings()
        }
        statement.reset()
    }

    /// Writes every row through `db`, tag by tag in byte order, then ids in the order they were added.
    func write(_ db: Database) throws {
        let batch = try RawStatement(db, sql: Self.insertSQL(rows: Self.rowsPerStatement))
        let single = try RawStatement(db, sql: Self.insertSQL(rows: 1))
        for key in idsByTag.keys.sorted(by: { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) }) {
            let ids = idsByTag[key] ?? []
            let tag = key.text
            var start = 0
            try batch.bind(tag, at: 1)
            while ids.count - start >= Self.rowsPerStatement {
                for offset in 0..<Self.rowsPerStatement {
                    try batch.bind(ids[start + offset], at: Int32(offset + 2))
                }
                try batch.runKeepingBindings()
                start += Self.rowsPerStatement
            }
            try single.bind(tag, at: 1)
            for id in ids[start...] {
                try single.bind(id, at: 2)
                try single.runKeepingBindings()
            }
        }
        batch.reset()
        single.reset()
    }

    /// `INSERT INTO entryTag (tag, entryId) VALUES (?1, ?2), (?1, ?3)...` for `rows` rows of one tag.
    private static func insertSQL(rows: Int) -> String {
        "INSERT INTO entryTag (tag, entryId) VALUES " + (0..<rows).map { "(?1, ?\($0 + 2))" }.joined(separator: ", ")
    }
}

/// A text compared and hashed by its UTF-8 bytes. Swift strings are equal when they are canonically
/// equivalent ("café" composed and decomposed), but the store keeps every text's bytes as they came,
/// and SQLite compares bytes: two spellings are two tags, as they are when entries are added one by one.
private struct ExactText: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        // The bytes as one block, always (`withUTF8` makes a contiguous copy of a string that is not):
        // hashing them one by one on some strings would give equal texts different hashes.
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
