import Foundation
import XCTest

/// Commands typed at a shell with job control, as a person types them: the programs they start that
/// use the terminal (the pager of `entries read`, the `ENTRIES_PASSPHRASE_COMMAND` of an encrypted
/// journal) must be in the terminal's foreground group. Started in a process group of their own (as
/// Foundation's `Process` does on Linux), one that sets the terminal's modes, as `less` and a password
/// prompt do, is stopped by SIGTTOU, and the command waited for it forever.
final class EntriesForegroundChildEndToEndTests: TmuxEndToEndTestCase {
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
        self.session = session
        // A pager that changes the terminal's modes first, as less does (stty, unlike less, is on
        // every machine); stopped there when it is not in the foreground group.
        let pager = "stty -echo </dev/tty; cat; stty echo </dev/tty"
        try session.typeLine("PAGER='\(pager)' HOME=\(directory.path) \(binary) --database \(database) read")
        let screen = try session.waitForScreen("the entries through the pager, and the prompt", timeout: 20) {
            $0.contains("Walked to the lake") && $0.contains("Called mum") && TmuxSession.isAtPrompt($0)
        }
        XCTAssertFalse(screen.contains("Stopped"), screen)
    }

    /// Ctrl-C while the text is still being written to the pager (more than the pipe holds, the
    /// pager not reading yet) is the pager's: `entries` does not end and leave it running behind the
    /// shell's prompt. The pager here ignores Ctrl-C, as less does.
    func testCtrlCWhileAPagerIsFedLongTextLeavesTheCommandWaitingForThePager() throws {
        let binary = try BuiltProducts.executable("entries")
        let database = directory.appendingPathComponent("long.sqlite").path
        let body = String(repeating: "A long day by the lake, written down at length. ", count: 900)
        for title in ["First long day", "Second long day", "Third long day"] {
            let added = try Subprocess.run(
                binary, ["--database", database, "add", "--title", title, "--body", body],
                environment: ProcessInfo.processInfo.environment, capturingOutput: false)
            XCTAssertEqual(added.status, 0)
        }
        let session = try TmuxSession(width: 80, height: 24)
        self.session = session
        let marker = directory.appendingPathComponent("pager-started").path
        let pager = "trap \"\" INT QUIT; touch \(marker); sleep 2; cat >/dev/null; echo pager-done"
        try session.typeLine(
            "PAGER='\(pager)' HOME=\(directory.path) \(binary) --database \(database) read; echo \"status=$?\"")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the pager started")
        try session.press("C-c")
        let screen = try session.waitForScreen("the command's status", timeout: 20) {
            $0.range(of: #"status=[0-9]"#, options: .regularExpression) != nil
        }
        XCTAssertTrue(screen.contains("pager-done"), "the pager ran to its end first: \(screen)")
        XCTAssertTrue(screen.contains("status=0"), "the command waited for the pager: \(screen)")
    }

    func testAPassphraseCommandThatAsksOnTheTerminalIsAnswered() throws {
        let binary = try BuiltProducts.executable("entries")
        let database = directory.appendingPathComponent("private.sqlite").path
        // Asks on the terminal with its echo off, as a password manager does.
        let asking = directory.appendingPathComponent("ask.sh")
        try Data(
            """
            #!/bin/sh
            printf 'Passphrase: ' >/dev/tty
            stty -echo </dev/tty
            read answer </dev/tty
            stty echo </dev/tty
            echo "$answer"
            """.utf8
        ).write(to: asking)
        let printing = directory.appendingPathComponent("print.sh")
        try Data("#!/bin/sh\necho 'correct horse'\n".utf8).write(to: printing)
        for script in [asking, printing] {
            XCTAssertEqual(chmod(script.path, 0o700), 0)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["ENTRIES_PASSPHRASE_COMMAND"] = printing.path
        environment["HOME"] = directory.path
        for arguments in [["init", "--encrypted"], ["add", "--title", "Secret plans"]] {
            let result = try Subprocess.run(
                binary, ["--database", database] + arguments, environment: environment, capturingOutput: false)
            XCTAssertEqual(result.status, 0, "\(arguments)")
        }
        let session = try TmuxSession(width: 80, height: 24)
        self.session = session
        try session.typeLine(
            "ENTRIES_PASSPHRASE_COMMAND=\(asking.path) HOME=\(directory.path) \(binary) --database \(database) list")
        try session.waitForScreen("the passphrase asked", timeout: 20) { $0.contains("Passphrase:") }
        try session.typeLine("correct horse")
        let screen = try session.waitForScreen("the list, and the prompt", timeout: 20) {
            $0.contains("Secret plans") && TmuxSession.isAtPrompt($0)
        }
        XCTAssertFalse(screen.contains("Passphrase: correct horse"), "the answer is not echoed: \(screen)")
    }
}
