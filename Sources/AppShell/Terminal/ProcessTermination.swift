#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending the process the way a signal would, after the UI stopped because of it.
public enum ProcessTermination {
    /// Ends the process as `signal` would have (default action), so the parent shell sees the usual
    /// status (130 for SIGINT, 143 for SIGTERM). Call it with the signal of `TerminalError.terminated`.
    ///
    /// ```swift
    /// do { try TerminalRunLoop().run(window) }
    /// catch TerminalError.terminated(let signal) { ProcessTermination.exit(bySignal: signal) }
    /// ```
    public static func exit(bySignal signal: Int32) -> Never {
        ProcessSignalState.resetAndRaise(signal)
        // Only reached for a signal whose default action does not end the process.
        #if canImport(Glibc)
        Glibc.exit(128 + signal)
        #else
        Darwin.exit(128 + signal)
        #endif
    }
}
