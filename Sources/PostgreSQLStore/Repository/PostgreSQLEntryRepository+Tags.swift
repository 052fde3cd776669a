import EntryModel
import NIOCore
import PostgresNIO

extension PostgreSQLEntryRepository {
    /// In one transaction: the rows tagged in any spelling (``TagSpellings``) are locked (`FOR UPDATE`, found by the GIN index on tags),
    /// and each gets its new tags and the search vector that goes with them (tags are searchable
    /// words). `updatedAt` stays: a relabelling is not an edit. The update trigger tells the change feed.
    @discardableResult
    public func renameTag(_ tag: String, to newTag: String) throws -> Int {
        try session.transaction { connection in
            let spellings = try TagSpellings.read([tag], session: session, connection: connection)
            let tagged = try session.rows(
                connection,
                """
                SELECT id, title, body, "moreDetails", tags FROM entry
                WHERE tags && \(spellings.of(tag))::bytea[] ORDER BY id FOR UPDATE
                """
            ).map { row in
                let (id, title, body, more, tags) = try row.decode(
                    (Int64, ByteBuffer, ByteBuffer, ByteBuffer, [ByteBuffer]).self)
                return (
                    id: id, title: String(buffer: title), body: String(buffer: body), moreDetails: String(buffer: more),
                    tags: tags.map { String(buffer: $0) }
                )
            }
            for entry in tagged {
                let tags = TagList.normalize(entry.tags.map { TagKey.same($0, tag) ? newTag : $0 })
                let search = SearchVector.literal(
                    title: entry.title, tags: tags, moreDetails: entry.moreDetails, body: entry.body)
                _ = try session.rows(
                    connection,
                    """
                    UPDATE entry SET tags = \(tags.map(EntryRows.bytes)), search = \(search)::tsvector WHERE id = \(entry.id)
                    """)
            }
            return tagged.count
        }
    }
}
