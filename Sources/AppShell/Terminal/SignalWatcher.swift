#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs the run loop's signal handlers and turns signals into bytes on a self-pipe, so handlers do
/// nothing but write one byte and the run loop does the real work between two polls.
///
/// - Wake signals (SIGWINCH resize, SIGTSTP Ctrl-Z, SIGCONT resume) and termination signals (SIGINT,
///   SIGTERM, SIGHUP, SIGQUIT) come out of `drain()`.
/// - Crash signals (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE) restore the terminal right in the
///   handler and then let the previous action end the process.
/// `uninstall()` puts every previous action back.
final class SignalWatcher {
    static let wakeSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Poll this for readability; `drain()` then returns the signals.
    let readFD: Int32
    private let writeFD: Int32
    private var installed = false
    private let watchdog: BusyWatchdog?
    private let input: TerminalInputHandOff?

    /// Creates the self-pipe and installs the handlers. Throws `alreadyRunning` when another run loop in
    /// this process handles signals.
    ///
    /// - Parameter busyExitDelay: when not nil, a `BusyWatchdog` ends the process that long after a
    ///   termination signal or a hang-up of `inputFD` that the run loop did not act on.
    /// - Parameter input: the terminal's reads, which the watchdog takes over when the run loop is stuck
    ///   (a typed Ctrl-C must still end the process); nil: the watchdog sees only signals and hang-ups.
    init(busyExitDelay: Duration? = nil, inputFD: Int32 = STDIN_FILENO, input: TerminalInputHandOff? = nil) throws {
        self.input = input
        (readFD, writeFD) = try WakePipe.open()
        guard ProcessSignalState.claim(wakeFD: writeFD) else {
            close(readFD)
            close(writeFD)
            throw TerminalError.alreadyRunning
        }
        do {
            watchdog = try busyExitDelay.map { try BusyWatchdog(grace: $0, inputFD: inputFD, input: input) }
        } catch {
            ProcessSignalState.release()
            close(readFD)
            close(writeFD)
            throw error
        }
        ProcessSignalState.setWatchdog(watchdog?.notifyFD ?? -1)
        Self.installAlternateStackIfNeeded()
        for signal in Self.wakeSignals { install(signal, handler: { ProcessSignalState.wake($0) }) }
        for signal in Self.terminationSignals { install(signal, handler: { ProcessSignalState.terminate($0) }) }
        for signal in Self.crashSignals { installCrashHandler(signal) }
        installed = true
    }

    deinit {
        uninstall()
    }

    /// Puts back the previous actions and closes the pipe. Safe to call twice.
    func uninstall() {
        guard installed else { return }
        installed = false
        for signal in Self.wakeSignals + Self.terminationSignals + Self.crashSignals {
            _ = sigaction(signal, ProcessSignalState.previousActions + Int(signal), nil)
        }
        ProcessSignalState.release()
        watchdog?.stop()
        close(readFD)
        close(writeFD)
    }

    /// The signals that arrived since the last call, in order.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readFD, &buffer, buffer.count)
            if count > 0 {
                signals.append(contentsOf: buffer[0..<count].map { Int32($0) })
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        if signals.contains(where: { Self.terminationSignals.contains($0) }) {
            ProcessSignalState.slots.pointee.pendingTerminations = 0
        }
        return signals
    }

    /// While a child program owns the terminal: Ctrl-C and Ctrl-\ are the child's, and Ctrl-Z stops this
    /// process along with the child (default SIGTSTP action), as job control expects.
    func beginChild() {
        input?.setStealingAllowed(false)
        ProcessSignalState.setChildRunning(true)
        setDefault(SIGTSTP)
    }

    func endChild() {
        install(SIGTSTP, handler: { ProcessSignalState.wake($0) }, savingPrevious: false)
        ProcessSignalState.setChildRunning(false)
        input?.setStealingAllowed(true)
    }

    /// Stops the process as Ctrl-Z would (the terminal must already be restored) and returns once it
    /// is continued (`fg`).
    func stopForJobControl() {
        setDefault(SIGTSTP)
        ProcessSignalState.unblock(SIGTSTP)
        _ = raise(SIGTSTP)
        install(SIGTSTP, handler: { ProcessSignalState.wake($0) }, savingPrevious: false)
    }

    // MARK: - Installing

    private func install(_ signal: Int32, handler: @convention(c) (Int32) -> Void, savingPrevious: Bool = true) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        ProcessSignalState.setHandler(&action, handler)
        _ = sigaction(signal, &action, savingPrevious ? ProcessSignalState.previousActions + Int(signal) : nil)
    }

    private func setDefault(_ signal: Int32) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        ProcessSignalState.setHandler(&action, nil)
        _ = sigaction(signal, &action, nil)
    }

    private func installCrashHandler(_ signal: Int32) {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
            signal, info, _ in
            // si_code > 0: raised by the kernel for a fault (it recurs on return); <= 0: sent by a process.
            ProcessSignalState.crash(signal, raisedByKernel: (info?.pointee.si_code ?? 0) > 0)
        }
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handler
        #else
        action.__sigaction_handler.sa_sigaction = handler
        #endif
        _ = sigaction(signal, &action, ProcessSignalState.previousActions + Int(signal))
    }

    /// A stack overflow can only be handled on an alternate stack; give the main thread one if the Swift
    /// runtime did not. Allocated once and kept for the life of the process, like the signal state.
    private static func installAlternateStackIfNeeded() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, Int(current.ss_flags) & Int(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        guard let memory = malloc(size) else { return }
        var alternate = stack_t()
        alternate.ss_sp = memory
        alternate.ss_size = size
        alternate.ss_flags = 0
        if sigaltstack(&alternate, nil) != 0 { free(memory) }
    }
}
