import Foundation
import XCTest

/// `entries storyboard lint|graph|compile` on storyboards of contexts this app does not have (another
/// package's: the Memories example's, and a Photos context of its own that leads into Memories and
/// into the app's Entries), run as that package's developer would.
final class EntriesStoryboardOtherPackageCommandTests: EntriesCommandTestCase {
    /// The Memories example's storyboard (`Examples/Memories/MemoriesContext/MemoriesStoryboard.swift`).
    private static let memories = """
        storyboard: Memories
        initial: memories
        scenes:
          memories:
            kind: MemoryList
            title: On this day
            keys: {enter: open}
        keys:
          esc: done
          "?": help
          down: down
          up: up
        """

    private static let photos = """
        storyboard: Photos
        initial: grid
        scenes:
          grid: {kind: PhotoGrid, title: Photos, keys: {enter: open, m: toMemories, e: toEntries}}
          photo: {kind: Photo, title: Photo}
        segues:
          open: {from: grid, to: photo, kind: push}
          toMemories: {from: grid, to: Memories.memories, kind: present}
          toEntries: {from: grid, to: Entries, kind: present}
        keys:
          esc: back
        """

    /// A folder `other` with both files; returns its path.
    private func writePackageFolder(photos: String = photos) throws -> String {
        let folder = directory.appendingPathComponent("other", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.memories.utf8).write(to: folder.appendingPathComponent("Memories.storyboard"))
        try Data(photos.utf8).write(to: folder.appendingPathComponent("Photos.storyboard"))
        return folder.path
    }

    func testLintRefusesAnotherPackagesContextUnlessToldAndSaysHow() throws {
        let folder = try writePackageFolder()
        let refused = try entries("storyboard", "lint", folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.error.contains("Memories.storyboard:1:"), refused.error)
        XCTAssertTrue(refused.error.contains("no context is named `Memories`"), refused.error)
        XCTAssertTrue(refused.error.contains("checked with --other-contexts"), refused.error)
        let checked = try entries("storyboard", "lint", "--other-contexts", folder)
        XCTAssertEqual(checked.error, "")
        XCTAssertEqual(checked.output, "0 errors, 0 warnings in 2 storyboards\n")
        XCTAssertEqual(checked.status, 0)
    }

    func testLintOfAnotherPackagesContextReportsEveryProblemWithFileLineAndColumn() throws {
        let folder = try writePackageFolder(
            photos: Self.photos.replacingOccurrences(of: "to: photo,", with: "to: picture,")
                .replacingOccurrences(of: "Memories.memories", with: "Memories.memorie")
                .replacingOccurrences(of: "to: Entries,", with: "to: Diary,"))
        let result = try entries("storyboard", "lint", "--other-contexts", folder)
        XCTAssertEqual(result.status, 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        func line(_ number: Int, containing text: String) -> Bool {
            lines.contains {
                $0.range(of: #"Photos\.storyboard:\#(number):\d+: error: "#, options: .regularExpression) != nil
                    && $0.contains(text)
            }
        }
        XCTAssertTrue(line(7, containing: "`picture`"), result.error)
        XCTAssertTrue(line(8, containing: "did you mean `Memories.memories`?"), result.error)
        XCTAssertTrue(line(9, containing: "`Diary`"), result.error)
        XCTAssertTrue(result.output.hasPrefix("3 errors"), result.output)
    }

    func testGraphDrawsAnotherPackagesStoryboards() throws {
        let folder = try writePackageFolder()
        let graph = try succeed("storyboard", "graph", "--other-contexts", folder)
        XCTAssertTrue(graph.hasPrefix("flowchart LR\n"), graph)
        XCTAssertTrue(graph.contains("Photos"), graph)
        XCTAssertTrue(graph.contains("m · toMemories (present)"), graph)
        XCTAssertFalse(graph.contains("EntryDetails"), "the app's storyboards are not drawn: \(graph)")
        let dot = try succeed(
            "storyboard", "graph", "--other-contexts", "--format", "dot", "--context", "photos", folder)
        XCTAssertTrue(dot.hasPrefix("digraph"), dot)
        XCTAssertFalse(dot.contains("MemoryList"), "only Photos: \(dot)")
    }

    func testCompileWritesTheSwiftSourceOfAnotherPackagesStoryboard() throws {
        let folder = try writePackageFolder()
        let source = try succeed(
            "storyboard", "compile", folder + "/Memories.storyboard", "--type", "MemoriesController", "--import",
            "MemoriesContext")
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(5)),
            [
                "// Generated by `entries storyboard compile` from Memories.storyboard: do not edit. A test fails when the two differ.",
                "import AppShell", "import MemoriesContext", "", "extension MemoriesController {",
            ])
        XCTAssertTrue(source.contains(#"name: "Memories", fileName: "Memories.storyboard","#), source)
        XCTAssertTrue(source.contains(#"identifier: "memories", kind: "MemoryList","#), source)
        XCTAssertTrue(source.contains("SourceLocation(line: 7, column: "), "the file's locations are kept: \(source)")
        // To a file, the same text.
        let output = directory.appendingPathComponent("Compiled.swift")
        try succeed(
            "storyboard", "compile", folder + "/Memories.storyboard", "--type", "MemoriesController", "--import",
            "MemoriesContext", "--output", output.path)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), source)
    }

    func testCompileRefusesABrokenStoryboardAndWritesNothing() throws {
        let folder = try writePackageFolder(
            photos: Self.photos.replacingOccurrences(of: "to: photo,", with: "to: picture,"))
        let output = directory.appendingPathComponent("Compiled.swift")
        let result = try entries(
            "storyboard", "compile", folder + "/Photos.storyboard", "--type", "PhotosController", "--output",
            output.path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.contains("Photos.storyboard:7:"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        XCTAssertEqual(
            try entries("storyboard", "compile", folder + "/Photos.storyboard", "--type", "Photos; import Evil").status,
            64)
    }
}
