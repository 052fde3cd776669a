import AppFactory
import AppShell
import XCTest

/// The configuration guide's example config (docs/configuration.md) is complete and valid: loaded here as a
/// config file.
final class ConfigurationGuideExampleTests: XCTestCase {
    func testTheGuidesExampleConfigLoadsAndSetsEverySetting() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- example-config:begin -->\n```yaml\n"))
        let end = try XCTUnwrap(text.range(of: "```\n<!-- example-config:end -->"))
        let example = String(text[begin.upperBound..<end.lowerBound])

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(example, to: "config.yaml")
        let configuration = try UserConfigurationFile.load(path: file.path, home: "/home/me")
        XCTAssertEqual(configuration.database?.value, "/home/me/notes/journal.sqlite")
        XCTAssertNotNil(configuration.editor)
        XCTAssertNotNil(configuration.theme)
        XCTAssertFalse(configuration.colors?.value.isEmpty ?? true)
        XCTAssertNotNil(configuration.mouse)
        XCTAssertNotNil(configuration.sortOrder)
        XCTAssertNotNil(configuration.dateStyle)
        XCTAssertNotNil(configuration.confirmBeforeDelete)
        XCTAssertNotNil(configuration.colorEnabled)
        XCTAssertNotNil(configuration.listRow, "the example's list-row: compiles to a layout")
        // Every setting a config may hold appears in the example: `entries config` lists them all.
        let names =
            EffectiveSettings.preferences(journal: nil, configuration: configuration).map(\.name)
            + ["database", "editor", "theme", "colors", "mouse"]
        for name in names {
            XCTAssertNotNil(
                example.range(of: "\n\(name):") ?? (example.hasPrefix("\(name):") ? example.range(of: name) : nil),
                "the example sets \(name)")
        }
    }
}
