import Foundation
import XCTest

/// Shared setup of the shell-demo end-to-end tests: that of `TmuxEndToEndTestCase`, and starting the
/// built demo in the tmux session.
class ShellDemoEndToEndTestCase: TmuxEndToEndTestCase {
    /// Starts a `width`×`height` tmux pane and the demo in it (with `environment` assignments and
    /// `arguments`), and waits for the list.
    func start(width: Int, height: Int, arguments: String = "", environment: String = "") throws -> TmuxSession {
        let demo = try BuiltProducts.executable("shell-demo")
        let session = try TmuxSession(width: width, height: height)
        self.session = session
        // The shell records the demo's pid, then becomes the demo (so signals reach it directly).
        let pidFile = directory.appendingPathComponent("pid").path
        try session.typeLine(
            "\(environment) sh -c 'echo $$ > \"\(pidFile)\"; exec \"$0\" \"$@\"' '\(demo)' \(arguments)")
        try session.waitForScreen("the list") { $0.contains("Item 0001") && $0.contains("enter open") }
        return session
    }

    /// The pid of the demo started by `start`.
    func demoPID() throws -> pid_t {
        let text = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
