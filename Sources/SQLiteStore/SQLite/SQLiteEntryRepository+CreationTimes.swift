import EntryModel
import GRDB

extension SQLiteEntryRepository {
    /// One range scan of the index on `(createdAt, id)`, which holds both columns: no table row is read.
    public func creationTimes(in range: ClosedRange<Int64>) throws -> [EntryCreationTime] {
        try read { db in
            let statement = try RawStatement(
                db, sql: "SELECT id, createdAt FROM entry WHERE createdAt BETWEEN ? AND ? ORDER BY createdAt")
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

    /// Looks each time up in the index on `(createdAt, id)`, a few hundred per statement: as fast for
    /// a batch spread over ten years as for one of a single day (the range between them would read
    /// every entry of those years, once per batch).
    public func creationTimes(at times: Set<Int64>) throws -> [EntryCreationTime] {
        let sorted = times.sorted()
        return try read { db in
            var found: [EntryCreationTime] = []
            for start in stride(from: 0, to: sorted.count, by: Self.timesPerLookup) {
                let chunk = sorted[start..<min(sorted.count, start + Self.timesPerLookup)]
                let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let statement = try RawStatement(
                    db, sql: "SELECT id, createdAt FROM entry WHERE createdAt IN (\(placeholders))")
                defer { statement.reset() }
                for (offset, time) in chunk.enumerated() { try statement.bind(time, at: Int32(offset + 1)) }
                while try statement.step() {
                    found.append(EntryCreationTime(id: statement.int64(at: 0), createdAt: statement.int64(at: 1)))
                }
            }
            return found
        }
    }

    /// Times per statement of ``creationTimes(at:)`` (SQLite allows 32,766 parameters).
    static let timesPerLookup = 500
}
