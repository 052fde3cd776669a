import AppShell
import XCTest

/// The linter and the graph renderers.
final class StoryboardToolsTests: XCTestCase {
    func testLinterMatchesFilesToRegistriesByFileNameAndCountsProblems() {
        onMainActor {
            let linter = StoryboardLinter(registries: [
                "Demo": FakeContext().registry(), "Settings": FakeContext().registry(),
            ])
            let report = linter.lint([
                .text(StoryboardFixtures.demo, fileName: "Demo.storyboard"),
                .text(
                    StoryboardFixtures.demo.replacingOccurrences(of: "kind: ItemMore", with: "kind: ItemMor"),
                    fileName: "Broken.storyboard"),
                .text(
                    StoryboardFixtures.demo.replacingOccurrences(of: "storyboard: Demo", with: "storyboard: Other"),
                    fileName: "Other.storyboard"),
                .text(
                    StoryboardFixtures.demo.replacingOccurrences(of: "storyboard: Demo", with: "storyboard: Dem"),
                    fileName: "Settings.storyboard"),
                .text("", fileName: "Empty.storyboard"),
            ])
            XCTAssertEqual(report.errorCount, 5)
            XCTAssertEqual(report.warningCount, 0)
            XCTAssertEqual(
                report.storyboards.map(\.fileName),
                ["Demo.storyboard", "Broken.storyboard", "Other.storyboard", "Settings.storyboard"])
            XCTAssertEqual(
                report.lines,
                [
                    "Broken.storyboard:2:13: error: the file declares storyboard `Demo` but is named `Broken.storyboard`; "
                        + "the app reads the `Demo` context's storyboard only from `Demo.storyboard`",
                    "Broken.storyboard:15:11: error: scene `more` has unknown kind `ItemMor`; did you mean `ItemMore`?",
                    "Other.storyboard:2:13: error: no context is named `Other` (known: Demo, Settings); the app reads "
                        + "`<Context>.storyboard` files only, so only this file's structure was checked",
                    "Settings.storyboard:2:13: error: the file declares storyboard `Dem` but is the `Settings` context's "
                        + "storyboard; write `storyboard: Settings`",
                    "Empty.storyboard: error: the file is empty; a storyboard needs `storyboard:`, `initial:` and `scenes:`",
                    "5 errors, 0 warnings in 4 storyboards",
                ])
        }
    }

    func testLinterSuggestsTheContextAMisspelledNameMeant() {
        onMainActor {
            let linter = StoryboardLinter(registries: ["Demo": FakeContext().registry()])
            let report = linter.lint([
                .text(
                    StoryboardFixtures.demo.replacingOccurrences(of: "storyboard: Demo", with: "storyboard: Dmeo"),
                    fileName: "Dmeo.storyboard")
            ])
            XCTAssertEqual(
                report.diagnostics.map(\.description),
                [
                    "Dmeo.storyboard:2:13: error: no context is named `Dmeo` (did you mean `Demo`? known: Demo); the app "
                        + "reads `<Context>.storyboard` files only, so only this file's structure was checked"
                ])
        }
    }

    func testLinterFindsTheStoryboardFilesOfADirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["B.storyboard", "A.storyboard", "notes.txt"] {
            try "x: 1".write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let sources = try StoryboardLinter.sources(inDirectory: directory)
        XCTAssertEqual(sources.map(\.fileName), ["A.storyboard", "B.storyboard"])
    }

    private func demoStoryboard() throws -> Storyboard {
        try StoryboardLoader(registry: nil).load(text: StoryboardFixtures.demo, fileName: "Demo.storyboard")
    }

