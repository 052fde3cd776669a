import Foundation
import XCTest

/// `entries storyboard lint|graph` and `entries --storyboards DIR`, run as a user would.
final class EntriesStoryboardCommandTests: EntriesCommandTestCase {
    func testLintOfTheShippedStoryboardsFindsNoProblem() throws {
        let output = try succeed("storyboard", "lint")
        XCTAssertEqual(output, "0 errors, 0 warnings in 2 storyboards\n")
    }

    func testLintOfAFolderWithoutStoryboardsFails() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        assertFails(try entries("storyboard", "lint", "empty"), containing: "no storyboard files in empty (their names end in .storyboard)")
    }

    func testLintReportsEveryProblemWithFileAndLineAndFails() throws {
        let path = try writeFile("Entries.storyboard", """
            storyboard: Entries
            initial: list
            scenes:
              list: {kind: EntryList, title: Entries, keys: {enter: showDetail, "?x": search}}
              details: {kind: EntryDetails, title: Details}
            segues:
              showDetail: {from: list, to: moreDetail, kind: push}
            """)
        let result = try entries("storyboard", "lint", path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.contains("Entries.storyboard:7:"), result.error)
        XCTAssertTrue(result.error.contains("`moreDetail`"), result.error)
        XCTAssertTrue(result.error.contains("Entries.storyboard:4:"), "the unknown key name is reported too: \(result.error)")
        XCTAssertTrue(result.output.contains("error"), result.output)
    }

    func testGraphPrintsMermaidWithKeysAndTheDocsAreUpToDate() throws {
        let graph = try succeed("storyboard", "graph")
        XCTAssertTrue(graph.hasPrefix("flowchart LR\n"), graph)
        XCTAssertTrue(graph.contains("enter · showDetails (push)"), graph)
        let readme = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("```mermaid\n" + graph + "```"),
                      "the flow graph in README.md is out of date: run scripts/update-storyboard-docs.sh")
    }

    func testGraphOfOneContextInDot() throws {
        let dot = try succeed("storyboard", "graph", "--format", "dot", "--context", "settings")
        XCTAssertTrue(dot.hasPrefix("digraph"), dot)
        XCTAssertTrue(dot.contains("Settings"), dot)
        XCTAssertFalse(dot.contains("EntryDetails"), "only the Settings context: \(dot)")
        assertFails(try entries("storyboard", "graph", "--context", "nowhere"), containing: "unknown context `nowhere`")
    }

    func testAnInvalidStoryboardOverrideStopsTheStartWithItsErrorBeforeTouchingTheTerminal() throws {
        let folder = directory.appendingPathComponent("flows", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("storyboard: Entries\ninitial: nowhere\nscenes: {}\n".utf8)
            .write(to: folder.appendingPathComponent("Entries.storyboard"))
        // Lint with the override folder shows the same error the app would stop with.
        let lint = try entries("storyboard", "lint", "--storyboards", folder.path)
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.error.contains("Entries.storyboard:2:"), lint.error)
    }

    /// The package root, from this file's path (Tests/EntriesCommandTests/…).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
