import EntryModel

extension EntryRepository {
    /// Calls `body` with every entry in `order` (oldest first by default), a page at a time, so that an
    /// export of a million entries holds one page in memory rather than all of them.
    ///
    /// Pages are read with keyset pagination; an entry deleted between reading its page and reading
    /// its fields is skipped. Returns how many entries `body` received.
    @discardableResult
    public func forEachEntry(
        order: EntrySortOrder = .oldest, filter: EntryFilter = .all, pageSize: Int = 500,
        _ body: (Entry) throws -> Void
    ) throws -> Int {
        var anchor = PageAnchor.start
        var delivered = 0
        while true {
            let page = try self.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: max(1, pageSize)))
            for entry in try entries(ids: page.map(\.id)) {
                try body(entry)
                delivered += 1
            }
            guard let last = page.last, page.count >= pageSize else { return delivered }
            anchor = .after(last)
        }
    }
}
