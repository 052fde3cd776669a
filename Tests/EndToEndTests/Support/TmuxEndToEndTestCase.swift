import Foundation
import XCTest

/// Shared setup of the end-to-end tests that drive a terminal: a fresh temporary directory per test
/// (removed in tearDown) and the tmux session the test starts (`session`, killed in tearDown).
class TmuxEndToEndTestCase: XCTestCase {
    var session: TmuxSession?
    var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        session?.kill()
        session = nil
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }
}
