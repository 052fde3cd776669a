import EntryModel
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One binary `COPY` of entry drafts whose rows are built on a thread of their own while the chunks
/// before them are sent: building the rows (the search vector above all) costs the client about as
/// much as the `COPY` costs the server, and on one thread the two took turns.
///
/// At most ``depth`` built chunks wait to be sent, so memory stays flat however many drafts there are
/// (a chunk is at most ``chunkRows`` rows). Everything the one-thread `COPY` promised holds: it is one
/// statement of the caller's transaction, and a connection lost under it ends the wait with an error
/// (the builder is stopped and waited for before this returns, whatever happened).
struct PipelinedCopy {
    /// Rows per chunk at most, the unit handed from the builder to the sender (about 5 MB of the
    /// benchmark's entries). Smaller chunks send slower: at 1,000,000 rows the `COPY` took 7.1–12.4 s
    /// in chunks of 2,000 rows and 4.6–6.7 s in chunks of 8,000 (16,000: no better).
    static let chunkRows = 8_000
    /// Built chunks that may wait for the sender.
    static let depth = 2

    let connection: PostgresConnection
    let logger: Logger

    /// What one `COPY` took: the builder's busy time, and the whole statement's.
    struct Timings {
        var building = 0.0
        var total = 0.0
    }

    /// Copies `drafts` into `entry` in chunks of `chunkRows`; `sent(rows)` is called (from the sending
    /// task) after each chunk.
    func copy(
        _ drafts: ArraySlice<EntryDraft>, now: Date, tally: TagTally?, chunkRows: Int = Self.chunkRows,
        sent: (@Sendable (Int) -> Void)? = nil
    ) throws -> Timings {
        guard !drafts.isEmpty else { return Timings() }
        let started = DispatchTime.now().uptimeNanoseconds
        let channel = ChunkChannel()
        let builder = Thread { [channel] in
            channel.build(drafts, now: now, tally: tally, chunkRows: max(1, chunkRows))
        }
        builder.start()
        defer {
            // Whatever ended the wait, the builder is not left blocked, nor running on after the call.
            channel.stop()
            channel.builderDone.wait()
        }
        let connection = self.connection
        let logger = self.logger
        let stream = channel.stream
        // With the connection's close: a `COPY` writing to a server that was killed never returns
        // by itself, and the import must end with a message instead of waiting for it. Started only
        // on a connection still open (see `copyFromWhileOpen`), the `COPY` task ends too.
        try AsyncBridge.wait(closed: connection.closeFuture) {
            // postgres-nio 1.33 writes `COPY "<table>" (…) FROM STDIN WITH (FORMAT text)`; its table
            // name is taken as given, so the binary format is asked for there and the rest of its line
            // becomes a comment. The name is this constant, never user text.
            try await connection.copyFromWhileOpen(
                table:
                    #"entry" ("\#(BinaryCopyRow.columns.joined(separator: #"", ""#))") FROM STDIN WITH (FORMAT binary) --"#,
                logger: logger
            ) { writer in
                var ended = false
                for await chunk in stream {
                    try await writer.write(chunk.buffer)
                    channel.sent()
                    sent?(chunk.rows)
                    ended = chunk.isLast
                }
                // A stream that stopped short (the task cancelled) must fail the `COPY`, not end it:
                // the server would take rows without the trailer as all there is.
                guard ended else { throw CancellationError() }
            }
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Timings(building: channel.buildingSeconds, total: total)
    }
}

/// The chunks between the builder thread and the sending task: an `AsyncStream` for the sender, and
/// a semaphore that keeps the builder at most ``PipelinedCopy/depth`` chunks ahead.
private final class ChunkChannel: @unchecked Sendable {
    // @unchecked: `isStopped` and `busyNanoseconds` are read and written under `lock`.
    struct Chunk: Sendable {
        var buffer: ByteBuffer
        var rows: Int
        /// The chunk with the trailer.
        var isLast: Bool
    }

    let stream: AsyncStream<Chunk>
    private let continuation: AsyncStream<Chunk>.Continuation
    /// Made with 0 and signalled up to the depth: libdispatch stops a process that frees a semaphore
    /// below the value it was made with, as this one is when the `COPY` fails.
    private let room = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isStopped = false
    private var busyNanoseconds: UInt64 = 0
    /// Signalled when the builder has returned.
    let builderDone = DispatchSemaphore(value: 0)

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Chunk.self)
        for _ in 0..<PipelinedCopy.depth { room.signal() }
    }

    var buildingSeconds: Double { lock.withLock { Double(busyNanoseconds) / 1e9 } }

    /// The builder thread's work: every chunk, header first and trailer last, or until ``stop()``.
    func build(_ drafts: ArraySlice<EntryDraft>, now: Date, tally: TagTally?, chunkRows: Int) {
        defer {
            continuation.finish()
            builderDone.signal()
        }
        var writer = BinaryCopyRow.Writer(now: now, tally: tally)
        var start = drafts.startIndex
        var capacity = 1 << 20
        while start < drafts.endIndex {
            let began = DispatchTime.now().uptimeNanoseconds
            let end = min(drafts.endIndex, start + chunkRows)
            var buffer = ByteBuffer()
            buffer.reserveCapacity(capacity)
            if start == drafts.startIndex { BinaryCopyRow.writeHeader(to: &buffer) }
            for draft in drafts[start..<end] { writer.write(draft, to: &buffer) }
            if end == drafts.endIndex { BinaryCopyRow.writeTrailer(to: &buffer) }
            capacity = max(capacity, buffer.readableBytes)
            let busy = DispatchTime.now().uptimeNanoseconds - began
            lock.withLock { busyNanoseconds += busy }
            room.wait()
            guard !lock.withLock({ isStopped }) else { return }
            continuation.yield(Chunk(buffer: buffer, rows: end - start, isLast: end == drafts.endIndex))
            start = end
        }
    }

    /// The sender has sent a chunk: room for one more.
    func sent() { room.signal() }

    /// Ends the builder early (the `COPY` failed or the connection was lost); harmless after the end.
    func stop() {
        lock.withLock { isStopped = true }
        room.signal()
    }
}
