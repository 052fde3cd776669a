import EntryModel
import PostgresNIO

extension PostgreSQLEntryRepository: EntryRemoval {
    /// One statement per id in one transaction; the triggers of `entry` tell the change feed of each
    /// (`deleted`), and the rows do not go into `"trashedEntry"`.
    public func remove(ids: [Int64]) throws {
        try session.transaction { connection in
            for id in ids {
                let gone = try session.rows(connection, "DELETE FROM entry WHERE id = \(id) RETURNING id").first != nil
                if !gone { throw EntryStoreError.notFound(id: id) }
            }
        }
    }
}
