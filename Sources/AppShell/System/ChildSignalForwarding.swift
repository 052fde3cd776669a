#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While a foreground child runs (an editor), a request to end this process — SIGTERM, SIGHUP, and
/// SIGINT when interrupts are not left to the child — is passed on to the child and remembered, instead
/// of ending this process at once. The caller then cleans up (an editor's temporary file, which holds a
/// diary entry) and ends as the signal asked, or lets the handler that was there before see it.
///
/// Handlers reach their state through ``ProcessSignalState``'s rule: C memory allocated once, touched
/// only with async-signal-safe calls (`kill`). One foreground child at a time.
enum ChildSignalForwarding {
    struct Slots {
        /// The child to pass signals on to; 0 until it is started.
        var child: pid_t = 0
        /// The first signal received while forwarding; 0 when none.
        var received: Int32 = 0
    }

    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slots> = {
        let pointer = UnsafeMutablePointer<Slots>.allocate(capacity: 1)
        pointer.initialize(to: Slots())
        return pointer
    }()
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(ProcessSignalState.signalCapacity))
        pointer.initialize(repeating: sigaction(), count: Int(ProcessSignalState.signalCapacity))
        return pointer
    }()

    /// Starts forwarding `signals` (before the child starts, so none is missed); `begin` the child next.
    static func install(_ signals: [Int32]) {
        _ = slots
        _ = previousActions
        slots.pointee = Slots()
        for signal in signals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            ProcessSignalState.setHandler(&action) { signal in
                let state = ChildSignalForwarding.slots
                if state.pointee.received == 0 { state.pointee.received = signal }
                if state.pointee.child > 0 { _ = kill(state.pointee.child, signal) }
            }
            _ = sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// The child is running: signals go to it (one that came while it was starting goes now).
    static func begin(child: pid_t) {
        slots.pointee.child = child
        let early = slots.pointee.received
        if early != 0 { _ = kill(child, early) }
    }

    /// Puts the previous actions back; returns the signal received while forwarding, if any.
    static func uninstall(_ signals: [Int32]) -> Int32? {
        for signal in signals { _ = sigaction(signal, previousActions + Int(signal), nil) }
        let received = slots.pointee.received
        slots.pointee = Slots()
        return received == 0 ? nil : received
    }
}
