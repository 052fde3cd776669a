#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the renderer's bytes go: the terminal, or a capture in tests and benchmarks.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes`, or throws.
    func write(_ bytes: [UInt8]) throws
}

/// Collects everything written, for tests and benchmarks that check or count the exact bytes.
public final class ByteCollector: ByteSink {
    /// Every byte written so far, in order.
    public private(set) var bytes: [UInt8] = []

    /// An empty collector.
    public init() {}

    /// Appends `bytes`; never throws.
    public func write(_ bytes: [UInt8]) throws {
        self.bytes.append(contentsOf: bytes)
    }

    /// The bytes written so far as text (control characters kept), for readable assertions.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Forgets what was written.
    public func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }
}

/// Writes to a file descriptor (the terminal), retrying on interrupts and short writes.
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written to (not owned: never closed here).
    public let fileDescriptor: Int32

    /// A sink writing to `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes all of `bytes`; throws `TerminalError.systemCallFailed` when the descriptor refuses them.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            try writeAll(buffer, to: fileDescriptor)
        }
    }
}

/// Writes every byte of `buffer` to `fd`: retries after EINTR, waits with poll() after EAGAIN
/// (the descriptor may be shared with a non-blocking standard input).
func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) throws {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, base + offset, buffer.count - offset)
        if written > 0 {
            offset += written
            continue
        }
        let code = errno
        if written < 0 && code == EINTR { continue }
        if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
            var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&waiting, 1, 100)
            continue
        }
        throw TerminalError.systemCallFailed(call: "write", errno: written == 0 ? EIO : code)
    }
}
