import EntryModel
import GRDB

extension SQLiteEntryRepository {
    /// One range scan of the index on `(createdAt, id)`, which holds both columns: no table row is read.
    public func creationTimes(in range: ClosedRange<Int64>) throws -> [EntryCreationTime] {
        try read { db in
            let statement = try RawStatement(db, sql: "SELECT id, createdAt FROM entry WHERE createdAt BETWEEN ? AND ? ORDER BY createdAt")
            defer { statement.reset() }
            try statement.bind(range.lowerBound, at: 1)
            try statement.bind(range.upperBound, at: 2)
            var times: [EntryCreationTime] = []
            while try statement.step() {
                times.append(EntryCreationTime(id: statement.int64(at: 0), createdAt: statement.int64(at: 1)))
            }
            return times
        }
    }
}
