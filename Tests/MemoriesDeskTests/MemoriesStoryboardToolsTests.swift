import AppShell
import AppShellTesting
import EntriesContext
import MemoriesContext
import XCTest

@testable import memories_desk

/// The storyboard tools work on a context from outside the package's app (the Memories tutorial's,
/// on AppShell's public API only): its storyboard is linted against its registry with `file:line`,
/// compiled into Swift, and drawn with the Entries storyboard that leads into it.
final class MemoriesStoryboardToolsTests: XCTestCase {
    func testTheMemoriesStoryboardIsLintedCompiledAndDrawn() throws {
        try onMainActor {
            let linter = StoryboardLinter(registries: [
                MemoriesController.storyboardName: MemoriesController.storyboardRegistry(),
                EntriesController.storyboardName: EntriesController.storyboardRegistry(),
            ])
            let report = linter.lint([MemoriesController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount, 0, report.lines.joined(separator: "\n"))
            let broken = linter.lint([
                .text(
                    MemoriesController.storyboardText.replacingOccurrences(
                        of: "kind: MemoryList", with: "kind: MemoryLis"),
                    fileName: "Memories.storyboard")
            ])
            XCTAssertEqual(broken.errorCount, 1, broken.lines.joined(separator: "\n"))
            XCTAssertTrue(
                broken.lines.contains { $0.hasPrefix("Memories.storyboard:5:") && $0.contains("MemoryLis") },
                broken.lines.joined(separator: "\n"))

            let memories = try XCTUnwrap(report.storyboards.first)
            let source = try StoryboardSwiftSource(typeName: "MemoriesController").file(for: memories)
            XCTAssertTrue(source.contains("extension MemoriesController"), source)
            XCTAssertTrue(source.contains("\"MemoryList\""), source)

            guard case .compiled(let entries) = MemoriesDeskApp.entriesStoryboard() else {
                return XCTFail("the desk's Entries storyboard is compiled")
            }
            let graph = StoryboardGraph.mermaid([entries, memories])
            XCTAssertTrue(graph.contains("Memories"), graph)
            XCTAssertTrue(graph.contains("showMemories"), graph)
        }
    }
}
