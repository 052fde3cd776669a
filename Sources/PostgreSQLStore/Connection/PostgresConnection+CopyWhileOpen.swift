import Logging
import PostgresNIO

extension PostgresConnection {
    /// postgres-nio's `copyFrom`, started only on a connection that is open when the `COPY` reaches
    /// it, else ``AsyncBridge/ConnectionLost``.
    ///
    /// postgres-nio 1.33 hands the `COPY` to the channel without a promise. A channel closed by then,
    /// its handlers removed (as its `closeFuture` completes: the server was killed just before),
    /// drops it, and with it the continuation `copyFrom` waits on, unresumed: the Swift runtime
    /// writes "SWIFT TASK CONTINUATION MISUSE … leaked its continuation" to the user's terminal and
    /// the task never ends. So the look at the connection and the `COPY`'s hand-over both run on the
    /// connection's event loop, with none of its I/O in between; a connection open there takes the
    /// `COPY` into its state machine, which fails it with an error if the connection closes later.
    /// `writeData` runs off the loop, as any task's code.
    func copyFromWhileOpen(
        table: String, logger: Logger, writeData: (PostgresCopyFromWriter) async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop)) {
            guard !isClosed else { throw AsyncBridge.ConnectionLost() }
            try await copyFrom(table: table, logger: logger) { writer in
                try await withTaskExecutorPreference(globalConcurrentExecutor) {
                    try await writeData(writer)
                }
            }
        }
    }
}
