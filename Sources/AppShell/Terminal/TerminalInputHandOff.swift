#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way bytes are read from the terminal, shared by the run loop and the `BusyWatchdog`.
///
/// Raw mode turns ISIG off, so that a pasted 0x03, 0x1A or 0x1C is text, not a signal: Ctrl-C, Ctrl-Z
/// and Ctrl-\ typed outside a paste are turned into their signals here, in user space (the run loop
/// for the keys it decodes). A run loop that is stuck (an endless query) reads nothing, though, and a
/// typed Ctrl-C must still end it: when input waits unread for `stuckAfter`, the watchdog takes it
/// (`takeIfStuck`), sends the signals it holds, and leaves every other byte here, where the run loop
/// reads it first when it comes back. Order is kept: both read under one lock, and the watchdog only
/// when the run loop has not read since the input arrived.
final class TerminalInputHandOff: @unchecked Sendable {
    enum ReadResult: Equatable {
        case bytes(Int)
        /// Nothing to read after all (the watchdog took it meanwhile).
        case nothing
        case closed
        case failed(errno: Int32)
    }

    let inputFD: Int32
    /// Whether Ctrl-C, Ctrl-Z and Ctrl-\ outside a paste act as signals (`controlKeysSendSignals`).
    let controlKeysSendSignals: Bool
    private var lock = pthread_mutex_t()
    private var taken: [UInt8] = []
    /// Bumped by every read of the run loop: the watchdog takes input only if it stays unchanged.
    private var readCount: UInt64 = 0
    private var stealingAllowed = true
    private var paste = PasteTracker()

    init(inputFD: Int32, controlKeysSendSignals: Bool) {
        self.inputFD = inputFD
        self.controlKeysSendSignals = controlKeysSendSignals
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        pthread_mutex_destroy(&lock)
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    /// Whether the watchdog took bytes the run loop has not read yet (the run loop then reads without
    /// waiting for the terminal).
    var hasTakenBytes: Bool { locked { !taken.isEmpty } }

    /// The run loop's read: bytes the watchdog took first, else what the terminal has (never blocks).
    func read(into buffer: inout [UInt8]) -> ReadResult {
        locked {
            readCount &+= 1
            if !taken.isEmpty {
                let count = min(buffer.count, taken.count)
                buffer.replaceSubrange(0..<count, with: taken[0..<count])
                taken.removeFirst(count)
                return .bytes(count)
            }
            var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return .nothing }
            let count = systemRead(inputFD, &buffer, buffer.count)
            if count > 0 {
                for byte in buffer[0..<count] { paste.feed(byte) }
                return .bytes(count)
            }
            if count == 0 { return .closed }
            return errno == EINTR || errno == EAGAIN ? .nothing : .failed(errno: errno)
        }
    }

    /// While a child program owns the terminal, its input is its own.
    func setStealingAllowed(_ allowed: Bool) {
        locked { stealingAllowed = allowed }
    }

    /// The run loop's read count, for `takeIfStuck`.
    var currentReadCount: UInt64 { locked { readCount } }

    /// On the watchdog's thread: when the run loop has not read since `readCount` and input waits,
    /// takes it, keeps all but the signal keys outside a paste for the run loop, and returns the
    /// signals those keys stand for (to be sent as the terminal would have).
    func takeIfStuck(since readCount: UInt64) -> [Int32] {
        locked {
            guard stealingAllowed, controlKeysSendSignals, self.readCount == readCount else { return [] }
            var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = systemRead(inputFD, &buffer, buffer.count)
            guard count > 0 else { return [] }
            var signals: [Int32] = []
            for byte in buffer[0..<count] {
                let wasInsidePaste = paste.isInside
                paste.feed(byte)
                if !wasInsidePaste, let signal = Self.signal(forKeyByte: byte) {
                    signals.append(signal)
                } else {
                    taken.append(byte)
                }
            }
            return signals
        }
    }

    /// The signal a control byte sends from a terminal with ISIG on (VINTR, VSUSP, VQUIT as set by default).
    static func signal(forKeyByte byte: UInt8) -> Int32? {
        switch byte {
        case 0x03: return SIGINT
        case 0x1A: return SIGTSTP
        case 0x1C: return SIGQUIT
        default: return nil
        }
    }

    /// Sends `signal` to the terminal's foreground process group, as the terminal does for a control
    /// key (to this process alone when there is none).
    static func send(_ signal: Int32, terminal inputFD: Int32) {
        let group = tcgetpgrp(inputFD)
        if group > 0, kill(-group, signal) == 0 { return }
        _ = kill(getpid(), signal)
    }
}

/// `read(2)` (the class's own `read` hides it inside).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Follows bracketed paste markers (ESC [ 2 0 0 ~ and ESC [ 2 0 1 ~) byte by byte, across reads.
struct PasteTracker {
    private(set) var isInside = false
    private var matched = 0
    private static let start: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    private static let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    mutating func feed(_ byte: UInt8) {
        let marker = isInside ? Self.end : Self.start
        if byte == marker[matched] {
            matched += 1
            if matched == marker.count {
                isInside.toggle()
                matched = 0
            }
        } else {
            matched = byte == marker[0] ? 1 : 0
        }
    }
}
