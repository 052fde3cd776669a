#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TerminalRunLoop {
    /// How the run loop talks to the terminal. The defaults suit an app on standard input and output.
    public struct Configuration: Sendable {
        /// Where keys are read from. Default: standard input.
        public var inputFileDescriptor: Int32 = STDIN_FILENO
        /// Where frames are written. Default: standard output.
        public var outputFileDescriptor: Int32 = STDOUT_FILENO
        /// Colour support; nil (default) detects it from `NO_COLOR`, `TERM` and `COLORTERM`.
        public var colorSupport: ColorSupport?
        /// How often `RootView.tick()` is called while no input arrives. Default: 250 ms.
        public var tickInterval: Duration = .milliseconds(250)
        /// How long a lone Esc (or a held character) waits for the rest of a sequence. Default: 30 ms.
        /// Only when more input was already waiting after it: a read that ends the input is decoded
        /// at once (terminals write a key's bytes together), so Esc and letters do not wait.
        public var escapeTimeout: Duration = .milliseconds(30)
        /// How long a bracketed paste may stay quiet before it is delivered as it is. Default: 1 s.
        public var pasteTimeout: Duration = .seconds(1)
        /// Install signal handlers (resize, Ctrl-Z, termination, crash restore). Default: true. Only one
        /// run loop per process can; tests that drive a pty may turn it off.
        public var handlesSignals = true
        /// How long a termination signal (Ctrl-C, SIGTERM, SIGHUP) or a closed terminal waits for a busy
        /// main thread before the process ends anyway, terminal restored (see `BusyWatchdog`). Default:
        /// 500 ms; nil turns the watchdog off. Only when `handlesSignals`.
        public var busyExitDelay: Duration? = .milliseconds(500)
        /// Ctrl-C, Ctrl-Z and Ctrl-\ send their signals as in any terminal program (default: true).
        /// False delivers them as `.control("c")`, `.control("z")`, `.control("\\")` keys instead.
        public var controlKeysSendSignals = true
        /// Wrap each frame in synchronized output (DEC mode 2026). Default: true.
        public var usesSynchronizedOutput = true
        /// Guard against terminals that draw emoji sequences and flags wider or narrower than counted
        /// (see `Renderer.guardsDisputedWidths`). Default: true; off only to show what it prevents.
        public var guardsDisputedWidths = true

        /// How long the first frame may wait for work the root view started on other threads (its
        /// mailbox's ``MainThreadMailbox/hasUnfinishedWork``): a store that answers within it is drawn
        /// once, complete, instead of as placeholders and then again. A slower one (a server) gets its
        /// placeholders after this. Default: 50 ms; zero draws at once.
        public var firstFrameWait: Duration = .milliseconds(50)
        /// Ask the terminal for mouse reports (SGR, mode 1006): the root view gets `.mouse` keys. They are
        /// switched off again on every way out (quit, signals, a crash, a suspension). Default: false.
        public var reportsMouse = false
        /// Called after each frame is written to the terminal, e.g. by an app's start-up trace noting
        /// when the first frames went out. Default: nil.
        public var frameWritten: (@Sendable () -> Void)?

        /// The defaults: standard input and output, detected colours, signals handled.
        public init() {}
    }
}

extension Duration {
    /// Whole milliseconds, rounded up, never negative (for poll's timeout).
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, millis))
    }
}
