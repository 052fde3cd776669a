import AppShell

/// The terminal the app is launched in: the real `TerminalRunLoop`, or a headless stand-in in tests.
@MainActor
public protocol AppTerminal: TerminalSuspending {
    /// Shows `root` and runs until it is finished; the terminal is restored on every way out.
    func run(_ root: any RootView) throws
}

extension TerminalRunLoop: AppTerminal {}
