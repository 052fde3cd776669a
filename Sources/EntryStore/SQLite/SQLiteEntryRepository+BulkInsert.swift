import Foundation
import GRDB

extension SQLiteEntryRepository {
    /// Below this many drafts, a bulk insert just inserts row by row (the FTS trigger indexes each row).
    static let bulkThreshold = 500

    /// Stores many new entries in one transaction: all of them or none.
    ///
    /// For large batches the full-text index is built in one pass at the end instead of row by row:
    /// the FTS insert trigger is dropped, the rows inserted with reused prepared statements, the new
    /// rows indexed with one `INSERT INTO entryFTS ... SELECT`, and the trigger recreated — all inside
    /// the same transaction (DDL is transactional in SQLite), so a failure leaves nothing behind.
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
            if bulk {
                try db.execute(sql: "DROP TRIGGER \(EntrySchema.ftsInsertTrigger)")
            }
            let inserter = try EntryInserter(db)
            let now = Date()
            for (offset, draft) in drafts.enumerated() {
                _ = try inserter.insert(draft, now: now)
                let inserted = offset + 1
                if inserted % step == 0 && inserted != drafts.count { progress?(inserted) }
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
