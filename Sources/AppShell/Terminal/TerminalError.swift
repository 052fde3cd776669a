/// Why the terminal UI could not start or had to stop. Every case says what the user can do about it.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, /dev/null), so there is no screen to draw on.
    case notATerminal(fileDescriptor: Int32)
    /// A terminal call failed (`tcgetattr`, `tcsetattr`, `pipe`, `read`, `write`, `poll`): the call and its errno.
    case systemCallFailed(call: String, errno: Int32)
    /// The terminal went away: reading input returned end of file or the line hung up.
    case inputClosed
    /// A termination signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) arrived; the terminal has been restored.
    /// Exit with `ProcessTermination.exit(bySignal:)` so the parent sees the right status.
    case terminated(signal: Int32)
    /// Another run loop already owns the terminal in this process.
    case alreadyRunning

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .notATerminal(let fd):
            let name = fd == 0 ? "standard input" : fd == 1 ? "standard output" : "file descriptor \(fd)"
            return "The interactive UI needs a terminal, but \(name) is not one. "
                + "Run it in a terminal, or use a non-interactive command for scripts and pipes."
        case .systemCallFailed(let call, let code):
            return "The terminal call \(call) failed (errno \(code)). Try again in a regular terminal."
        case .inputClosed:
            return "The terminal closed (its input reached end of file), so the UI stopped."
        case .terminated(let signal):
            return "Stopped by signal \(signal); the terminal was restored."
        case .alreadyRunning:
            return "The terminal UI is already running in this process; only one run loop can own the terminal."
        }
    }
}
