import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import XCTest

/// The list row's `words` outlet: the count the store keeps, written with thousands separators and,
/// in a column of counts that does not say `align:`, right-aligned so the numbers line up.
final class EntryListWordCountTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [EntryListLayout.kind])

    private static func drafts() -> [EntryDraft] {
        [
            Samples.draft("Long one", day: 1, body: String(repeating: "word ", count: 1_204)),
            Samples.draft("Short one", day: 2, body: "three small words"),
            Samples.draft("Empty one", day: 3),
        ]
    }

    func testAColumnOfWordsIsRightAlignedAndGrouped() throws {
        try onMainActor {
            let text = """
                kind: EntryList
                row:
                  - {outlet: title, width: fill}
                  - {outlet: words, width: fit}
                """
            let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryList.layout").layout)
            let harness = try EntriesHarness(
                entries: Self.drafts(), size: Size(width: 30, height: 8), listRowLayout: layout)
            XCTAssertEqual(harness.contentLines[0], "Empty one                    0")
            XCTAssertEqual(harness.contentLines[1], "Short one                    3")
            XCTAssertEqual(harness.contentLines[2], "Long one                 1,204")
        }
    }

    func testTheOneLineFormRightAlignsWordsToo() throws {
        try onMainActor {
            let result = EntryListRowFormat.layout(
                "{title}  {words}", fileName: "config.yaml", line: 1, column: 10, origin: "test")
            XCTAssertEqual(result.diagnostics, [])
            let layout = try XCTUnwrap(result.layout)
            let harness = try EntriesHarness(
                entries: Self.drafts(), size: Size(width: 30, height: 8), listRowLayout: layout)
            XCTAssertEqual(harness.contentLines[0], "Empty one                    0")
            XCTAssertEqual(harness.contentLines[2], "Long one                 1,204")
        }
    }

    func testAnAlignGivenWinsAndTextColumnsStayLeft() throws {
        let text = """
            kind: EntryList
            row:
              - {outlet: title, width: fill}
              - {outlet: words, width: fit, align: left}
              - {outlet: id, width: 4}
              - show: [id, {text: " "}, title]
                width: 10
            """
        let layout = try XCTUnwrap(Self.loader.parse(text, fileName: "EntryList.layout").layout)
        XCTAssertEqual(layout.columns.map(\.alignment), [.left, .left, .right, .left])
    }
}
