import Foundation

/// Numbers requests so that a read still queued behind slower ones can tell it was superseded and
/// skip the store altogether: typing "garden" asks six searches, and only the last one matters.
/// Safe to read from the loader's thread.
public final class LatestRequest: @unchecked Sendable {
    // @unchecked: `latest` is only touched under `lock`.
    private let lock = NSLock()
    private var latest = 0

    /// Creates a counter with no request yet.
    public init() {}

    /// A new request's number; every earlier one is superseded from now on.
    public func next() -> Int {
        lock.withLock {
            latest += 1
            return latest
        }
    }

    /// True while `number` is the newest request.
    public func isLatest(_ number: Int) -> Bool {
        lock.withLock { number == latest }
    }
}

/// Thrown by a read that was superseded before it started (its answer would be dropped anyway).
public struct SupersededRead: Error, CustomStringConvertible {
    /// Creates the error; it carries nothing, the read was just not needed any more.
    public init() {}
    /// `superseded by a newer request`.
    public var description: String { "superseded by a newer request" }
}
