import Foundation
import XCTest

@testable import entries

/// A passphrase command run while the full-screen app owns the terminal (a journal switched to in the
/// app) gets no terminal: were it in the app's session with the app's streams, a command that asks on
/// the terminal would draw over the app's screen and take the keys typed into the app.
final class PassphraseProgramWithoutTerminalTests: XCTestCase {
    func testWithoutTheTerminalTheCommandRunsInASessionOfItsOwnWithNothingToReadOrWriteOn() throws {
        // The command reads its session and its descriptors from /proc (Linux).
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc here")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passphrase-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Prints its session, its process id, where its input and error go, and whether /dev/tty opens.
        let script = folder.appendingPathComponent("where.sh")
        try Data(
            """
            #!/bin/sh
            session=$(cut -d' ' -f6 /proc/$$/stat)
            if (: </dev/tty) 2>/dev/null; then tty=opens; else tty=none; fi
            echo "$session $$ $(readlink /proc/$$/fd/0) $(readlink /proc/$$/fd/2) $tty"
            """.utf8
        ).write(to: script)
        XCTAssertEqual(chmod(script.path, 0o700), 0)
        var program = PassphraseProgram(commandLine: script.path, environment: ProcessInfo.processInfo.environment)
        program.mayUseTerminal = false
        let words = try program.run().withUTF8String { $0 }.split(separator: " ").map(String.init)
        XCTAssertEqual(words.count, 5, "\(words)")
        guard words.count == 5 else { return }
        XCTAssertEqual(words[0], words[1], "the command leads a session of its own: \(words)")
        XCTAssertNotEqual(words[0], String(getsid(0)), "not the caller's session: \(words)")
        XCTAssertEqual(words[2], "/dev/null", "its input: \(words)")
        XCTAssertEqual(words[3], "/dev/null", "its error: \(words)")
        XCTAssertEqual(words[4], "none", "no terminal opens: \(words)")
    }
}
