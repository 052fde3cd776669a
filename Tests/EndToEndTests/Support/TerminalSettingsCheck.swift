import Foundation
import XCTest

extension TmuxSession {
    /// Runs `stty -a` in the pane's shell (into a file, so nothing scrolls away) and checks that the
    /// terminal is back in its normal state: `echo` and `icanon` on, not `-echo`/`-icanon`. Also checks
    /// the status the shell saw when `expectedStatus` is given.
    func assertTerminalRestored(
        in directory: URL, expectedStatus: Int32? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let settingsFile = directory.appendingPathComponent("stty-\(UUID().uuidString.prefix(6)).txt")
        // `$((40+2))` shows as typed on the command line but prints 42: the marker only appears once done.
        try typeLine("status=$?; stty -a > '\(settingsFile.path)'; echo \"done-$((40+2)) status-$status\"")
        let screen = try waitForScreen("stty to finish", file: file, line: line) { $0.contains("done-42 status-") }
        let settings = try String(contentsOf: settingsFile, encoding: .utf8)
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        XCTAssertTrue(words.contains("echo"), "echo is off after the app:\n\(settings)", file: file, line: line)
        XCTAssertTrue(words.contains("icanon"), "icanon is off after the app:\n\(settings)", file: file, line: line)
        XCTAssertFalse(words.contains("-echo"), file: file, line: line)
        XCTAssertFalse(words.contains("-icanon"), file: file, line: line)
        if let expectedStatus {
            XCTAssertTrue(
                screen.contains("done-42 status-\(expectedStatus)"),
                "expected exit status \(expectedStatus):\n\(screen)",
                file: file, line: line)
        }
    }
}
