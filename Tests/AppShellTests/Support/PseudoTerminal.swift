import Foundation
import XCTest
@testable import AppShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal for run loop tests: the run loop gets the slave side as its terminal; the test
/// writes keys into the master side and collects everything the run loop writes.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private let lock = NSLock()
    private var collected: [UInt8] = []
    private var reading = true
    private var readerDone = false

    private var masterClosed = false

    init(width: Int = 20, height: Int = 5) throws {
        (master, slave) = try Self.openPair()
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        #if canImport(Darwin)
        _ = ioctl(slave, TIOCSWINSZ, &size)
        #else
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        #endif
        let thread = Thread { [self] in readLoop() }
        thread.start()
    }

    /// openpty(3). Swift's Glibc module does not export <pty.h>, so on Linux it is looked up at run time
    /// (it lives in libc since glibc 2.34).
    private static func openPair() throws -> (Int32, Int32) {
        var master: Int32 = -1, slave: Int32 = -1
        #if canImport(Darwin)
        let result = openpty(&master, &slave, nil, nil, nil)
        #else
        typealias OpenPty =
            @convention(c) (
                UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?,
                UnsafeRawPointer?, UnsafeRawPointer?
            ) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "openpty") else {
            throw TerminalError.systemCallFailed(call: "dlsym openpty", errno: ENOSYS)
        }
        let result = unsafeBitCast(symbol, to: OpenPty.self)(&master, &slave, nil, nil, nil)
        #endif
        guard result == 0 else { throw TerminalError.systemCallFailed(call: "openpty", errno: errno) }
        return (master, slave)
    }

    /// Closes the master side after `delay` seconds: the terminal hangs up.
    func hangUp(after delay: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                guard !masterClosed else { return }
                masterClosed = true
                _ = Glibc.close(master)
            }
        }
    }

    /// Stops the reader and closes both sides.
    func close() {
        lock.withLock { reading = false }
        let deadline = Date().addingTimeInterval(2)
        while !lock.withLock({ readerDone }) && Date() < deadline { usleep(5_000) }
        Glibc.close(slave)
        lock.withLock {
            if !masterClosed { _ = Glibc.close(master) }
            masterClosed = true
        }
    }

    /// Everything the run loop wrote so far.
    var output: [UInt8] { lock.withLock { collected } }
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Writes `text` to the terminal's input after `delay` seconds, from another thread.
    func type(_ text: String, after delay: Double) {
        let master = master
        let bytes = Array(text.utf8)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                guard !masterClosed else { return }
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
        }
    }

    /// The slave side's current settings.
    var settings: termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while lock.withLock({ reading }) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 20) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            lock.withLock { collected += buffer[0..<count] }
        }
        lock.withLock { readerDone = true }
    }
}

/// A fixed or changeable terminal size for the run loop.
final class FixedSize: TerminalSizeProviding {
    var size: Size
    init(_ size: Size) { self.size = size }
    func currentSize() -> Size? { size }
}

/// A root view that records what the run loop does to it and finishes on `q`.
@MainActor
final class RecordingRoot: RootView {
    private(set) var keys: [Key] = []
    private(set) var renderSizes: [Size] = []
    private(set) var ticks = 0
    var finishAfterTicks: Int?
    var onKey: (Key) -> Void = { _ in }
    private(set) var isFinished = false

    func render(into buffer: inout Buffer) {
        renderSizes.append(buffer.size)
        buffer.put("frame \(renderSizes.count) keys \(keys.count)", at: Point(x: 0, y: 0))
    }

    func handle(_ key: Key) {
        keys.append(key)
        onKey(key)
        if key == .character("q") { isFinished = true }
    }

    func tick() {
        ticks += 1
        if let finishAfterTicks, ticks >= finishAfterTicks { isFinished = true }
    }
}

extension termios {
    /// True when canonical mode and echo are on: a terminal as a shell leaves it.
    var isCooked: Bool {
        c_lflag & tcflag_t(ICANON) != 0 && c_lflag & tcflag_t(ECHO) != 0
    }
}
