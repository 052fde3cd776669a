import Foundation

/// Where a bulk insert's time went, stage by stage, as the client saw it: for `entries-bench`, which
/// prints it under the import's rate. Seconds of wall-clock time.
public struct PostgreSQLImportTimings: Sendable, Equatable {
    /// The `COPY` statements, from the first row built to the server's answer to the last.
    public var copy = 0.0
    /// Of ``copy``: the client's thread building rows (its other share is the sending, on a task).
    public var buildingRows = 0.0
    /// The indexes built after the rows (on the fast path), each by name, in the order built.
    public var indexes: [Index] = []
    /// What the switched-off triggers would have done, done once: the counts and the notification.
    public var bookkeeping = 0.0
    /// The `COMMIT`.
    public var commit = 0.0

    /// One index's build.
    public struct Index: Sendable, Equatable {
        /// The index's name, as in the schema.
        public var name: String
        /// How long building it took.
        public var seconds: Double
    }
}

/// The timings of the last bulk insert of one repository, kept for whoever asks.
final class ImportTimingsRecord: @unchecked Sendable {
    // @unchecked: `timings` is read and written under `lock`.
    private let lock = NSLock()
    private var timings: PostgreSQLImportTimings?

    var last: PostgreSQLImportTimings? { lock.withLock { timings } }

    func keep(_ new: PostgreSQLImportTimings) {
        lock.withLock { timings = new }
    }
}

/// Seconds since `start` (from `DispatchTime.now().uptimeNanoseconds`).
func secondsSince(_ start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Now, for ``secondsSince(_:)``.
func uptimeNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}
