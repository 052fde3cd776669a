import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import XCTest

/// The preview pane is a layout (`EntryPreview.layout`): the shipped file is what the binary carries
/// (the pane's literal screens in `EntryPreviewPaneTests` are its before/after proof), and a person's
/// layout re-lays out the pane, with the `words` outlet the details offer too.
final class EntryPreviewLayoutFileTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [EntryPreviewPaneLayout.kind, EntryDetailsLayout.kind])

    func testTheShippedFileLoadsIntoTheCompiledLayout() throws {
        let text = try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Layouts/EntryPreview.layout")
        let loaded = Self.loader.parse(text, fileName: "EntryPreview.layout")
        XCTAssertEqual(loaded.diagnostics, [])
        let layout = try XCTUnwrap(loaded.layout)
        XCTAssertTrue(
            layout.showsTheSame(as: EntryPreviewPaneLayout.builtIn),
            "EntryPreview.layout and EntryPreviewPaneLayout.builtIn differ: \(layout)")
    }

    func testAPreviewWithTheNumberTagsAndWordCountAboveTheBody() throws {
        try onMainActor {
            let text = """
                kind: EntryPreview
                lines:
                  - show: [{outlet: id, prefix: "#"}, {outlet: words, prefix: " · ", suffix: " words"}]
                    role: dim
                  - {outlet: tags, hide-empty: true, prefix: "tags: "}
                  - {outlet: title, bold: true, align: right}
                body: body
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryPreview.layout").layout)
            let entries = [
                Samples.draft("First", day: 2, tags: ["work"], body: "One two  three\nfour"),
                Samples.draft("Second", day: 1, body: ""),
            ]
            let harness = try EntriesHarness(entries: entries, size: Size(width: 100, height: 8), previewLayout: layout)
            try harness.press("p")
            let pane = harness.screen.lines.dropFirst().prefix(5).map {
                String($0.split(separator: "│", maxSplits: 1).last ?? "")
            }
            XCTAssertEqual(pane[0], " #1 · 4 words", harness.screen.lines.joined(separator: "\n"))
            XCTAssertEqual(pane[1], " tags: work")
            XCTAssertEqual(pane[2].trimmingCharacters(in: .whitespaces), "First")
            XCTAssertTrue(pane[2].hasSuffix("First"), "right-aligned: \(pane[2])")
            XCTAssertEqual(Array(pane[3...4]), [" One two  three", " four"])
            try harness.press("j")
            let second = harness.screen.lines.dropFirst().prefix(4).map {
                String($0.split(separator: "│", maxSplits: 1).last ?? "")
            }
            // No tags: the line is left out; an empty text has no words.
            XCTAssertEqual(second[0], " #2 · 0 words")
            XCTAssertEqual(second[1].trimmingCharacters(in: .whitespaces), "Second")
            XCTAssertEqual(second[2], " No text.")
        }
    }

    func testTheDetailsShowTheWordCount() throws {
        try onMainActor {
            let text = """
                kind: EntryDetails
                lines:
                  - show: [title, {outlet: words, prefix: " (", suffix: " words)"}]
                body: body
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryDetails.layout").layout)
            let harness = try EntriesHarness(
                entries: [Samples.draft("Counted", day: 1, body: "# Head\n\nSome *marked* words here.")],
                size: Size(width: 40, height: 8), detailsLayout: layout)
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.first, "Counted (6 words)")
        }
    }

    func testAWordIsARunBetweenWhitespace() {
        XCTAssertEqual(EntryText.wordCount(""), 0)
        XCTAssertEqual(EntryText.wordCount("  \n\t "), 0)
        XCTAssertEqual(EntryText.wordCount("one"), 1)
        XCTAssertEqual(EntryText.wordCount(" don't  stop\u{00A0}now\n2026-11-21 "), 4)
        XCTAssertEqual(EntryText.wordCount("漢字の日記 and\u{3000}more"), 3)
        XCTAssertEqual(EntryText.wordCount("a\u{1B}b"), 2, "a control character separates words")
    }
}
