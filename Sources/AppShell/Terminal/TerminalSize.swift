#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the run loop how big the terminal is; asked at start, after SIGWINCH and on every tick.
public protocol TerminalSizeProviding {
    /// The size in cells, or nil when it cannot be known (the run loop then uses 80×24).
    func currentSize() -> Size?
}

/// The real terminal's size, from `ioctl(TIOCGWINSZ)` on a terminal file descriptor.
public struct WindowSizeQuery: TerminalSizeProviding, Sendable {
    /// The terminal asked (usually standard output).
    public let fileDescriptor: Int32

    /// A query on `fileDescriptor`.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// The size the kernel reports for the terminal; nil when it is not a terminal or reports 0×0.
    public func currentSize() -> Size? {
        var size = winsize()
        #if canImport(Darwin)
        let result = ioctl(fileDescriptor, TIOCGWINSZ, &size)
        #else
        let result = ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size)
        #endif
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
