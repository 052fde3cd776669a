import EntryModel
import GRDB

extension SQLiteEntryRepository: EntryRemoval {
    public func remove(ids: [Int64]) throws {
        try write { db in
            // entryTag and entryLink rows go by ON DELETE CASCADE, the FTS row and the kept counts by
            // triggers, as for a delete; the rows do not go into the trash. A throw rolls back all.
            let statement = try RawStatement(db, sql: "DELETE FROM entry WHERE id = ?")
            for id in ids {
                try statement.bind(id, at: 1)
                try statement.run()
                if db.changesCount == 0 { throw EntryStoreError.notFound(id: id) }
            }
        }
    }
}
