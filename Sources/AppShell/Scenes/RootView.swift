/// What the terminal run loop drives: the whole screen. The `Window` is the usual one.
///
/// The run loop calls `render(into:)` after every handled input, resize or tick, diffs the buffer with
/// the previous frame and writes only what changed; it stops when `isFinished` becomes true.
@MainActor
public protocol RootView: AnyObject {
    /// Draws the whole screen; `buffer` has the terminal's current size and starts blank.
    func render(into buffer: inout Buffer)
    /// Handles one decoded key (or paste).
    func handle(_ key: Key)
    /// Called about every 250 ms while no input arrives (status timeouts, watching for outside changes).
    func tick()
    /// True once the app wants to quit; the run loop then restores the terminal and returns.
    var isFinished: Bool { get }
    /// True once after a key asked for the whole screen to be cleared and drawn again (Ctrl-L in
    /// `Window`), for when something else wrote on it; the run loop asks after every batch of keys.
    func takeFullRepaintRequest() -> Bool
    /// Where work on other threads posts its results (pages read from a store, say); the run loop
    /// wakes when something is posted, delivers it and redraws. Nil (the default) for none.
    var mailbox: MainThreadMailbox? { get }
}

extension RootView {
    /// Does nothing: a root view without timeouts needs no ticks.
    public func tick() {}
    /// Never asks for a full repaint.
    public func takeFullRepaintRequest() -> Bool { false }
    /// No mailbox: nothing is posted from other threads.
    public var mailbox: MainThreadMailbox? { nil }
}

/// Runs work that needs the real terminal back (an external editor, a pager) while the UI is suspended:
/// the terminal is restored before `body` and the UI fully redrawn after it. The run loop provides it.
@MainActor
public protocol TerminalSuspending: AnyObject {
    /// Restores the terminal, runs `body`, then takes the terminal
    /// back and redraws everything; returns what `body` returns.
    func suspended<T>(_ body: () throws -> T) rethrows -> T
}
