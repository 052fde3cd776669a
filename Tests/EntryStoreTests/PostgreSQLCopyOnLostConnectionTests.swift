import EntryModel
import Foundation

#if PostgreSQL
@testable import PostgreSQLStore
import XCTest

/// A `COPY` started on a connection the server has just dropped ends with an error and leaves nothing
/// behind. postgres-nio 1.33 hands a `COPY` to its connection without a promise, so one sent after
/// the connection's handlers were removed (the moment its `closeFuture` completes) was dropped, its
/// continuation with it, and the Swift runtime wrote "SWIFT TASK CONTINUATION MISUSE … leaked its
/// continuation" to the user's terminal beside the import's own error (a flake of
/// `PostgreSQLFaultTests`, the server killed between two `COPY`s of an import).
final class PostgreSQLCopyOnLostConnectionTests: PrivateServerTestCase {
    func testACopyOnAConnectionTheServerDroppedFailsWithoutALeakedContinuation() throws {
        let (_, url, name) = try makeDatabase()
        let session = PostgreSQLSession(location: try PostgreSQLLocation(parsing: url), password: nil)
        let drafts = (0..<100).map { EntryDraft(title: "row \($0)", body: "body \($0)") }
        for trial in 0..<5 {
            let connection = try session.makeConnection()
            // The server ends the database's backends, this connection's among them, as a crash would.
            try server.sql(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()
                """)
            try connection.closeFuture.wait()

            let written = try StandardErrorCapture.capture {
                XCTAssertThrowsError(
                    try PipelinedCopy(connection: connection, logger: session.logger).copy(
                        drafts[...], now: Date(), tally: nil),
                    "trial \(trial)"
                ) { error in
                    XCTAssertTrue(error is AsyncBridge.ConnectionLost, "trial \(trial): \(error)")
                }
                // The dropped `COPY` was reported when its task ran on, after the error above.
                Thread.sleep(forTimeInterval: 0.3)
            }
            XCTAssertEqual(written, "", "trial \(trial): nothing is written to the terminal")
        }
        let database = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        XCTAssertEqual(try database.entries.count(filter: .all), 0, "nothing of the failed copies is stored")
    }

    /// The fix rests on this: under ``EventLoopTaskExecutor``, a call into more nonisolated async code
    /// (as `copyFrom` is) goes on running on the loop at once, with none of the loop's other work in
    /// between, so the look at the connection still holds when the `COPY` reaches its channel.
    func testNonisolatedAsyncCodeCalledOnTheLoopRunsThereWithNothingInBetween() throws {
        let (_, url, _) = try makeDatabase()
        let session = PostgreSQLSession(location: try PostgreSQLLocation(parsing: url), password: nil)
        let connection = try session.makeConnection()
        defer { _ = try? connection.close().wait() }
        let loop = connection.eventLoop
        for _ in 0..<100 {
            let seen = try AsyncBridge.wait {
                await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
                    let onLoop = loop.inEventLoop
                    // Work queued on the loop now runs before the call below only if the call leaves it.
                    let other = LoopMark()
                    loop.execute { other.set() }
                    let called = await Self.look(onLoop: { loop.inEventLoop }, at: other)
                    return (onLoop, called.onLoop, called.otherRan)
                }
            }
            XCTAssertTrue(seen.0, "the task's code runs on the loop")
            XCTAssertTrue(seen.1, "the called code runs on the loop")
            XCTAssertFalse(seen.2, "nothing else ran on the loop between the call and the called code")
        }
    }

    private nonisolated static func look(onLoop: () -> Bool, at mark: LoopMark) async -> (onLoop: Bool, otherRan: Bool)
    {
        (onLoop(), mark.isSet)
    }
}

/// Whether work queued on an event loop has run.
private final class LoopMark: @unchecked Sendable {
    // @unchecked: `value` is read and written under `lock`.
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// What the process writes to its standard error (file descriptor 2, where the Swift runtime reports)
/// while `body` runs.
enum StandardErrorCapture {
    static func capture(_ body: () throws -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let saved = dup(2)
        fflush(nil)
        dup2(handle.fileDescriptor, 2)
        defer {
            fflush(nil)
            dup2(saved, 2)
            close(saved)
            try? handle.close()
        }
        try body()
        fflush(nil)
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}
#endif
