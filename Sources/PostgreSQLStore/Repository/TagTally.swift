import Foundation
import NIOCore

/// The tags of the rows a bulk insert writes, counted as it writes them: what the tag count trigger
/// would have added, when the fast path switched it off (``IndexRebuild``).
final class TagTally: @unchecked Sendable {
    // @unchecked: counted by one writer at a time (the `COPY`'s), read after it is done.
    private(set) var counts: [ByteBuffer: Int64] = [:]

    func add(_ tags: [ByteBuffer]) {
        for tag in tags { counts[tag, default: 0] += 1 }
    }
}
