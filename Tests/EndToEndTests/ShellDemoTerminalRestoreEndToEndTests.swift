import Foundation
import XCTest

/// The terminal is restored on every way out of the built `shell-demo`: SIGTERM, Ctrl-C, a crash,
/// Ctrl-Z and fg; no colour with `NO_COLOR`/`TERM=dumb`; a clear error without a terminal.
final class ShellDemoTerminalRestoreEndToEndTests: ShellDemoEndToEndTestCase {
    func testSIGTERMRestoresTheTerminalAndExitsAsTerminated() throws {
        let session = try start(width: 120, height: 40)
        XCTAssertEqual(kill(try demoPID(), SIGTERM), 0)
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 128 + SIGTERM)
    }

    func testACrashRestoresTheTerminal() throws {
        // The Swift runtime's backtracer prints after the terminal is restored; keep it from waiting for a key.
        let session = try start(
            width: 80, height: 24, arguments: "--enable-crash-key", environment: "SWIFT_BACKTRACE=interactive=no")
        try session.press("x")
        try session.waitForPrompt("the shell prompt after the crash", timeout: 30)
        try session.assertTerminalRestored(in: directory)
        let screen = try session.screen().joined(separator: "\n")
        let status = screen.components(separatedBy: "status-").last.flatMap { Int($0.prefix { $0.isNumber }) }
        XCTAssertGreaterThan(status ?? 0, 128, "killed by a signal:\n\(screen)")
    }

    func testControlZSuspendsAndFgRedraws() throws {
        // A plain command line (no `exec` wrapper) so the shell's job control owns the demo.
        let demo = try BuiltProducts.executable("shell-demo")
        let session = try TmuxSession(width: 80, height: 24)
        self.session = session
        try session.typeLine("'\(demo)'")
        try session.waitForScreen("the list") { $0.contains("Item 0001") }
        try session.press("Down", "Down")
        try session.press("C-z")
        try session.waitForScreen("the shell after Ctrl-Z") { !$0.contains("Item 0002") && $0.contains("Stopped") }
        try session.typeLine("fg")
        try session.waitForScreen("the list redrawn after fg") {
            $0.contains("Item 0001") && $0.contains("q quit") && $0.contains("Item 0022")
        }
        try session.press("q")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

    func testControlCInterruptsAndRestoresTheTerminal() throws {
        let session = try start(width: 80, height: 24)
        try session.press("C-c")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 128 + SIGINT)
    }

    func testNoColorAndDumbTerminalStillWorkWithoutColour() throws {
        let session = try start(width: 80, height: 24, environment: "NO_COLOR=1 TERM=dumb")
        try session.press("m")
        try session.waitForScreen("the modal") { $0.contains("Colours: none") }
        let parameters = sgrParameters(in: try session.styledScreen())
        let colours = parameters.filter { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }
        XCTAssertEqual(colours, [], "no colour reaches the screen")
        XCTAssertTrue(parameters.contains(7), "the selection still shows, in reverse video")
        try session.press("Escape")
        try session.waitForScreen("the modal closed") { !$0.contains("Colours: none") }
        try session.press("q")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

    func testWithoutATerminalItFailsAtOnceWithAClearMessage() throws {
        let demo = try BuiltProducts.executable("shell-demo")
        let session = try TmuxSession(width: 100, height: 24)
        self.session = session
        try session.typeLine("'\(demo)' < /dev/null; echo \"exit-$((1+1))-$?\"")
        let screen = try session.waitForScreen("the error") { $0.contains("exit-2-") }
        XCTAssertTrue(screen.contains("needs a terminal"), screen)
        XCTAssertTrue(screen.contains("exit-2-1"), screen)
    }

    /// Every numeric SGR parameter (`ESC [ … m`) in `text`.
    private func sgrParameters(in text: String) -> [Int] {
        var result: [Int] = []
        for chunk in text.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = chunk.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }), chunk[end] == "m"
            else { continue }
            result += chunk[..<end].split(separator: ";").compactMap { Int($0) }
        }
        return result
    }
}
