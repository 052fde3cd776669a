import AppShell
import Dispatch

/// Where the store is read: off the main thread in the app, on the spot in tests. The list asks its
/// loader to run a read and to hand the result back on the main thread; it never waits for it.
///
/// ``ImmediateLoader`` reads at once (headless tests, tools); ``BackgroundLoader`` reads on a queue of
/// its own and delivers through the run loop's `MainThreadMailbox`; ``ManualLoader`` holds reads
/// until a test runs them, in any order, to show what a slow store looks like.
public protocol EntryLoader: Sendable {
    /// Runs `read` (somewhere) and then `deliver` with its result on the main thread.
    @MainActor
    func load<Value: Sendable>(
        _ read: @escaping @Sendable () throws -> Value,
        then deliver: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void)
}

extension Result where Failure == any Error {
    /// The result of `body`, caught.
    init(reading body: () throws -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}

/// Reads on the calling thread and delivers before returning: the screen is complete after every key,
/// which keeps headless tests deterministic.
public struct ImmediateLoader: EntryLoader {
    /// Creates a loader that reads on the spot.
    public init() {}

    /// Runs `read` at once and delivers its result before returning.
    @MainActor
    public func load<Value: Sendable>(
        _ read: @escaping @Sendable () throws -> Value,
        then deliver: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        deliver(Result(reading: read))
    }
}

/// Reads on one serial queue of its own (so reads of one list reach the store in the order asked) and
/// posts each result to `mailbox`, which the run loop polls: the interface never waits on the store.
public struct BackgroundLoader: EntryLoader {
    private let mailbox: MainThreadMailbox
    private let queue = DispatchQueue(label: "entries.store-reads", qos: .userInitiated)

    /// Creates a loader that delivers through `mailbox`, the run loop's (`RootView/mailbox`).
    public init(mailbox: MainThreadMailbox) {
        self.mailbox = mailbox
    }

    /// Runs `read` on the loader's queue and posts its result to the mailbox; the run loop delivers it.
    @MainActor
    public func load<Value: Sendable>(
        _ read: @escaping @Sendable () throws -> Value,
        then deliver: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        let mailbox = mailbox
        mailbox.workStarted()
        queue.async {
            let result = Result(reading: read)
            mailbox.post(finishing: { deliver(result) })
        }
    }
}

/// Holds every read until told to run it: `runAll()` in order, or `run(at:)` one out of order, to
/// test what the list shows while the store is slow and that late answers are dropped.
@MainActor
public final class ManualLoader: EntryLoader {
    private var pending: [() -> Void] = []

    /// Creates a loader holding no reads.
    public nonisolated init() {}

    /// Reads asked for and not run yet.
    public var pendingCount: Int { pending.count }

    /// Holds `read` until ``run(at:)`` or ``runAll()`` runs it.
    public func load<Value: Sendable>(
        _ read: @escaping @Sendable () throws -> Value,
        then deliver: @escaping @MainActor @Sendable (Result<Value, any Error>) -> Void
    ) {
        pending.append { deliver(Result(reading: read)) }
    }

    /// Runs the read at `index` (0 is the oldest) and delivers its result.
    public func run(at index: Int) {
        pending.remove(at: index)()
    }

    /// Runs every read, oldest first, including those the deliveries ask for, until none is left.
    public func runAll() {
        while !pending.isEmpty { run(at: 0) }
    }
}
