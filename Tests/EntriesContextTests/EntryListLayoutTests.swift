import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import XCTest

/// The list's row is a layout: the shipped file is what the binary carries, it draws exactly what the
/// code drew before layouts existed, and a person's layout re-lays out the list.
final class EntryListLayoutTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [EntryListLayout.kind])

    func testTheShippedFileLoadsIntoTheCompiledLayout() throws {
        let text = try SourceTree(containing: #filePath).text(of: "Sources/EntryUI/Layouts/EntryList.layout")
        let loaded = Self.loader.parse(text, fileName: EntryListLayout.fileName)
        XCTAssertEqual(loaded.diagnostics, [])
        let layout = try XCTUnwrap(loaded.layout)
        XCTAssertTrue(
            layout.showsTheSame(as: EntryListLayout.builtIn),
            "EntryList.layout and EntryListLayout.builtIn differ: \(layout)")
    }

    /// The first YAML block after `heading` in a document of the package.
    private static func yamlExample(in path: String, after heading: String) throws -> String {
        let text = try SourceTree(containing: #filePath).text(of: path)
        let section = try XCTUnwrap(text.range(of: heading), "no \(heading) in \(path)")
        let rest = text[section.upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```yaml\n"))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
        return String(rest[start.upperBound..<end.lowerBound])
    }

    /// Every kind the Entries context lays out, for the documents' examples (the storyboard format's
    /// is a details layout).
    private static let documentsLoader = LayoutLoader(kinds: [
        EntryListLayout.kind, EntryDetailsLayout.kind, EntryPreviewPaneLayout.kind, EntryMoreDetailsLayout.kind,
    ])

    func testTheDocumentsExamplesLoad() throws {
        for (path, heading) in [
            ("README.md", "## Layouts"), ("docs/configuration.md", "### Layouts"),
            ("Sources/AppShell/Layout/LAYOUT.md", "# The layout file format"),
            ("Sources/AppShell/Storyboard/FORMAT.md", "## Layouts"),
        ] {
            let example = try Self.yamlExample(in: path, after: heading)
            let loaded = Self.documentsLoader.parse(example, fileName: path)
            XCTAssertEqual(loaded.diagnostics, [], path)
            XCTAssertNotNil(loaded.layout, path)
        }
        // LAYOUT.md's example is the shipped layout, comments aside.
        let format = try Self.yamlExample(in: "Sources/AppShell/Layout/LAYOUT.md", after: "# The layout file format")
        XCTAssertTrue(
            try XCTUnwrap(Self.loader.parse(format, fileName: "LAYOUT.md").layout).showsTheSame(
                as: EntryListLayout.builtIn))
    }

    func testALayoutWithTheDateFirstTheIdAndNoTagsRedrawsTheList() throws {
        try onMainActor {
            let text = """
                kind: EntryList
                gap: 1
                row:
                  - {outlet: created, date: long, width: fit}
                  - {outlet: id, width: 3, align: right, prefix: "#"}
                  - show: [{outlet: star, label: "★ "}, title]
                    width: fill
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryList.layout").layout)
            var starred = Samples.draft("Starred one", day: 2, tags: ["work"])
            starred.starred = true
            let harness = try EntriesHarness(
                entries: [Samples.draft("First", day: 1, tags: ["home"]), starred], size: Size(width: 50, height: 5),
                listRowLayout: layout)
            XCTAssertEqual(harness.contentLines[0], "2026-01-03 00:00  #2 ★ Starred one")
            XCTAssertEqual(harness.contentLines[1], "2026-01-02 00:00  #1 First")
        }
    }
}
