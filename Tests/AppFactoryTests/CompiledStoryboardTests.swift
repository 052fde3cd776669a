import AppFactory
import AppShell
import AppShellTesting
import Foundation
import XCTest

/// Every context runs its storyboard compiled into the binary (`<Name>Controller+CompiledStoryboard.swift`,
/// written by `make storyboards`), so a start reads no file and parses no YAML. These tests keep that
/// honest: the compiled storyboard is exactly what the loader reads from the `.storyboard` file, the
/// recorded source is what the generator writes for it today, and the file itself is clean.
///
/// `ENTRIES_RECORD_STORYBOARDS=1` (what `make storyboards` sets) writes the sources instead of failing.
final class CompiledStoryboardTests: XCTestCase {
    func testEveryContextRunsItsStoryboardFileCompiled() throws {
        let tree = try SourceTree(containing: #filePath)
        let records = ProcessInfo.processInfo.environment["ENTRIES_RECORD_STORYBOARDS"] == "1"
        try onMainActor {
            for context in StoryboardCatalog().contexts {
                let file = tree.url("Sources/\(context.name)Context/\(context.name).storyboard")
                let recordedFile = tree.url(
                    "Sources/\(context.name)Context/Controller/\(context.name)Controller+CompiledStoryboard.swift")
                let result = StoryboardLoader(registry: context.registry, expectedName: context.name).diagnose(
                    .file(file))
                XCTAssertEqual(result.diagnostics, [], "\(context.name).storyboard has nothing to report")
                let parsed = try XCTUnwrap(result.storyboard, "\(context.name).storyboard is readable")

                let source = try StoryboardSwiftSource(typeName: "\(context.name)Controller").file(for: parsed)
                let recorded = try? String(contentsOf: recordedFile, encoding: .utf8)
                if recorded != source {
                    if records && result.diagnostics.isEmpty {
                        try Data(source.utf8).write(to: recordedFile)
                    } else {
                        XCTFail(
                            "\(recordedFile.lastPathComponent) is not \(context.name).storyboard: run `make storyboards`"
                        )
                    }
                }
                if records { continue }
                guard case .compiled(let compiled) = context.source else {
                    XCTFail("the \(context.name) context does not run a compiled storyboard: \(context.source)")
                    continue
                }
                XCTAssertEqual(compiled, parsed, "the binary's \(context.name) storyboard is its file's")
            }
        }
    }
}
