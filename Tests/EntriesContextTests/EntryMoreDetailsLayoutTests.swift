import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// More details are a layout (`EntryMoreDetails.layout`): the shipped file is what the binary carries
/// (the literal screens of `EntryDetailsTitleTests` and the backlink tests are its before/after
/// proof), and a person's layout re-lays out the metadata.
final class EntryMoreDetailsLayoutTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [EntryMoreDetailsLayout.kind])

    func testTheShippedFileLoadsIntoTheCompiledLayout() throws {
        let text = try SourceTree(containing: #filePath).text(
            of: "Sources/EntriesContext/Layouts/EntryMoreDetails.layout")
        let loaded = Self.loader.parse(text, fileName: "EntryMoreDetails.layout")
        XCTAssertEqual(loaded.diagnostics, [])
        let layout = try XCTUnwrap(loaded.layout)
        XCTAssertTrue(
            layout.showsTheSame(as: EntryMoreDetailsLayout.builtIn),
            "EntryMoreDetails.layout and EntryMoreDetailsLayout.builtIn differ: \(layout)")
    }

    /// Fewer fields, in another order, with the word count and a relative date; without `body:` the
    /// more-details text is left out.
    func testAPersonsLayoutChoosesTheFields() throws {
        try onMainActor {
            let text = """
                kind: EntryMoreDetails
                lines:
                  - show: [{outlet: id, prefix: "#"}, {text: " · "}, {outlet: words, suffix: " words"}]
                  - {outlet: tags, label: "tags: ", empty: "(none)"}
                  - {outlet: created, date: long, label: "written "}
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryMoreDetails.layout").layout)
            let harness = try EntriesHarness(
                entries: [Samples.draft("Counted", day: 1, body: "one two three")],
                size: Size(width: 40, height: 8), moreDetailsLayout: layout)
            try harness.press("enter", "m")
            XCTAssertEqual(
                Array(harness.contentLines.prefix(3)), ["#1 · 3 words", "tags: (none)", "written 2026-01-02 00:00"])
        }
    }
}
