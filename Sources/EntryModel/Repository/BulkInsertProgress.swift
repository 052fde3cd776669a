/// How far a bulk insert (``EntryRepository/insert(contentsOf:progress:)``) has come, for a progress
/// display. A large insert into SQLite goes through every stage in this order; a small one, or one
/// into memory, may report only some of them, and one that succeeds ends with ``finished(total:)``.
public enum BulkInsertProgress: Sendable, Equatable {
    /// Entry rows written so far, of `total` (reported about every 1%).
    case writing(done: Int, total: Int)
    /// Every row is written; the sort indexes and the full-text index are being brought up to date.
    case indexing
    /// The transaction is being committed to disk.
    case saving
    /// Everything is stored.
    case finished(total: Int)
}
