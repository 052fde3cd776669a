import Foundation
import XCTest

/// `entries storyboard lint|graph` and `entries --storyboards DIR`, run as a user would.
final class EntriesStoryboardCommandTests: EntriesCommandTestCase {
    func testLintOfTheShippedStoryboardsFindsNoProblem() throws {
        let output = try succeed("storyboard", "lint")
        XCTAssertEqual(output, "0 errors, 0 warnings in 4 storyboards\n")
    }

    func testHelpNamesEveryContextTheAppHas() throws {
        let help = try succeed("storyboard", "--help")
        // The contexts as `keys` lists them, in the order they first appear.
        let rows =
            try JSONSerialization.jsonObject(with: Data(try succeed("keys", "--json").utf8)) as? [[String: Any]] ?? []
        var names: [String] = []
        for case let name as String in rows.map({ $0["context"] }) where !names.contains(name) { names.append(name) }
        XCTAssertGreaterThanOrEqual(names.count, 3)
        XCTAssertTrue(help.contains("Each context (\(names.joined(separator: ", ")))"), help)
    }

    func testLintOfAFolderWithoutStoryboardsFails() throws {
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        assertFails(
            try entries("storyboard", "lint", "empty"),
            containing: "no storyboard files in empty (their names end in .storyboard)")
    }

    func testLintReportsEveryProblemWithFileAndLineAndFails() throws {
        let path = try writeFile(
            "Entries.storyboard",
            """
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
        XCTAssertTrue(
            result.error.contains("Entries.storyboard:4:"), "the unknown key name is reported too: \(result.error)")
        XCTAssertTrue(result.output.contains("error"), result.output)
    }

    func testGraphPrintsMermaidWithKeysAndTheDocsAreUpToDate() throws {
        let graph = try succeed("storyboard", "graph")
        XCTAssertTrue(graph.hasPrefix("flowchart LR\n"), graph)
        XCTAssertTrue(graph.contains("enter · showDetails (push)"), graph)
        let guide = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("docs/storyboards.md"), encoding: .utf8)
        XCTAssertTrue(
            guide.contains("```mermaid\n" + graph + "```"),
            "the flow graph in docs/storyboards.md is out of date: run scripts/update-storyboard-docs.sh")
    }

    func testLintRefusesAReferenceIntoTheEntriesContext() throws {
        let path = try writeFile(
            "Trash.storyboard",
            """
            storyboard: Trash
            initial: list
            scenes:
              list: {kind: TrashList, title: Trash, keys: {enter: showEntry, esc: done, b: backToEntries}}
              entry: {kind: TrashedEntry, title: Deleted entry}
            segues:
              showEntry: {from: list, to: entry, kind: push}
              backToEntries: {from: list, to: Entries, kind: present}
            """)
        let result = try entries("storyboard", "lint", path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.error.contains(
                "Trash.storyboard:8:35: error: segue `backToEntries` goes to `Entries`, but Entries is the context the app "
                    + "opens on"), result.error)
        XCTAssertTrue(result.output.hasPrefix("1 error, "), result.output)
    }

    func testGraphOfOneContextInDot() throws {
        let dot = try succeed("storyboard", "graph", "--format", "dot", "--context", "settings")
        XCTAssertTrue(dot.hasPrefix("digraph"), dot)
        XCTAssertTrue(dot.contains("Settings"), dot)
        XCTAssertFalse(dot.contains("EntryDetails"), "only the Settings context: \(dot)")
        assertFails(
            try entries("storyboard", "graph", "--context", "nowhere"), status: 64,
            containing: "unknown context `nowhere`")
        assertFails(
            try entries("storyboard", "graph", "--context", "journal"), status: 64,
            containing: "entries: error: unknown context `journal`: the context `Journal` is now named `Calendar`; "
                + "write --context calendar\n")
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

    func testTheAppStopsWithTheSameLinesLintPrintsOneDiagnosticPerLine() throws {
        let folder = directory.appendingPathComponent("flows", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            storyboard: Entry
            initial: list
            scenes:
              list: {kind: EntryList, title: Entries, keys: {enter: open}}
              details: {kind: EntryDetails, title: Details}
            segues:
              open: {from: list, to: detail, kind: push}
            """.utf8
        ).write(to: folder.appendingPathComponent("Entries.storyboard"))
        let lint = try entries("storyboard", "lint", "--storyboards", folder.path)
        XCTAssertEqual(lint.status, 1)
        let lintLines = lint.error.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lintLines,
            [
                "Entries.storyboard:1:13: error: the file declares storyboard `Entry` but is the `Entries` context's "
                    + "storyboard; write `storyboard: Entries`",
                "Entries.storyboard:5:3: warning: scene `details` is never shown: no segue from the initial scene leads to "
                    + "it (instantiate it from code, add a segue, or remove it)",
                "Entries.storyboard:6:1: error: the context's code performs segue `showDetails` (it shows an entry picked "
                    + "in another context, such as Settings), but the storyboard has no such segue; add one, e.g. "
                    + "`showDetails: {from: list, to: details, kind: push}`",
                "Entries.storyboard:6:1: warning: the context's code performs segue `entryDeleted` (it leaves an entry's "
                    + "details once it was deleted there), but the storyboard has no such segue: the details stay and say "
                    + "the entry was deleted; to have it, add e.g. `entryDeleted: {from: details, kind: unwind}`",
                "Entries.storyboard:7:26: error: segue `open` goes to unknown scene `detail`; did you mean `details`?",
            ])
        // The app needs a terminal: script(1) gives it one (its output is the terminal's, lines end in \r\n).
        let script = "/usr/bin/script"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: script), "needs script(1) for a pseudo-terminal")
        let binary = try EntriesBinary.locate().path
        let start = try EntriesBinary.run(
            executable: URL(fileURLWithPath: script),
            ["-qec", "'\(binary)' --storyboards '\(folder.path)'", "/dev/null"],
            input: Data(), environment: environment(), directory: directory)
        XCTAssertEqual(start.status, 1, start.output)
        let startLines = start.output.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(
            String.init)
        XCTAssertEqual(startLines, lintLines, "the same lines as lint, and nothing else: the terminal was not touched")
    }

    /// The package root, from this file's path (Tests/EntriesCommandTests/…).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
