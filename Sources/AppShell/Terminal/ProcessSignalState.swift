#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide state that POSIX signal handlers reach, and the handlers themselves: the one place
/// in AppShell with global mutable state, on purpose.
///
/// Why it must be global: a signal handler is a bare C function pointer with no context argument, so
/// everything it touches has to be reachable without one. Signals are process-wide anyway, so at most one
/// run loop owns this state at a time (`claim()`).
///
/// Why it is safe enough: the storage is C-compatible memory allocated once, before the first handler is
/// installed, and never freed or moved. The run loop writes it only while the handlers are disarmed, then
/// arms them. Handlers call only async-signal-safe functions — `write`, `tcsetattr`, `sigaction`,
/// `sigprocmask`, `raise` — on this precomputed state; they never allocate, lock or touch Swift objects.
enum ProcessSignalState {
    /// Plain values the handlers read.
    struct Slots {
        /// Write end of the run loop's self-pipe; -1 when no run loop listens.
        var wakeFD: Int32 = -1
        /// Write end of the `BusyWatchdog`'s pipe; -1 when there is none.
        var watchdogFD: Int32 = -1
        /// The terminal to write the restore bytes to from a handler; -1 when none.
        var terminalFD: Int32 = -1
        /// The terminal whose settings the handler puts back (the input side; usually the same device).
        var settingsFD: Int32 = -1
        /// 1 while the terminal is in UI mode and a crash must restore it.
        var armed: Int32 = 0
        /// 1 while `suspended { … }` runs a body: Ctrl-C and Ctrl-\ then belong to the child program.
        var childRunning: Int32 = 0
        /// Termination signals not yet handled by the run loop; a second one while the loop is stuck
        /// restores the terminal from the handler and ends the process.
        var pendingTerminations: Int32 = 0
        /// Byte count of `restoreBytes`.
        var restoreLength: Int = 0
        /// 1 while a run loop owns the signal state.
        var owned: Int32 = 0
    }

    static let restoreCapacity = 256
    static let signalCapacity = 128

    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slots> = {
        let pointer = UnsafeMutablePointer<Slots>.allocate(capacity: 1)
        pointer.initialize(to: Slots())
        return pointer
    }()
    /// The terminal settings to put back; written before arming.
    nonisolated(unsafe) static let savedTermios: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    /// `ControlSequences.restore`, copied here once so a handler can write it with one write(2).
    nonisolated(unsafe) static let restoreBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
        pointer.initialize(repeating: 0, count: restoreCapacity)
        return pointer
    }()
    /// The actions that were installed before ours, by signal number, put back on uninstall or crash.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCapacity)
        pointer.initialize(repeating: sigaction(), count: signalCapacity)
        return pointer
    }()

    /// Forces the lazy allocations above, so a handler never runs an initializer.
    static func prepare() {
        _ = slots
        _ = savedTermios
        _ = restoreBytes
        _ = previousActions
    }

    // MARK: - Ownership and arming (run loop side)

    /// Takes ownership for one run loop; false when another already owns it.
    static func claim(wakeFD: Int32) -> Bool {
        prepare()
        guard slots.pointee.owned == 0 else { return false }
        slots.pointee.owned = 1
        slots.pointee.pendingTerminations = 0
        slots.pointee.childRunning = 0
        slots.pointee.wakeFD = wakeFD
        return true
    }

    static func release() {
        disarm()
        slots.pointee.wakeFD = -1
        slots.pointee.watchdogFD = -1
        slots.pointee.owned = 0
    }

    /// Records how to restore `terminalFD` and lets crash handlers do it.
    static func arm(terminalFD: Int32, settingsFD: Int32, original: termios, restore: [UInt8]) {
        disarm()
        savedTermios.pointee = original
        let length = min(restore.count, restoreCapacity)
        for index in 0..<length { restoreBytes[index] = restore[index] }
        slots.pointee.restoreLength = length
        slots.pointee.terminalFD = terminalFD
        slots.pointee.settingsFD = settingsFD
        slots.pointee.armed = 1
    }

    static func disarm() {
        slots.pointee.armed = 0
    }

    static func setWatchdog(_ fd: Int32) {
        slots.pointee.watchdogFD = fd
    }

    static func setChildRunning(_ running: Bool) {
        slots.pointee.childRunning = running ? 1 : 0
    }

    // MARK: - Handler side (async-signal-safe only)

    /// Writes the restore bytes and the saved termios to the terminal, once.
    static func restoreTerminalFromHandler() {
        let state = slots
        guard state.pointee.armed == 1, state.pointee.terminalFD >= 0 else { return }
        state.pointee.armed = 0
        var offset = 0
        while offset < state.pointee.restoreLength {
            let written = write(state.pointee.terminalFD, restoreBytes + offset, state.pointee.restoreLength - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        _ = tcsetattr(state.pointee.settingsFD, TCSANOW, savedTermios)
    }

    /// SIGWINCH, SIGTSTP, SIGCONT: wake the run loop with the signal number.
    static func wake(_ signal: Int32) {
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: signal)
        let fd = slots.pointee.wakeFD
        if fd >= 0 { _ = write(fd, &byte, 1) }
        errno = savedErrno
    }

    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT: the run loop restores and stops. A second one before it did
    /// (the loop is stuck) restores here and ends the process as the signal would; so does the
    /// `BusyWatchdog`, told here, when the loop has not stopped after its grace period.
    static func terminate(_ signal: Int32) {
        let state = slots
        if state.pointee.childRunning == 1 && (signal == SIGINT || signal == SIGQUIT) { return }
        if state.pointee.pendingTerminations > 0 {
            restoreTerminalFromHandler()
            resetAndRaise(signal)
            return
        }
        state.pointee.pendingTerminations += 1
        wake(signal)
        // While a child runs, the main thread waits for it: only a hang-up cannot wait.
        let watchdog = state.pointee.watchdogFD
        if watchdog >= 0 && (state.pointee.childRunning == 0 || signal == SIGHUP) {
            let savedErrno = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(watchdog, &byte, 1)
            errno = savedErrno
        }
    }

    /// SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE (a crash or a Swift runtime trap): restore the
    /// terminal, put back the previous action (the default, or the Swift runtime's backtracer) and let it
    /// run: a fault raised by the CPU happens again on return, anything else is raised again.
    static func crash(_ signal: Int32, raisedByKernel: Bool) {
        restoreTerminalFromHandler()
        if signal >= 0 && signal < Int32(signalCapacity) {
            _ = sigaction(signal, previousActions + Int(signal), nil)
        }
        if !raisedByKernel || signal == SIGTRAP || signal == SIGABRT {
            unblock(signal)
            _ = raise(signal)
        }
    }

    /// Puts the default action back, unblocks and raises `signal`.
    static func resetAndRaise(_ signal: Int32) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        setHandler(&action, nil)
        _ = sigaction(signal, &action, nil)
        unblock(signal)
        _ = raise(signal)
    }

    static func unblock(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Sets a one-argument handler (nil: SIG_DFL) on every platform's spelling of `sigaction`.
    static func setHandler(_ action: inout sigaction, _ handler: (@convention(c) (Int32) -> Void)?) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }
}
