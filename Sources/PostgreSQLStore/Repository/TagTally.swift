import Foundation
import NIOCore

/// The tags of the rows a bulk insert writes, counted as it writes them: what the tag count trigger
/// would have added, when the fast path switched it off (``IndexRebuild``).
final class TagTally: @unchecked Sendable {
    // @unchecked: counted by one writer at a time (the `COPY`'s), read after it is done.
    private(set) var counts: [ByteBuffer: Int64] = [:]

    /// Counted by their bytes, as the table keeps them (two spellings of "é" are two tags).
    func add(_ tags: [String]) {
        for tag in tags { counts[ByteBuffer(string: tag), default: 0] += 1 }
    }
}
