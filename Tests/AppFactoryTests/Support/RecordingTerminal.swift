import AppFactory
import AppShell

/// An `AppTerminal` with no terminal: `run` keeps the root view it is given (so a test can put it on a
/// `HeadlessScreen` and drive it) and returns at once; `suspended` just runs the body.
@MainActor
final class RecordingTerminal: AppTerminal {
    /// Every root view `run` was given, in order.
    private(set) var runRoots: [any RootView] = []
    private(set) var suspensions = 0

    func run(_ root: any RootView) throws {
        runRoots.append(root)
    }

    func suspended<T>(_ body: () throws -> T) rethrows -> T {
        suspensions += 1
        return try body()
    }
}
