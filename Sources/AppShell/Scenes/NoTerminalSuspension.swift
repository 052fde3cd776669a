/// The `TerminalSuspending` of a host that never gives the terminal away (no external editor, no
/// pager) and of headless tests: it runs the work at once, with the screen left as it is.
public final class NoTerminalSuspension: TerminalSuspending {
    /// A suspender that suspends nothing. Callable from any context, so that it can be a default.
    public nonisolated init() {}

    /// Runs `body` at once and returns what it returns.
    public func suspended<T>(_ body: () throws -> T) rethrows -> T {
        try body()
    }
}
