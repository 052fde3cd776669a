import Foundation

/// The store of the terminal UI, opened on a thread of its own while the launch goes on on the main
/// thread: opening and checking an SQLite file (a probe connection, then the writer, each reading the
/// schema) and checking the storyboards take about as long each (2–3 ms at start), and neither needs
/// the other. The thread then opens a first reading connection too, so that the first page's read,
/// started while the contexts are built, finds one ready.
///
/// The launch always waits for the open (``wait()``) before it goes on or stops, whatever happened
/// meanwhile: a process must not end while a new database is being created.
final class StoreOpening: @unchecked Sendable {
    // @unchecked: `outcome` is written once, by the opening thread, before `finished` is signalled,
    // and read only after a wait on `finished`.
    private var outcome: Result<CommandStore, any Error>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `open` on a new thread.
    init(_ open: @escaping @Sendable () throws -> CommandStore) {
        Thread.detachNewThread { [self] in
            let result = Result { try open() }
            if case .success(let store) = result, case .sqlite(let database) = store.kind {
                database.openReadingConnection()
            }
            outcome = result
            finished.signal()
        }
    }

    /// Waits until the open ended; returns the store, or throws what the open threw. Call it once.
    func wait() throws -> CommandStore {
        finished.wait()
        return try outcome!.get()
    }
}
