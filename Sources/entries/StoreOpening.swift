import Foundation

/// The store of the terminal UI, opened on a thread of its own while the launch goes on on the main
/// thread: opening and checking an SQLite file (a probe connection, then the writer, each reading the
/// schema) takes 2–3 ms at start, checking the storyboards about 0.6 ms, and neither needs the other.
/// Once the store is handed over, the thread opens a first reading connection (0.5 ms) while the
/// launch builds the contexts, so that the first page's read finds one ready.
///
/// The launch always waits for the open (``wait()``) before it goes on or stops, whatever happened
/// meanwhile: a process must not end while a new database is being created.
final class StoreOpening: @unchecked Sendable {
    // @unchecked: `outcome` is written once, by the opening thread, before `finished` is signalled,
    // and read only after a wait on `finished`.
    private var outcome: Result<CommandStore, any Error>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `open` on a new thread; `trace` notes when it started and what it did.
    init(trace: StartupTrace? = nil, _ open: @escaping @Sendable () throws -> CommandStore) {
        Thread.detachNewThread { [self] in
            trace?.mark("(store thread) started")
            let result = Result { try open() }
            trace?.mark("(store thread) database opened, schema checked")
            outcome = result
            finished.signal()
            // The launch builds the contexts meanwhile; their first reads find this connection open.
            if case .success(let store) = result, case .sqlite(let database) = store.kind {
                database.openReadingConnection()
                trace?.mark("(store thread) reading connection opened")
            }
        }
    }

    /// Waits until the open ended; returns the store, or throws what the open threw. Call it once.
    func wait() throws -> CommandStore {
        finished.wait()
        return try outcome!.get()
    }
}
