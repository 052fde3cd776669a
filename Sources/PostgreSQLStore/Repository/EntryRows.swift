import EntryModel
import NIOCore
import PostgresNIO

/// The columns read back for summaries and whole entries, and how a row becomes one.
enum EntryRows {
    static let summaryColumns = #"id, title, tags, "createdAt", "updatedAt", starred, words"#
    static let entryColumns = #"id, title, tags, "createdAt", "updatedAt", starred, body, "moreDetails""#

    static func summary(_ row: PostgresRow) throws -> EntrySummary {
        let (id, title, tags, created, updated, starred, words) = try row.decode(
            (Int64, ByteBuffer, [ByteBuffer], Int64, Int64, Bool, Int32).self)
        return EntrySummary(
            id: id, title: String(buffer: title), tags: tags.map { String(buffer: $0) },
            createdAt: StoredDate.date(created), updatedAt: StoredDate.date(updated), starred: starred,
            words: Int(words))
    }

    static func entry(_ row: PostgresRow) throws -> Entry {
        let (id, title, tags, created, updated, starred, body, more) = try row.decode(
            (Int64, ByteBuffer, [ByteBuffer], Int64, Int64, Bool, ByteBuffer, ByteBuffer).self)
        return Entry(
            id: id, title: String(buffer: title), body: String(buffer: body), moreDetails: String(buffer: more),
            tags: tags.map { String(buffer: $0) }, createdAt: StoredDate.date(created),
            updatedAt: StoredDate.date(updated),
            starred: starred)
    }

    /// A whole entry followed by a score (`real`): ``entryColumns`` and one more.
    static func scoredEntry(_ row: PostgresRow) throws -> (entry: Entry, score: Float) {
        let (id, title, tags, created, updated, starred, body, more, score) = try row.decode(
            (Int64, ByteBuffer, [ByteBuffer], Int64, Int64, Bool, ByteBuffer, ByteBuffer, Float).self)
        let entry = Entry(
            id: id, title: String(buffer: title), body: String(buffer: body), moreDetails: String(buffer: more),
            tags: tags.map { String(buffer: $0) }, createdAt: StoredDate.date(created),
            updatedAt: StoredDate.date(updated),
            starred: starred)
        return (entry, score)
    }

    /// Text as `bytea`, byte for byte.
    static func bytes(_ text: String) -> ByteBuffer {
        ByteBuffer(string: text)
    }
}
