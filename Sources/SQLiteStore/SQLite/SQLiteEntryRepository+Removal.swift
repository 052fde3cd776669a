import EntryModel
import GRDB

extension SQLiteEntryRepository: EntryRemoval {
    /// Deletes the rows of these ids for good (not into the trash) in one write transaction, their tags, links and
    /// search rows with them; an id of no entry is ``EntryStoreError/notFound(id:)`` and rolls back all.
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

extension SQLiteEntryRepository: TrashRemoval {
    /// Deletes the trashed row `id` for good, one statement; an id not in the trash is
    /// `EntryStoreError.notInTrash(id:)`.
    public func removeFromTrash(id: Int64) throws {
        try write { db in
            let statement = try RawStatement(db, sql: "DELETE FROM trashedEntry WHERE id = ?")
            try statement.bind(id, at: 1)
            try statement.run()
            if db.changesCount == 0 { throw EntryStoreError.notInTrash(id: id) }
        }
    }
}
