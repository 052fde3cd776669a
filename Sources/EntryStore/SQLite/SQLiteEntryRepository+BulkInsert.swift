import Foundation
import GRDB

extension SQLiteEntryRepository {
    /// Below this many drafts, a bulk insert just inserts row by row (the FTS trigger indexes each row).
    static let bulkThreshold = 500

    /// Stores many new entries in one transaction: all of them or none.
    ///
    /// Large batches take a faster path, entirely inside the one transaction (DDL is transactional in
    /// SQLite, so a failure leaves nothing behind):
    /// - the FTS insert trigger is dropped, and the new rows are indexed in one
    ///   `INSERT INTO entryFTS ... SELECT` at the end, before the trigger is recreated;
    /// - when the batch is at least as large as the table, the sort indexes are dropped and
    ///   rebuilt at the end (sorting once beats inserting keys in random order);
    /// - rows go in through reused prepared statements, with a large page cache.
    ///
    /// - Parameter progress: called with the number of entries inserted so far, about every 1%, and
    ///   once at the end with the total.
    @discardableResult
    public func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (Int) -> Void)?) throws -> Int {
        if isReadOnly { throw EntryStoreError.readOnly(path: path) }
        guard !drafts.isEmpty else {
            progress?(0)
            return 0
        }
        let bulk = drafts.count >= Self.bulkThreshold
        let step = max(1, drafts.count / 100)
        try write { db in
            let previousMaxID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") ?? 0
            let existingCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0
            let rebuildsIndexes = bulk && drafts.count >= existingCount
            let previousCacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
            if bulk { try db.execute(sql: "PRAGMA cache_size = -131072") }  // 128 MiB, for this batch only
            defer { try? db.execute(sql: "PRAGMA cache_size = \(previousCacheSize)") }
            if bulk {
                try db.execute(sql: "DROP TRIGGER \(EntrySchema.ftsInsertTrigger)")
            }
            if rebuildsIndexes {
                for index in EntrySchema.lookupIndexes { try db.execute(sql: "DROP INDEX \(index.name)") }
            }
            let inserter = try EntryInserter(db)
            let now = Date()
            for (offset, draft) in drafts.enumerated() {
                _ = try inserter.insert(draft, now: now)
                let inserted = offset + 1
                if inserted % step == 0 && inserted != drafts.count { progress?(inserted) }
            }
            if rebuildsIndexes {
                for index in EntrySchema.lookupIndexes { try db.execute(sql: index.sql) }
            }
            if bulk {
                // Ids only grow (INTEGER PRIMARY KEY picks max(id) + 1), so the new rows are those above.
                try db.execute(sql: """
                    INSERT INTO entryFTS(rowid, title, body, moreDetails, tags)
                    SELECT id, title, body, moreDetails, tags FROM entry WHERE id > ?
                    """, arguments: [previousMaxID])
                try db.execute(sql: EntrySchema.createFTSInsertTrigger)
            }
        }
        progress?(drafts.count)
        return drafts.count
    }
}
