import EntryModel
import Foundation

/// Where an export's bytes go, a chunk at a time.
public protocol ExportDestination {
    /// Writes the bytes (in order, after those written before).
    mutating func write(_ bytes: [UInt8]) throws
}

/// Writes to a file handle (standard output, or a file opened for writing).
public struct FileHandleExportDestination: ExportDestination {
    /// The handle written to; the destination neither opens nor closes it.
    public let handle: FileHandle

    /// A destination writing to `handle`, which must be open for writing.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// Writes the bytes to the handle at once, unbuffered.
    public mutating func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }
}

/// Collects the bytes in memory: for tests and small exports.
public struct ByteArrayExportDestination: ExportDestination {
    /// Every byte written so far, in order.
    public private(set) var bytes: [UInt8] = []

    /// An empty destination.
    public init() {}

    /// Appends the bytes to ``bytes``.
    public mutating func write(_ bytes: [UInt8]) throws {
        self.bytes.append(contentsOf: bytes)
    }
}
