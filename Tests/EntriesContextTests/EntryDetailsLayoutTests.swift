import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The details' header is a layout: the shipped file is what the binary carries (the details' literal
/// screens elsewhere are its before/after proof), and a person's layout re-lays out the details.
final class EntryDetailsLayoutTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [EntryDetailsLayout.kind])

    func testTheShippedFileLoadsIntoTheCompiledLayout() throws {
        let text = try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Layouts/EntryDetails.layout")
        let loaded = Self.loader.parse(text, fileName: "EntryDetails.layout")
        XCTAssertEqual(loaded.diagnostics, [])
        let layout = try XCTUnwrap(loaded.layout)
        XCTAssertTrue(
            layout.showsTheSame(as: EntryDetailsLayout.builtIn),
            "EntryDetails.layout and EntryDetailsLayout.builtIn differ: \(layout)")
    }

    func testALayoutWithTheNumberAndDatesFirstAndNoTags() throws {
        try onMainActor {
            let text = """
                kind: EntryDetails
                lines:
                  - show: [{outlet: id, prefix: "#"}, {text: " · "}, {outlet: created, date: long}, {outlet: edited, date: relative, prefix: " · changed "}]
                    role: dim
                  - {outlet: title, bold: true}
                  - {outlet: tags, hide-empty: true, prefix: "tags: "}
                  - {rule: "=", role: dim}
                body: body
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryDetails.layout").layout)
            let drafts = [
                Samples.draft("Plain", day: 1, body: "The text."),
                Samples.draft("Tagged", day: 2, tags: ["work"], body: "Body two."),
            ]
            let harness = try EntriesHarness(entries: drafts, size: Size(width: 40, height: 10), detailsLayout: layout)
            try harness.press("j", "enter")
            XCTAssertEqual(
                Array(harness.contentLines.prefix(4)),
                [
                    "#1 · 2026-01-02 00:00", "Plain", String(repeating: "=", count: 40), "The text.",
                ])
            try harness.press("esc", "k", "enter")
            XCTAssertEqual(
                Array(harness.contentLines.prefix(5)),
                [
                    "#2 · 2026-01-03 00:00", "Tagged", "tags: work", String(repeating: "=", count: 40), "Body two.",
                ])
        }
    }
}
