import Foundation

/// An entry's id and creation time in milliseconds since 1970, as stored (see ``StoredDate``).
public struct EntryCreationTime: Hashable, Sendable {
    /// The entry's id.
    public var id: Int64
    /// When the entry was created, in milliseconds since 1970-01-01 UTC.
    public var createdAt: Int64

    /// Creates the pair of an entry's id and stored creation time.
    public init(id: Int64, createdAt: Int64) {
        self.id = id
        self.createdAt = createdAt
    }
}

extension EntryRepository {
    /// Pages through every entry, oldest first, and stops past the range: right for any store, fast
    /// for none; stores with an index on creation time answer with one query instead.
    public func creationTimes(in range: ClosedRange<Int64>) throws -> [EntryCreationTime] {
        var times: [EntryCreationTime] = []
        var anchor = PageAnchor.start
        while true {
            let page = try self.page(PageRequest(order: .oldest, filter: .all, anchor: anchor, limit: 1_000))
            for summary in page {
                let created = StoredDate.milliseconds(summary.createdAt)
                if created > range.upperBound { return times }
                if created >= range.lowerBound { times.append(EntryCreationTime(id: summary.id, createdAt: created)) }
            }
            guard let last = page.last, page.count >= 1_000 else { return times }
            anchor = .after(last)
        }
    }

    /// Reads the range from the earliest of `times` to the latest and keeps the entries created at one
    /// of them.
    public func creationTimes(at times: Set<Int64>) throws -> [EntryCreationTime] {
        guard let low = times.min(), let high = times.max() else { return [] }
        return try creationTimes(in: low...high).filter { times.contains($0.createdAt) }
    }
}
