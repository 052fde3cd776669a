import Foundation
import XCTest

/// `entries read` typed at a shell with job control, as a person types it: the pager must be in the
/// terminal's foreground group. Started in a process group of its own (as Foundation's `Process` does
/// on Linux), a pager that sets the terminal's modes, as `less` does, is stopped by SIGTTOU, and
/// `entries read` waited for it forever with nothing on the screen.
final class EntriesPagerEndToEndTests: XCTestCase {
    private var tmux: TmuxSession?
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pager-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        tmux?.kill()
        tmux = nil
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    func testReadShowsItsEntriesThroughAPagerThatSetsTheTerminalModes() throws {
        let binary = try BuiltProducts.executable("entries")
        let database = directory.appendingPathComponent("journal.sqlite").path
        for title in ["Walked to the lake", "Called mum"] {
            let added = try Subprocess.run(
                binary, ["--database", database, "add", "--title", title],
                environment: ProcessInfo.processInfo.environment, capturingOutput: false)
            XCTAssertEqual(added.status, 0)
        }
        let session = try TmuxSession(width: 80, height: 24)
        tmux = session
        // A pager that changes the terminal's modes first, as less does (stty, unlike less, is on
        // every machine); stopped there when it is not in the foreground group.
        let pager = "stty -echo </dev/tty; cat; stty echo </dev/tty"
        try session.typeLine("PAGER='\(pager)' HOME=\(directory.path) \(binary) --database \(database) read")
        let screen = try session.waitForScreen("the entries through the pager, and the prompt", timeout: 20) {
            $0.contains("Walked to the lake") && $0.contains("Called mum") && TmuxSession.isAtPrompt($0)
        }
        XCTAssertFalse(screen.contains("Stopped"), screen)
    }
}
