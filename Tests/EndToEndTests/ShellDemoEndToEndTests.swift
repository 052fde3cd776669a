import Foundation
import XCTest

/// The built `shell-demo` under tmux: what it shows, navigation, and a terminal restored on every way
/// out (quit, SIGTERM, a crash, Ctrl-Z and fg), at 120×40 and 40×12.
final class ShellDemoEndToEndTests: XCTestCase {
    private var session: TmuxSession?
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("shell-demo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        session?.kill()
        session = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private func start(width: Int, height: Int, arguments: String = "", environment: String = "") throws -> TmuxSession {
        let demo = try BuiltProducts.executable("shell-demo")
        let session = try TmuxSession(width: width, height: height)
        self.session = session
        // The shell records the demo's pid, then becomes the demo (so SIGTERM reaches it directly).
        let pidFile = directory.appendingPathComponent("pid").path
        try session.typeLine("\(environment) sh -c 'echo $$ > \"\(pidFile)\"; exec \"$0\" \"$@\"' '\(demo)' \(arguments)")
        try session.waitForScreen("the list") { $0.contains("Item 0001") && $0.contains("enter open") }
        return session
    }

    private func demoPID() throws -> pid_t {
        let text = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testNavigatesAndQuitsRestoringTheTerminalAt120x40() throws {
        let session = try start(width: 120, height: 40)
        let first = try session.screen()
        XCTAssertEqual(first.first?.trimmingCharacters(in: .whitespaces), "Items")
        XCTAssertTrue(first[1].hasPrefix("Item 0001 "))
        XCTAssertTrue(first[38].hasPrefix("Item 0038 "), "the list fills the screen: \(first[38])")

        try session.press("Down", "Down")
        try session.press("Enter")
        try session.waitForScreen("the details of item 3") {
            $0.contains("Items › Item 3") && $0.contains("This is item 3 of the AppShell demo.")
        }
        try session.press("Escape")
        try session.waitForScreen("back to the list") { $0.hasPrefix("Items\n") && $0.contains("Item 0038") }

        try session.press("m")
        try session.waitForScreen("the modal") { $0.contains("About") && $0.contains("Press Esc to close.") }
        try session.press("Escape")
        try session.waitForScreen("the modal closed") { !$0.contains("Press Esc to close.") }

        try session.press("?")
        try session.waitForScreen("the help overlay") { $0.contains("Keys") && $0.contains("enter") && $0.contains("open") && $0.contains("modal") }
        try session.press("Escape")
        try session.waitForScreen("the help closed") { !$0.contains("Keys") }

        for _ in 0..<45 { try session.press("Down") }
        try session.waitForScreen("the list scrolled") { $0.contains("Item 0046") && !$0.contains("Item 0001") }

        try session.press("q")
        let after = try session.waitForPrompt()
        XCTAssertFalse(after.contains("Item 0046"), "the alternate screen is gone:\n\(after)")
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

    func testSIGTERMRestoresTheTerminalAndExitsAsTerminated() throws {
        let session = try start(width: 120, height: 40)
        XCTAssertEqual(kill(try demoPID(), SIGTERM), 0)
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 128 + SIGTERM)
    }

    func testSmallTerminal40x12() throws {
        let session = try start(width: 40, height: 12)
        let list = try session.screen()
        XCTAssertEqual(list.count, 12)
        XCTAssertTrue(list[1].hasPrefix("Item 0001"))
        XCTAssertTrue(list.allSatisfy { $0.count <= 40 })
        try session.press("Enter")
        let details = try session.waitForScreen("wrapped details") { $0.contains("This is item 1 of the") }
        let rows = details.split(separator: "\n").map(String.init)
        XCTAssertTrue(rows.allSatisfy { $0.count <= 40 })
        XCTAssertGreaterThanOrEqual(rows.filter { $0.count >= 30 && $0.first?.isLetter == true }.count, 4,
                                    "paragraphs wrapped into full lines:\n\(details)")
        try session.press("Escape")
        try session.waitForScreen("the list") { $0.hasPrefix("Items\n") }
        try session.press("m")
        try session.waitForScreen("the modal") { $0.contains("About") && $0.contains("Press Esc to close.") }
        try session.press("Escape")
        try session.waitForScreen("the list") { $0.contains("Item 0001") && !$0.contains("About") }
        try session.press("q")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

    func testACrashRestoresTheTerminal() throws {
        // The Swift runtime's backtracer prints after the terminal is restored; keep it from waiting for a key.
        let session = try start(width: 80, height: 24, arguments: "--enable-crash-key", environment: "SWIFT_BACKTRACE=interactive=no")
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
        try session.waitForScreen("the list redrawn after fg") { $0.contains("Item 0001") && $0.contains("q quit") && $0.contains("Item 0022") }
        try session.press("q")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }
}
