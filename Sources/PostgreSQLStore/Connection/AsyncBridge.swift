import EntryModel
import Foundation
import NIOCore

/// Runs async work to its end from synchronous code, blocking the calling thread meanwhile: for the
/// few postgres-nio calls that have no `EventLoopFuture` form (`COPY`, `LISTEN`). The work runs on a
/// detached task, so the caller must not be one of Swift concurrency's own threads that the task needs
/// (the repositories are called from plain threads: the UI's, a command's, a page loader's).
enum AsyncBridge {
    /// Thrown when `closed` completes before the work: the connection was lost under it.
    struct ConnectionLost: Error {}

    /// With `closed` (a connection's `closeFuture`), the wait also ends when the connection is lost:
    /// the work is cancelled, and ``ConnectionLost`` thrown, rather than waiting for an answer that
    /// cannot come (a `COPY` waiting to write to a server that was killed never returns by itself).
    static func wait<T: Sendable>(
        closed: EventLoopFuture<Void>? = nil, _ work: @escaping @Sendable () async throws -> T
    ) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let task = Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            if box.finish(result) { done.signal() }
        }
        closed?.whenComplete { _ in
            if box.finish(.failure(ConnectionLost())) {
                task.cancel()
                done.signal()
            }
        }
        done.wait()
        // The wait ends only once a result is in; were it ever empty, it reads as a lost connection.
        guard let result = box.result else { throw ConnectionLost() }
        return try result.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        // @unchecked: `result` is written once under `lock` (the first to finish), read after the wait.
        private let lock = NSLock()
        private(set) var result: Result<T, any Error>?

        /// Keeps `outcome` if nothing finished before; true when it was kept.
        func finish(_ outcome: Result<T, any Error>) -> Bool {
            lock.withLock {
                guard result == nil else { return false }
                result = outcome
                return true
            }
        }
    }
}
