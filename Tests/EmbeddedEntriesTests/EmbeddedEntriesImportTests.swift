import Foundation
import XCTest

/// The example embeds the Entries context *alone*: its sources import the kit, the context and the
/// model (its in-memory store), never the Settings context, the App Factory or a database (its target
/// could not build them anyway; this says so where a reader looks).
final class EmbeddedEntriesImportTests: XCTestCase {
    func testTheExampleImportsOnlyTheEntriesContextTheModelAndTheKit() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/EmbeddedEntries")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        XCTAssertEqual(Set(files.map(\.lastPathComponent)), ["EmbeddedEntriesApp.swift", "main.swift"])
        var imported: Set<String> = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            where line.hasPrefix("import ") {
                imported.insert(String(line.dropFirst("import ".count)))
            }
        }
        XCTAssertEqual(imported, ["AppShell", "EntriesContext", "EntryModel", "Foundation"])
    }
}
