extension EntryRepository {
    /// The default for a store without a streamed path (the in-memory one, tests' fakes): gathers
    /// every batch, then stores them with ``insert(contentsOf:progress:)``. All or nothing, as
    /// required, since nothing is stored before `produce` has finished; memory grows with the import.
    @discardableResult
    public func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        var drafts: [EntryDraft] = []
        try produce { batch in drafts += batch }
        return try insert(contentsOf: drafts, progress: progress)
    }
}
