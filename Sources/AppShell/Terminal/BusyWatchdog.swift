#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process when the run loop cannot, because the main thread is busy (a slow query, an endless
/// loop in a scene): a thread of its own that learns of termination signals (Ctrl-C, SIGTERM, SIGHUP)
/// from the signal handlers and of a hang-up from the terminal itself, gives the run loop `grace` to
/// stop the usual way, and otherwise restores the terminal and ends the process as the signal would.
///
/// The run loop never has to tell it anything: whenever the loop does handle the signal or the closed
/// input, it stops and leaves `run`, which uninstalls the `SignalWatcher` and so this watchdog.
///
/// - Ctrl-C reaches it although raw mode has ISIG off (a paste is text): when input waits unread for
///   `stuckAfter`, the run loop is not reading, so the watchdog takes it from the terminal
///   (`TerminalInputHandOff.takeIfStuck`), sends the signals of the control keys typed outside a paste
///   as the terminal would, and leaves the other bytes for the run loop. A SIGINT then comes back here
///   like any other. Ctrl-Z's SIGTSTP stays with the run loop.
///   The watchdog looks at the input every `stuckAfter` rather than waking on it: a key then costs
///   the run loop's thread alone (a second thread woken by every key competes with the frame for the
///   processor), and input counts as stuck when two looks `stuckAfter` apart find it waiting with no
///   read of the run loop between them (so after `stuckAfter` to twice that).
/// - A hang-up is seen without reading the input (which is the run loop's): `poll` with no events
///   still reports POLLHUP/POLLERR when the terminal goes away, with or without a SIGHUP.
/// - While `suspended { … }` runs a child, only a hang-up counts (a SIGTERM waits for the child).
final class BusyWatchdog {
    /// Written by signal handlers: one byte, the signal number.
    let notifyFD: Int32
    private let readFD: Int32
    private var thread: pthread_t?

    /// Starts the thread. `inputFD` is the terminal the run loop reads keys from.
    /// How long input may wait unread before the run loop counts as stuck and the watchdog reads it.
    static let stuckAfterMilliseconds: Int32 = 250

    init(grace: Duration, inputFD: Int32, input: TerminalInputHandOff? = nil) throws {
        (readFD, notifyFD) = try WakePipe.open()
        let context = Unmanaged.passRetained(
            WatchdogContext(
                readFD: readFD, inputFD: inputFD, input: input,
                graceMilliseconds: grace.pollMilliseconds))
        #if canImport(Darwin)
        var created: pthread_t?
        #else
        var created = pthread_t()
        #endif
        let result = pthread_create(
            &created, nil,
            { argument in
                guard let argument else { return nil }
                let context = Unmanaged<WatchdogContext>.fromOpaque(argument).takeRetainedValue()
                context.watch()
                return nil
            }, context.toOpaque())
        guard result == 0 else {
            context.release()
            close(readFD)
            close(notifyFD)
            throw TerminalError.systemCallFailed(call: "pthread_create", errno: result)
        }
        thread = created
    }

    /// Stops the thread and waits for it. Safe to call twice.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        var stopByte = WatchdogContext.stopByte
        _ = write(notifyFD, &stopByte, 1)
        _ = pthread_join(thread, nil)
        close(readFD)
        close(notifyFD)
    }

    deinit {
        stop()
    }
}

/// What the watchdog thread reads: plain descriptors and numbers, nothing shared with the main actor.
private final class WatchdogContext: @unchecked Sendable {
    static let stopByte: UInt8 = 0xFF

    let readFD: Int32
    let inputFD: Int32
    let input: TerminalInputHandOff?
    let graceMilliseconds: Int32

    init(readFD: Int32, inputFD: Int32, input: TerminalInputHandOff?, graceMilliseconds: Int32) {
        self.readFD = readFD
        self.inputFD = inputFD
        self.input = input
        self.graceMilliseconds = graceMilliseconds
    }

    /// The thread's body: wait for a signal or a hang-up, then for the grace period, then end the process.
    func watch() {
        blockAllSignals()  // handlers run on the other threads; this one only watches
        var pending: (signal: Int32, deadline: timespec)?
        var inputHungUp = false
        /// The run loop's read count at the last look that found input waiting.
        var waitingSince: UInt64?
        /// When to look at the input next (only with an input to take from).
        var nextLook = Self.now(plus: BusyWatchdog.stuckAfterMilliseconds)
        while true {
            var descriptors = [
                pollfd(fd: readFD, events: Int16(POLLIN), revents: 0),
                // No POLLIN: a key must not wake this thread (the input is looked at on a timer,
                // below); poll still reports a hang-up.
                pollfd(fd: inputHungUp ? -1 : inputFD, events: 0, revents: 0),
            ]
            var timeout = pending.map { Self.milliseconds(until: $0.deadline) } ?? -1
            if input != nil {
                let untilLook = Self.milliseconds(until: nextLook)
                timeout = timeout < 0 ? untilLook : min(timeout, untilLook)
            }
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno != EINTR { return }
            if let input, !inputHungUp, Self.milliseconds(until: nextLook) == 0 {
                nextLook = Self.now(plus: BusyWatchdog.stuckAfterMilliseconds)
                if Self.inputWaits(inputFD) {
                    if let seen = waitingSince, seen == input.currentReadCount {
                        waitingSince = nil
                        // Does nothing when the run loop read since the check above: it is not stuck.
                        for signal in input.takeIfStuck(since: seen) {
                            TerminalInputHandOff.send(signal, terminal: inputFD)
                        }
                    } else {
                        waitingSince = input.currentReadCount
                    }
                } else {
                    waitingSince = nil
                }
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                let count = read(readFD, &bytes, bytes.count)
                for byte in bytes.prefix(max(0, count)) {
                    if byte == Self.stopByte { return }
                    if pending == nil { pending = (Int32(byte), Self.now(plus: graceMilliseconds)) }
                }
            }
            if descriptors[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                inputHungUp = true
                if pending == nil { pending = (SIGHUP, Self.now(plus: graceMilliseconds)) }
            }
            if let current = pending, Self.milliseconds(until: current.deadline) == 0 {
                // The run loop had its chance. Restore what can be (a closed terminal takes nothing) and
                // end as the signal would: the shell sees 128 + signal.
                ProcessSignalState.restoreTerminalFromHandler()
                ProcessSignalState.resetAndRaise(current.signal)
                return
            }
        }
    }

    /// True when `fd` has input to read right now (poll without waiting).
    private static func inputWaits(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    private func blockAllSignals() {
        var all = sigset_t()
        sigfillset(&all)
        _ = pthread_sigmask(SIG_BLOCK, &all, nil)
    }

    private static func now(plus milliseconds: Int32) -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let nanoseconds = Int(time.tv_nsec) + Int(milliseconds % 1000) * 1_000_000
        time.tv_sec += Int(milliseconds / 1000) + nanoseconds / 1_000_000_000
        time.tv_nsec = nanoseconds % 1_000_000_000
        return time
    }

    /// Milliseconds from now to `deadline`, rounded up; 0 once it passed.
    private static func milliseconds(until deadline: timespec) -> Int32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        let nanoseconds =
            (Int(deadline.tv_sec) - Int(time.tv_sec)) * 1_000_000_000 + Int(deadline.tv_nsec) - Int(time.tv_nsec)
        return nanoseconds <= 0 ? 0 : Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
    }
}