    func testMermaidFlowchartHasNodesEdgesKeysKindsAndTheInitialScene() throws {
        let mermaid = StoryboardGraph.mermaid([try demoStoryboard()])
        XCTAssertTrue(mermaid.hasPrefix("flowchart LR\n"))
        for line in [
            "  subgraph s0[\"Demo\"]",
            "    s0_start((start))",
            "    s0_n0[\"Items<br/>list · ItemList<br/>r: refresh, q: quit\"]",
            "    s0_start --> s0_n0",
            "    s0_n0 -- \"enter · showDetail (push)\" --> s0_n1",
            "    s0_n1 -. \"b · goBack (unwind)\" .-> s0_n0",
            "    s0_n2 -. \"h · home (unwind)\" .-> s0_n0",
            "  end",
        ] {
            XCTAssertTrue(mermaid.contains(line + "\n"), "missing \(line) in\n\(mermaid)")
        }
        let presented = StoryboardGraph.mermaid([
            try StoryboardLoader(registry: nil).load(
                text: StoryboardFixtures.presented, fileName: "P.storyboard")
        ])
        XCTAssertTrue(presented.contains("s0_n0 == \"enter · showDetail (present)\" ==> s0_n1"), presented)
    }

    func testDotGraphForSeveralStoryboards() throws {
        let second = try StoryboardLoader(registry: nil).load(
            text: StoryboardFixtures.rebound, fileName: "R.storyboard")
        let dot = StoryboardGraph.dot([try demoStoryboard(), second])
        XCTAssertTrue(dot.hasPrefix("digraph storyboards {\n  rankdir=LR;\n"))
        XCTAssertTrue(dot.hasSuffix("}\n"))
        for line in [
            "  subgraph cluster_0 {", "  subgraph cluster_1 {",
            "    s0_n1 [label=\"Detail\\ndetail · ItemDetail\"];",
            "    s0_start -> s0_n0;",
            "    s0_n1 -> s0_n2 [label=\"m · showMore (push)\"];",
            "    s0_n1 -> s0_n0 [label=\"b · goBack (unwind)\", style=dashed];",
            "    s1_n1 -> s1_n2 [label=\"tab · toggle (replace)\", arrowhead=diamond];",
        ] {
            XCTAssertTrue(dot.contains(line + "\n"), "missing \(line) in\n\(dot)")
        }
    }

    func testHostileTitlesCannotBreakOutOfLabels() throws {
        let storyboard = try StoryboardLoader(registry: nil).load(
            text: """
                storyboard: "Demo\\"]; evil"
                initial: list
                scenes:
                  list: {kind: ItemList, title: "a\\"b<c>\\\\d\\e[31m"}
                """, fileName: "Demo.storyboard")
        let mermaid = StoryboardGraph.mermaid([storyboard])
        XCTAssertTrue(mermaid.contains("s0_n0[\"a#quot;b#lt;c#gt;\\d [31m<br/>list · ItemList\"]"), mermaid)
        XCTAssertTrue(mermaid.contains("subgraph s0[\"Demo#quot;]; evil\"]"), mermaid)
        let dot = StoryboardGraph.dot([storyboard])
        XCTAssertTrue(dot.contains("s0_n0 [label=\"a\\\"b<c>\\\\d [31m\\nlist · ItemList\"];"), dot)
    }
}

/// `--storyboards DIR` itself: a folder that is not there, or a file in it the app would never read,
/// is an error instead of a silent fall back to the built-in flow.
final class StoryboardOverrideFolderTests: XCTestCase {
    func testAMissingFolderIsAnError() {
        let folder = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let problems = StoryboardOverrides(directory: folder).problems(contexts: ["Entries"]).map(\.description)
        XCTAssertEqual(
            problems,
            [
                "\(folder.path): error: no such folder: the storyboards to use instead of the built-in ones "
                    + "(`--storyboards DIR`) are read from a folder"
            ])
    }

    func testFilesTheAppWouldNeverReadAreErrorsWithTheNameTheyMeant() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overrides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Entries.storyboard", "Settings.storybaord", "Calendar.storyboard", "notes.txt"] {
            try "storyboard: X".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let problems = StoryboardOverrides(directory: folder).problems(contexts: ["Entries", "Settings"]).map(
            \.description)
        XCTAssertEqual(
            problems,
            [
                "Calendar.storyboard: error: the app never reads this file: a context's storyboard is named after it "
                    + "(`Entries.storyboard`, `Settings.storyboard`)",
                "Settings.storybaord: error: the app never reads this file: did you mean `Settings.storyboard`? a "
                    + "context's storyboard is named after it (`Entries.storyboard`, `Settings.storyboard`)",
            ])
    }
}
