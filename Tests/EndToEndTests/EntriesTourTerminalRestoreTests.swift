import Foundation
import XCTest

/// The ways out of the app other than `q`: a termination signal restores the terminal, and without a
/// terminal on standard output the app fails at once with a message instead of drawing into a pipe.
final class EntriesTourTerminalRestoreTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    func testTermSignalRestoresTheTerminal() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        let pidFile = tour.directory.appendingPathComponent("entries.pid")
        // The app runs in place of a small shell that first writes its own pid: that is the app's pid.
        let command =
            "sh -c "
            + EntriesTourFixture.quoted(
                "echo $$ > \(EntriesTourFixture.quoted(pidFile.path)); exec env \(tour.appCommand)")
        try tour.launch(command: command)
        try tour.press("Enter", until: "the details") { $0.contains("Body of mango.") }

        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text) else { return XCTFail("no pid in \(pidFile.path): \(text)") }
        XCTAssertEqual(kill(pid, SIGTERM), 0, "the app is not running")

        let screen = try tour.waitForShell()
        XCTAssertFalse(screen.contains("Body of mango."), screen)
        // The app ends the way the signal would have: the shell sees 128 + 15.
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 128 + SIGTERM)
    }

    func testWithoutATerminalOnStandardOutputItFailsAtOnce() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        let started = Date()
        // Standard input is the pane's terminal, standard output a pipe; the status goes to the screen.
        try tour.tmux.typeLine("{ \(tour.appCommand); echo \"app-status-$?\" >&2; } | cat; echo \"done-$((40+2))\"")
        let screen = try tour.tmux.waitForScreen("the app to give up", timeout: 5) { $0.contains("done-42") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "the app took long to give up")
        XCTAssertTrue(screen.contains("entries: error: The interactive UI needs a terminal"), screen)
        XCTAssertTrue(screen.contains("app-status-1"), screen)
        XCTAssertFalse(screen.contains("Mango notes"), "the app drew its screen anyway:\n\(screen)")
        try tour.tmux.assertTerminalRestored(in: tour.directory)
    }
}
