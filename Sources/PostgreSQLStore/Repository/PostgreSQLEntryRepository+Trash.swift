import EntryModel
import Foundation
import PostgresNIO

/// The trash: `delete` moves the row to `"trashedEntry"` and `restore` moves it back, each in one
/// statement (a data-modifying `WITH`), so an entry is in exactly one of the two tables whatever
/// happens. The triggers of `entry` tell the change feed: a delete is `deleted`, a restore `inserted`.
extension PostgreSQLEntryRepository {
    /// Moves the row from `entry` to `"trashedEntry"` in one statement, stamped with the client's time.
    public func delete(id: Int64) throws {
        let deleted = try session.run { connection in try moveToTrash(id: id, on: connection) }
        if !deleted { throw EntryStoreError.notFound(id: id) }
    }

    /// Moves the entry `id` to the trash on `connection`; false when there is no such entry.
    func moveToTrash(id: Int64, on connection: PostgresConnection) throws -> Bool {
        let now = StoredDate.milliseconds(Date())
        let columns = PostgreSQLSchema.trashedColumns
        let query: PostgresQuery = """
            WITH gone AS (DELETE FROM entry WHERE id = \(id) RETURNING \(unescaped: columns))
            INSERT INTO "trashedEntry" (\(unescaped: columns), "deletedAt")
            SELECT \(unescaped: columns), \(now) FROM gone RETURNING id
            """
        return try session.rows(connection, query).first != nil
    }

    /// Reads `"trashedEntry"` in one statement.
    public func trashedEntries() throws -> [TrashedEntry] {
        try session.run { connection in
            try session.rows(
                connection,
                """
                SELECT \(unescaped: EntryRows.entryColumns), "deletedAt" FROM "trashedEntry" ORDER BY "deletedAt" DESC, id DESC
                """
            ).map { row in
                let (id, title, tags, created, updated, starred, body, more, deleted) = try row.decode(
                    (Int64, ByteBuffer, [ByteBuffer], Int64, Int64, Bool, ByteBuffer, ByteBuffer, Int64).self)
                let entry = Entry(
                    id: id, title: String(buffer: title), body: String(buffer: body), moreDetails: String(buffer: more),
                    tags: tags.map { String(buffer: $0) }, createdAt: StoredDate.date(created),
                    updatedAt: StoredDate.date(updated),
                    starred: starred)
                return TrashedEntry(entry: entry, deletedAt: StoredDate.date(deleted))
            }
        }
    }

    /// Puts the row back with its own id (`OVERRIDING SYSTEM VALUE`): the identity sequence gave it
    /// once and is past it, so no other entry can hold it, and no id is given twice.
    @discardableResult
    public func restore(id: Int64) throws -> Entry {
        let columns = PostgreSQLSchema.trashedColumns
        let query: PostgresQuery = """
            WITH back AS (DELETE FROM "trashedEntry" WHERE id = \(id) RETURNING \(unescaped: columns))
            INSERT INTO entry (\(unescaped: columns)) OVERRIDING SYSTEM VALUE
            SELECT \(unescaped: columns) FROM back RETURNING \(unescaped: EntryRows.entryColumns)
            """
        let restored = try session.transaction { connection in
            let restored = try session.rows(connection, query).first.map(EntryRows.entry)
            if let restored {
                try Self.writeLinks(
                    EntryLinkTargets(restored), sourceId: id, replacing: false, session: session, connection: connection
                )
            }
            return restored
        }
        guard let restored else { throw EntryStoreError.notInTrash(id: id) }
        return restored
    }

    /// Deletes the rows of `"trashedEntry"` deleted before `date` (all when nil), one statement.
    @discardableResult
    public func emptyTrash(deletedBefore date: Date?) throws -> Int {
        let cutoff = date.map(StoredDate.milliseconds) ?? Int64.max
        let query: PostgresQuery = """
            WITH emptied AS (DELETE FROM "trashedEntry" WHERE "deletedAt" < \(cutoff) RETURNING 1)
            SELECT count(*) FROM emptied
            """
        return try session.run { connection in
            try session.rows(connection, query).first.map { try $0.decode(Int.self) } ?? 0
        }
    }
}

extension PostgreSQLEntryRepository: TrashRemoval {
    /// Deletes the row `id` of `"trashedEntry"` for good, one statement; an id not in the trash is
    /// `EntryStoreError.notInTrash(id:)`.
    public func removeFromTrash(id: Int64) throws {
        let query: PostgresQuery = """
            WITH removed AS (DELETE FROM "trashedEntry" WHERE id = \(id) RETURNING 1)
            SELECT count(*) FROM removed
            """
        let removed = try session.run { connection in
            try session.rows(connection, query).first.map { try $0.decode(Int.self) } ?? 0
        }
        if removed == 0 { throw EntryStoreError.notInTrash(id: id) }
    }
}
