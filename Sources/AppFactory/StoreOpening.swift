import Foundation

/// The store of the terminal UI, opened on a thread of its own while the launch goes on on the main
/// thread: opening and checking an SQLite file (a probe connection, then the writer, each reading the
/// schema) takes 2–3 ms at start, checking the storyboards about 0.6 ms, and neither needs the other.
/// The thread also opens the first reading connection (0.5 ms) before it hands the store over, so that
/// the launch's first reads (the preferences, then the first page and the count) find one open.
///
/// The launch always waits for the open (``wait()``) before it goes on or stops, whatever happened
/// meanwhile: a process must not end while a new database is being created.
final class StoreOpening: @unchecked Sendable {
    // @unchecked: `outcome` is written once, by the opening thread, before `finished` is signalled,
    // and read only after a wait on `finished`.
    private var outcome: Result<StoreFactory, any Error>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `open` on a new thread; `trace` notes when it started and what it did.
    init(trace: (any LaunchTrace)? = nil, _ open: @escaping @Sendable () throws -> StoreFactory) {
        Thread.detachNewThread { [self] in
            trace?.mark("(store thread) started")
            let result = Result { try open() }
            trace?.mark("(store thread) database opened, schema checked")
            // Before the hand-over: the launch reads the preferences at once, and would otherwise open
            // a second reading connection while this one is being opened.
            if case .success(let store) = result, let database = store.database {
                database.openReadingConnection()
                trace?.mark("(store thread) reading connection opened")
            }
            outcome = result
            finished.signal()
        }
    }

    /// Waits until the open ended; returns the store, or throws what the open threw. Call it once.
    func wait() throws -> StoreFactory {
        finished.wait()
        // Set before `finished` is signalled; were it ever empty, the open is said to have failed.
        guard let outcome else { throw StoreOpeningError.unfinished }
        return try outcome.get()
    }
}

/// The open ended without a result (which the hand-over above rules out).
enum StoreOpeningError: Error, CustomStringConvertible {
    case unfinished

    var description: String { "opening the journal ended without a result" }
}
