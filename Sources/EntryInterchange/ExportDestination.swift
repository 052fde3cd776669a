import EntryModel
import Foundation

/// Where an export's bytes go, a chunk at a time.
public protocol ExportDestination {
    /// Writes the bytes (in order, after those written before).
    mutating func write(_ bytes: [UInt8]) throws
}

/// Writes to a file handle (standard output, or a file opened for writing).
public struct FileHandleExportDestination: ExportDestination {
    public let handle: FileHandle

    public init(handle: FileHandle) {
        self.handle = handle
    }

    public mutating func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }
}

/// Collects the bytes in memory: for tests and small exports.
public struct ByteArrayExportDestination: ExportDestination {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ bytes: [UInt8]) throws {
        self.bytes.append(contentsOf: bytes)
    }
}
