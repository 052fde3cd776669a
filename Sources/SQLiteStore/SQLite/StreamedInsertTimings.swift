import Foundation

/// Where the time of a streamed insert (``SQLiteEntryRepository/insert(batchesFrom:progress:)``) went,
/// in seconds, stage by stage: what the benchmark's table shows beside its own stages, so that a slow
/// stage at ten million entries can be named without a profiler.
public struct StreamedInsertTimings: Sendable, Equatable {
    /// Writing the `entry` rows of the batches (the writer's own share: the producer's time between
    /// batches is not in it).
    public var rows = 0.0
    /// Of ``rows``: waiting for the full-text index's thread to take a batch (it was behind).
    public var waitingForFullTextIndex = 0.0
    /// Of ``rows``: finding the links in the entries' text and writing their `entryLink` rows.
    public var links = 0.0
    /// Writing the `entryTag` rows and the tag counts.
    public var tagRows = 0.0
    /// Rebuilding the sort and tag indexes dropped during the insert.
    public var sortIndexes = 0.0
    /// Rebuilding the indexes of `entryLink` dropped during the insert.
    public var linkIndexes = 0.0
    /// The full-text index of the new rows: built in place, or waited for and copied in.
    public var fullTextIndex = 0.0
    /// Whether the full-text index was built beside, on another thread (``StreamedFullTextIndex``).
    public var fullTextIndexBuiltBeside = false
    /// The count, the day counts, the last id and the triggers.
    public var bookkeeping = 0.0
    /// Whether the import held the file alone in rollback-journal mode, its pages written once
    /// (``ExclusiveImportJournal``), rather than through the WAL.
    public var heldTheFileAlone = false
}

/// The timings of the last streamed insert of one repository, kept for whoever asks.
final class StreamedInsertTimingsRecord: @unchecked Sendable {
    // @unchecked: `timings` is read and written under `lock`.
    private let lock = NSLock()
    private var timings: StreamedInsertTimings?

    var last: StreamedInsertTimings? { lock.withLock { timings } }

    func keep(_ new: StreamedInsertTimings) {
        lock.withLock { timings = new }
    }
}

/// A stopwatch for the stages: adds the seconds `body` takes to `stage`.
func timing<T>(_ stage: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    defer { stage += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    return try body()
}
