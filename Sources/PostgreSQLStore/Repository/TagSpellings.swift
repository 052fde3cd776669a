import EntryModel
import NIOCore
import PostgresNIO

/// The spellings the journal holds of the tags a filter or a query names: `Work` finds the entries
/// tagged `work` and `WORK` (``TagKey``).
///
/// Entries keep their own spelling in `tags` (under the GIN index), so a tag asked for becomes the
/// spellings of its key, found in the kept counts (`PostgreSQLSchema+TagCount.swift`, about a row per
/// spelling, read in one round trip before the statement that uses them). The tag filter then asks
/// for an overlap (`&&`) with those spellings, which the GIN index answers as it answers `@>`.
struct TagSpellings: Sendable {
    private var byKey: [String: [String]] = [:]

    /// No tag named: nothing to look up.
    static let none = TagSpellings()

    /// The spellings of `tags` (nothing is read when there are none).
    static func read(
        _ tags: [String], session: PostgreSQLSession, connection: PostgresConnection
    ) throws -> TagSpellings {
        guard !tags.isEmpty else { return .none }
        let wanted = Set(tags.map(TagKey.key))
        var spellings = TagSpellings()
        for row in try session.rows(connection, PostgresQuery(unsafeSQL: PostgreSQLSchema.keptTagCounts)) {
            let spelling = String(buffer: try row.decode((ByteBuffer, Int64).self).0)
            let key = TagKey.key(spelling)
            if wanted.contains(key) { spellings.byKey[key, default: []].append(spelling) }
        }
        return spellings
    }

    /// Every spelling of `tag` in the journal, or `tag` itself when it has none (it then matches nothing).
    func of(_ tag: String) -> [ByteBuffer] {
        (byKey[TagKey.key(tag)] ?? [tag]).map(EntryRows.bytes)
    }

    /// The SQL condition "carries `tag` in any spelling", its spellings bound into `query`.
    func condition(_ tag: String, in query: inout QueryBuilder) -> String {
        "tags && \(query.bind(of(tag)))::bytea[]"
    }

    /// The SQL condition "carries any of `tags` in any spelling".
    func conditionForAny(_ tags: [String], in query: inout QueryBuilder) -> String {
        "tags && \(query.bind(tags.flatMap(of)))::bytea[]"
    }
}

extension PostgreSQLEntryRepository {
    /// The spellings of `tags`, in a round trip of its own.
    func tagSpellings(_ tags: [String]) throws -> TagSpellings {
        guard !tags.isEmpty else { return .none }
        return try session.run { connection in try TagSpellings.read(tags, session: session, connection: connection) }
    }
}
