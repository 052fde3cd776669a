import EntryModel

/// An import that reads, checks and stores its entries a batch at a time, inside the store's one
/// transaction (``EntryRepository/insert(batchesFrom:progress:)``): memory holds a batch and the part
/// of the file being read, whatever the file's size, and the import is still all or nothing. A
/// problem found in the last record of a huge file refuses the whole file, as before, since nothing
/// is committed until the reader has reached the end.
public enum StreamedImport {
    /// Entries per batch: large enough that a batch's fixed costs (a duplicate check's range read, the
    /// statements prepared for it) do not count, small enough to stay a few megabytes.
    public static let batchSize = 5_000

    /// What an import did.
    public struct Outcome: Equatable, Sendable {
        /// How many entries were stored.
        public var imported: Int
        /// How many were left out because the journal held them already.
        public var skipped: Int

        /// An outcome of `imported` entries stored and `skipped` left out.
        public init(imported: Int, skipped: Int) {
            self.imported = imported
            self.skipped = skipped
        }
    }

    /// Stores what `read` hands its sink (a format's reader over a file: ``ImportFormat/read(_:timeZone:into:)``),
    /// skipping the entries already present unless `skippingDuplicates` is false (``DuplicateEntries``).
    /// `afterBatch` is called after each batch is stored (to show how far the reading has come).
    /// Errors of `read` come out as they were thrown (an ``ImportError`` names the record); nothing is
    /// stored then.
    public static func run(
        into repository: any EntryRepository, skippingDuplicates: Bool, batchSize: Int = batchSize,
        progress: (@Sendable (BulkInsertProgress) -> Void)? = nil, afterBatch: (() -> Void)? = nil,
        read: (_ sink: (EntryDraft) throws -> Void) throws -> Void
    ) throws -> Outcome {
        var skipped = 0
        // Asked before the store's transaction: while it writes, an SQLite store into an empty
        // journal may hold its file alone, and the duplicate check must not read it then.
        let storeIsEmpty = skippingDuplicates ? try repository.count(filter: .all) == 0 : nil
        let imported = try repository.insert(
            batchesFrom: { givenWrite in
                try withoutActuallyEscaping(givenWrite) { write in
                    // Freed once the file is read, before the store builds its indexes (which take memory too).
                    var duplicates =
                        skippingDuplicates
                        ? DuplicateEntries.Filter(repository: repository, storeIsEmpty: storeIsEmpty) : nil
                    defer {
                        skipped = duplicates?.skipped ?? 0
                        duplicates = nil
                        FreedMemory.giveBack()
                    }
                    var batch: [EntryDraft] = []
                    batch.reserveCapacity(batchSize)
                    func flush() throws {
                        guard !batch.isEmpty else { return }
                        let kept = try duplicates?.kept(batch) ?? batch
                        if !kept.isEmpty { try write(kept) }
                        batch.removeAll(keepingCapacity: true)
                        afterBatch?()
                    }
                    try read { draft in
                        batch.append(draft)
                        if batch.count >= batchSize { try flush() }
                    }
                    try flush()
                }
            }, progress: progress)
        return Outcome(imported: imported, skipped: skipped)
    }
}
