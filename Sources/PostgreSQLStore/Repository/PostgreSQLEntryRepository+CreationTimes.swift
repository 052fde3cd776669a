import EntryModel
import PostgresNIO

/// What an import's duplicate check reads (``DuplicateEntries``), from the index on
/// `("createdAt", id)`: one statement each, instead of the default's walk through every page.
extension PostgreSQLEntryRepository {
    /// The range as one `BETWEEN` on the index, in order of creation time.
    public func creationTimes(in range: ClosedRange<Int64>) throws -> [EntryCreationTime] {
        let low = range.lowerBound, high = range.upperBound
        return try session.run { connection in
            try session.rows(
                connection,
                #"SELECT id, "createdAt" FROM entry WHERE "createdAt" BETWEEN \#(low) AND \#(high) ORDER BY "createdAt""#
            )
            .map(Self.creationTime)
        }
    }

    /// The batch's own times as one array (`= ANY`): a batch spread over years reads only its
    /// instants, not every entry between its first and last.
    public func creationTimes(at times: Set<Int64>) throws -> [EntryCreationTime] {
        guard !times.isEmpty else { return [] }
        let list = Array(times)
        return try session.run { connection in
            try session.rows(connection, #"SELECT id, "createdAt" FROM entry WHERE "createdAt" = ANY(\#(list))"#)
                .map(Self.creationTime)
        }
    }

    private static func creationTime(_ row: PostgresRow) throws -> EntryCreationTime {
        let (id, created) = try row.decode((Int64, Int64).self)
        return EntryCreationTime(id: id, createdAt: created)
    }
}
