import AppFactory
import AppShell
import XCTest

/// The base of the config file tests: a fresh folder per test, and a file's text loaded as
/// `config.yaml` (from `/home/me`) or its problems, with the folder's path taken out.
class ConfigFileTestCase: XCTestCase {
    private(set) var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
        super.tearDown()
    }

    /// Loads `text` as a config file.
    func load(_ text: String) throws -> UserConfiguration {
        let file = try directory.write(text, to: "config.yaml")
        return try UserConfigurationFile.load(path: file.path, home: "/home/me")
    }

    /// The problems loading `text` reports, each as `config.yaml:line:column: …`; a file that loads fails the test.
    func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        do {
            _ = try load(text)
            XCTFail("\(text) loaded", file: file, line: line)
            return []
        } catch {
            let path = directory.url.appendingPathComponent("config.yaml").path
            let diagnostics = (error as? UserConfigurationError)?.diagnostics ?? []
            XCTAssertFalse(diagnostics.isEmpty, "\(error)", file: file, line: line)
            return diagnostics.map { $0.description.replacingOccurrences(of: path, with: "config.yaml") }
        }
    }
}
