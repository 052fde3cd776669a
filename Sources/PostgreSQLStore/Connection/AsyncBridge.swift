import Foundation

/// Runs async work to its end from synchronous code, blocking the calling thread meanwhile: for the
/// few postgres-nio calls that have no `EventLoopFuture` form (`COPY`, `LISTEN`). The work runs on a
/// detached task, so the caller must not be one of Swift concurrency's own threads that the task needs
/// (the repositories are called from plain threads: the UI's, a command's, a page loader's).
enum AsyncBridge {
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        // @unchecked: written once by the task before the semaphore is signalled, read after the wait.
        var result: Result<T, any Error>?
    }
}
