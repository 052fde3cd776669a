#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `RootView` in the terminal: enters UI mode, draws, then loops on poll() over the input and the
/// signal pipe — decoding keys, handing them to the root, ticking every 250 ms, redrawing what changed —
/// until `root.isFinished`. The terminal is restored on every way out (see `TerminalSession` and
/// `SignalWatcher`), and a main thread stuck in long work does not keep the process alive after
/// Ctrl-C, SIGTERM or a closed terminal (see `BusyWatchdog`).
///
/// ```swift
/// let runLoop = TerminalRunLoop()
/// let window = Window(...)            // a RootView; give it `runLoop` as its TerminalSuspending
/// do { try runLoop.run(window) }
/// catch TerminalError.terminated(let signal) { ProcessTermination.exit(bySignal: signal) }
/// ```
@MainActor
public final class TerminalRunLoop: TerminalSuspending {
    /// The descriptors, timeouts and signal handling this run loop uses.
    public let configuration: Configuration
    private let sizeProvider: any TerminalSizeProviding
    private let clock = ContinuousClock()

    // State of the current run (nil or idle outside `run`).
    private var session: TerminalSession?
    private var signals: SignalWatcher?
    private var sink: FileDescriptorSink?
    private var renderer: Renderer
    private var decoder = InputDecoder()
    private var size = Size(width: 80, height: 24)
    private var isRunning = false

    /// - Parameters:
    ///   - configuration: file descriptors, timeouts, signal handling.
    ///   - sizeProvider: how to learn the terminal size; nil asks the output descriptor (TIOCGWINSZ).
    public init(configuration: Configuration = Configuration(), sizeProvider: (any TerminalSizeProviding)? = nil) {
        self.configuration = configuration
        self.sizeProvider = sizeProvider ?? WindowSizeQuery(fileDescriptor: configuration.outputFileDescriptor)
        self.renderer = Renderer(
            colorSupport: configuration.colorSupport ?? .detectFromProcessEnvironment(),
            usesSynchronizedOutput: configuration.usesSynchronizedOutput
        )
        renderer.guardsDisputedWidths = configuration.guardsDisputedWidths
    }

    /// The colour support frames are written with.
    public var colorSupport: ColorSupport { renderer.colorSupport }

    /// Runs `root` until it is finished. Returns normally when it is; throws `TerminalError` when the
    /// terminal is missing (`notATerminal`), goes away (`inputClosed`), a termination signal arrives
    /// (`terminated`) or a system call fails. The terminal is restored before this returns or throws.
    public func run(_ root: any RootView) throws {
        guard !isRunning else { throw TerminalError.alreadyRunning }
        let session = try TerminalSession(
            inputFD: configuration.inputFileDescriptor,
            outputFD: configuration.outputFileDescriptor,
            generatesSignals: configuration.controlKeysSendSignals,
            armsCrashRestore: configuration.handlesSignals
        )
        session.reportsMouse = configuration.reportsMouse
        let input = TerminalInputHandOff(
            inputFD: configuration.inputFileDescriptor,
            controlKeysSendSignals: configuration.controlKeysSendSignals)
        let signals =
            configuration.handlesSignals
            ? try SignalWatcher(
                busyExitDelay: configuration.busyExitDelay, inputFD: configuration.inputFileDescriptor, input: input)
            : nil
        isRunning = true
        self.session = session
        self.signals = signals
        self.sink = FileDescriptorSink(fileDescriptor: configuration.outputFileDescriptor)
        decoder = InputDecoder()
        renderer.invalidate()
        defer {
            session.leave()
            signals?.uninstall()
            self.session = nil
            self.signals = nil
            self.sink = nil
            isRunning = false
        }
        try session.enter()
        size = measuredSize()
        try loop(root, input: input)
    }

    /// Restores the terminal, runs `body` (an external editor, a pager), then re-enters UI mode and
    /// redraws everything. Outside a run, just runs `body`.
    public func suspended<T>(_ body: () throws -> T) rethrows -> T {
        guard let session, session.isActive else { return try body() }
        session.leave()
        signals?.beginChild()
        defer {
            signals?.endChild()
            // Best effort: if the terminal is gone, the next read reports it.
            try? session.enter()
            renderer.invalidate()
        }
        return try body()
    }

    // MARK: - The loop

