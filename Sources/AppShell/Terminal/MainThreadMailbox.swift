import Foundation

/// How work on other threads hands results to the main thread's run loop: `post` queues a closure
/// and writes a byte to a pipe the run loop polls, so the loop wakes at once, runs the closures in
/// the order they were posted (``deliver()``) and redraws. The UI never waits for the work itself.
///
/// ```swift
/// let mailbox = try MainThreadMailbox()
/// DispatchQueue.global().async {
///     let rows = try? repository.page(request)           // off the main thread
///     mailbox.post { list.show(rows) }                    // back on it, in the run loop
/// }
/// ```
/// A `RootView` names its mailbox (``RootView/mailbox``) for `TerminalRunLoop` to poll.
public final class MainThreadMailbox: @unchecked Sendable {
    // @unchecked: `pending` and `unfinished` are only touched under `lock`; the descriptors never change.
    private let lock = NSLock()
    private var pending: [@Sendable @MainActor () -> Void] = []
    private var unfinished = 0
    /// The end the run loop polls.
    public let readFD: Int32
    private let writeFD: Int32

    /// Throws `TerminalError.systemCallFailed` when the pipe cannot be made.
    public init() throws {
        (readFD, writeFD) = try WakePipe.open()
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Queues `work` for the main thread and wakes the run loop. Callable from any thread.
    public func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        lock.withLock { pending.append(work) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)  // a full pipe already wakes the loop: a lost byte loses nothing
    }

    /// Notes work started elsewhere that will hand its result back with ``post(finishing:)``: the run
    /// loop gives such work a moment before the first frame (``hasUnfinishedWork``), so a first page
    /// read in a millisecond is in the first screen rather than in a second one right after.
    public func workStarted() {
        lock.withLock { unfinished += 1 }
    }

    /// ``post(_:)`` for work announced with ``workStarted()``: queues its result and marks it finished.
    public func post(finishing work: @escaping @Sendable @MainActor () -> Void) {
        lock.withLock {
            assert(unfinished > 0, "post(finishing:) without workStarted()")
            unfinished = max(0, unfinished - 1)
            pending.append(work)
        }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// True while work announced with ``workStarted()`` has not posted its result, or a posted result
    /// waits for ``deliver()``.
    public var hasUnfinishedWork: Bool {
        lock.withLock { unfinished > 0 || !pending.isEmpty }
    }

    /// Runs what was posted so far, in order; true when there was anything. The run loop calls it
    /// when `readFD` is readable; tests call it to deliver results deterministically.
    @MainActor
    @discardableResult
    public func deliver() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(readFD, &bytes, bytes.count) > 0 {}
        let work = lock.withLock {
            let work = pending
            pending = []
            return work
        }
        for item in work { item() }
        return !work.isEmpty
    }
}
