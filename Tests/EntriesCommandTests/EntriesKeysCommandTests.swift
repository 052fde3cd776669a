import Foundation
import XCTest

/// `entries keys`: every scene's keys and where each came from; keys.yaml and the person's storyboards.
final class EntriesKeysCommandTests: EntriesCommandTestCase {
    private var configFolder: URL { directory.appendingPathComponent("xdg/entries") }

    private func keys(_ arguments: String...) throws -> CommandResult {
        try EntriesBinary.run(
            ["keys"] + arguments, input: nil,
            environment: environment(["XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path]),
            directory: directory)
    }

    private func rows(_ result: CommandResult) throws -> [[String: String]] {
        XCTAssertEqual(result.status, 0, result.error)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.standardOutput) as? [[String: String]])
    }

    func testBuiltInKeysOfEveryScene() throws {
        let all = try rows(try keys("--json"))
        XCTAssertEqual(Set(all.map { $0["context"] ?? "" }), ["Entries", "Settings", "Calendar", "Trash"])
        XCTAssertTrue(all.allSatisfy { $0["source"] == "built-in" })
        let enterInList = all.first { $0["scene"] == "list" && $0["key"] == "enter" }
        XCTAssertEqual(enterInList?["action"], "showDetails")
        XCTAssertEqual(enterInList?["scope"], "scene")
        let quit = all.first { $0["scene"] == "list" && $0["key"] == "q" }
        XCTAssertEqual(quit?["scope"], "storyboard")
        let settingsOnly = try rows(try keys("--context", "settings", "--json"))
        XCTAssertEqual(Set(settingsOnly.map { $0["context"] ?? "" }), ["Settings"])
        assertFails(
            try keys("--context", "Entires"), status: 64,
            containing: "unknown context `Entires`; the contexts are Entries, Settings")
        // The Calendar's former name says the name now (a usage error, as an unknown context is).
        let former = try keys("--context", "journal")
        XCTAssertEqual(former.status, 64, former.error)
        XCTAssertEqual(
            former.error,
            "entries: error: unknown context `journal`: the context `Journal` is now named `Calendar`; "
                + "write --context calendar\n")
    }

    func testKeysYamlAndPersonalStoryboardsAreShownWithTheirLines() throws {
        try FileManager.default.createDirectory(
            at: configFolder.appendingPathComponent("storyboards"), withIntermediateDirectories: true)
        let keysFile = configFolder.appendingPathComponent("keys.yaml").path
        try "Entries:\n  scenes:\n    list: {l: showDetails}\n  keys: {q: ~}\n".write(
            toFile: keysFile, atomically: true, encoding: .utf8)
        let settings = try succeed("storyboard", "graph", "--context", "Settings")  // proves the built-in one loads
        XCTAssertFalse(settings.isEmpty)
        let builtIn = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/SettingsContext/Settings.storyboard"),
            encoding: .utf8)
        let personal = configFolder.appendingPathComponent("storyboards/Settings.storyboard").path
        try builtIn.write(toFile: personal, atomically: true, encoding: .utf8)

        let all = try rows(try keys("--json"))
        let l = try XCTUnwrap(all.first { $0["scene"] == "list" && $0["key"] == "l" })
        XCTAssertEqual(l["source"], "keys.yaml")
        XCTAssertEqual(l["from"], "\(keysFile):3")
        XCTAssertNil(
            all.first { $0["context"] == "Entries" && $0["key"] == "q" && $0["scope"] == "storyboard" }, "q is unbound")
        XCTAssertTrue(
            all.filter { $0["context"] == "Settings" }.allSatisfy {
                $0["source"] == "storyboard file" && ($0["from"] ?? "").hasPrefix(personal + ":")
            })
    }

    func testAnInvalidKeysFileStopsTheAppAndIsLocated() throws {
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        let keysFile = configFolder.appendingPathComponent("keys.yaml").path
        try "Entries:\n  scenes:\n    list: {l: showDetials}\n".write(
            toFile: keysFile, atomically: true, encoding: .utf8)
        let result = try keys()
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.error,
            "\(keysFile):3:12: error: key `l` in scene `list` is bound to `showDetials`, which is neither a "
                + "segue, an action of kind EntryList, a flow action nor a standard action; did you mean `showDetails`?\n"
        )
        let lint = try EntriesBinary.run(
            ["storyboard", "lint"], input: nil,
            environment: environment(["XDG_CONFIG_HOME": directory.appendingPathComponent("xdg").path]),
            directory: directory)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.error.contains("\(keysFile):3:12: error:"), lint.error)
    }
}