    private func loop(_ root: any RootView, input: TerminalInputHandOff) throws {
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        var nextTick = clock.now + configuration.tickInterval
        var lastInput = clock.now
        awaitFirstContent(of: root)
        try draw(root)
        while !root.isFinished {
            let quietLimit = decoder.isInsidePaste ? configuration.pasteTimeout : configuration.escapeTimeout
            var deadline = nextTick
            if decoder.hasPending { deadline = min(deadline, lastInput + quietLimit) }
            var descriptors = [
                pollfd(fd: configuration.inputFileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: root.mailbox?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // Bytes the watchdog took while the loop was stuck are read first, without waiting.
            let hadTakenBytes = input.hasTakenBytes
            let ready = poll(
                &descriptors, nfds_t(descriptors.count), hadTakenBytes ? 0 : (deadline - clock.now).pollMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError.systemCallFailed(call: "poll", errno: errno)
            }
            var changed = false
            // Results of work on other threads (pages read from a store): delivered, then drawn.
            if descriptors[2].revents != 0, let mailbox = root.mailbox {
                changed = mailbox.deliver() || changed
            }
            if descriptors[1].revents != 0, let signals {
                for signal in signals.drain() { changed = try handle(signal: signal) || changed }
            }
            if descriptors[0].revents != 0 || hadTakenBytes {
                switch input.read(into: &readBuffer) {
                case .bytes(let count):
                    lastInput = clock.now
                    var keys = decoder.decode(readBuffer[0..<count])
                    // A terminal writes each key's bytes at once, so when nothing more is waiting, what
                    // the decoder holds (a lone Esc, a read's last character) is complete: waiting out
                    // the Esc timeout would only add its 30 ms to Esc and to every typed letter.
                    if decoder.hasPending && !decoder.isInsidePaste && !inputIsWaiting() {
                        keys += decoder.flushPending()
                    }
                    keys = sendingSignals(for: keys)
                    dispatch(keys, to: root)
                    changed = changed || !keys.isEmpty
                case .nothing:
                    break
                case .closed:
                    throw TerminalError.inputClosed
                case .failed:
                    throw TerminalError.inputClosed
                }
            }
            let now = clock.now
            if decoder.hasPending && now >= lastInput + quietLimit {
                let keys = decoder.flushPending()
                dispatch(keys, to: root)
                changed = changed || !keys.isEmpty
            }
            if now >= nextTick {
                nextTick = now + configuration.tickInterval
                root.tick()
                let measured = measuredSize()
                if measured != size {
                    size = measured
                    renderer.invalidate()
                }
                changed = true
            }
            if changed && !root.isFinished { try draw(root) }
        }
    }

    /// Before the first frame: delivers what the root's work on other threads posts (and the work that
    /// delivery starts) until none is unfinished or ``Configuration/firstFrameWait`` has passed. Keys and
    /// signals that arrive meanwhile wait in their descriptors for the loop.
    private func awaitFirstContent(of root: any RootView) {
        guard let mailbox = root.mailbox else { return }
        let deadline = clock.now + configuration.firstFrameWait
        while mailbox.hasUnfinishedWork && !root.isFinished {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return }
            var descriptor = pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, remaining.pollMilliseconds)
            if ready > 0 {
                mailbox.deliver()
            } else if ready == 0 || errno != EINTR {
                return
            }
        }
    }

    /// Raw mode has ISIG off, so that a paste is text: Ctrl-C, Ctrl-Z and Ctrl-\ typed outside one
    /// arrive as keys, and are sent here as the signals a terminal would send (to the foreground
    /// process group), unless the configuration wants them as keys. The signal handlers then do what
    /// they always did (quit with 130, suspend, quit with 131).
    private func sendingSignals(for keys: [Key]) -> [Key] {
        guard configuration.controlKeysSendSignals else { return keys }
        var kept: [Key] = []
        kept.reserveCapacity(keys.count)
        for key in keys {
            let signal: Int32? =
                switch key {
                case .control("c"): SIGINT
                case .control("z"): SIGTSTP
                case .control("\\"): SIGQUIT
                default: nil
                }
            if let signal {
                TerminalInputHandOff.send(signal, terminal: configuration.inputFileDescriptor)
            } else {
                kept.append(key)
            }
        }
        return kept
    }

    /// True when more input can be read right now (poll without waiting).
    private func inputIsWaiting() -> Bool {
        var descriptor = pollfd(fd: configuration.inputFileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Hands `keys` to `root`, then clears the screen for a full redraw if one of them asked for it.
    private func dispatch(_ keys: [Key], to root: any RootView) {
        for key in keys {
            guard !root.isFinished else { return }
            root.handle(key)
        }
        if !keys.isEmpty && root.takeFullRepaintRequest() {
            size = measuredSize()
            renderer.invalidate()
        }
    }

    private func draw(_ root: any RootView) throws {
        var buffer = Buffer(size: size)
        root.render(into: &buffer)
        if let sink {
            try renderer.render(buffer, to: sink)
            configuration.frameWritten?()
        }
    }

    private func measuredSize() -> Size {
        guard let size = sizeProvider.currentSize(), size.width > 0, size.height > 0 else {
            return Size(width: 80, height: 24)
        }
        return size
    }

    /// Acts on one signal from the pipe; true when the screen must be redrawn.
    private func handle(signal: Int32) throws -> Bool {
        switch signal {
        case SIGWINCH:
            size = measuredSize()
            renderer.invalidate()
            return true
        case SIGTSTP:
            guard let session, let signals else { return false }
            session.leave()
            signals.stopForJobControl()
            try session.enter()
            size = measuredSize()
            renderer.invalidate()
            // Continued (fg): the SIGCONT that woke us is handled by now; anything else still counts.
            for later in signals.drain() where later != SIGCONT { _ = try handle(signal: later) }
            return true
        case SIGCONT:
            // Continued after a stop we did not ask for (kill -STOP): the terminal may have been reset.
            guard let session else { return false }
            try session.enter()
            size = measuredSize()
            renderer.invalidate()
            return true
        case SIGINT, SIGTERM, SIGHUP, SIGQUIT:
            throw TerminalError.terminated(signal: signal)
        default:
            return false
        }
    }
}
