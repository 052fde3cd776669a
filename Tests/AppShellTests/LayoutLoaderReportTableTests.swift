import AppShell
import XCTest

/// Kinds for layout tests: a row and a stack of lines, with an outlet of every type.
enum LayoutTestKinds {
    static let row = LayoutKind(
        name: "Row", shape: .row,
        outlets: [
            LayoutOutlet("star", .flag, "starred"), LayoutOutlet("title", .text, "title"),
            LayoutOutlet("created", .date, "created"),
            LayoutOutlet("tags", .tags, "tags"), LayoutOutlet("words", .count, "words"),
            LayoutOutlet("body", .markdown, "body"),
        ])
    static let page = LayoutKind(name: "Page", shape: .lines, outlets: row.outlets)
    static let loader = LayoutLoader(kinds: [row, page])
}

/// One broken layout per class of error, with the exact `file:line:col: error:` lines a lint and a
/// failed start print, and no layout: a layout with an error is never used in part.
final class LayoutLoaderReportTableTests: XCTestCase {
    private func assertReport(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line)
    {
        let result = LayoutTestKinds.loader.parse(text, fileName: "T.layout")
        XCTAssertEqual(result.diagnostics.map(\.description), expected, file: file, line: line)
        XCTAssertNil(result.layout, "a layout with errors is refused whole", file: file, line: line)
    }

    func testUnknownOutletSuggestsTheClosest() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: titel\n    width: fill\n",
            ["T.layout:3:13: error: `Row` has no outlet `titel`; did you mean `title`?"])
    }

    func testUnknownOutletFarFromAnyListsThem() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: mood\n    width: fill\n",
            ["T.layout:3:13: error: `Row` has no outlet `mood`; it offers: star, title, created, tags, words, body"])
    }

    func testDateFormatOnAnOutletThatIsNotADate() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: title\n    date: short\n    width: fill\n",
            ["T.layout:4:5: error: `date` formats a date; `title` is text"])
    }

    func testUnknownDateFormat() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: created\n    date: shrot\n    width: fill\n",
            ["T.layout:4:11: error: unknown date `shrot`; did you mean `short`?"])
    }

    func testTwoPartsThatFill() {
        assertReport(
            "kind: Row\nrow:\n  - {outlet: title, width: fill}\n  - {outlet: tags, width: fill}\n",
            ["T.layout:4:20: error: two columns fill the rest (the first at line 3); keep one `fill`"])
    }

    func testUnknownThemeRole() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: title\n    width: fill\n    role: dimm\n",
            ["T.layout:5:11: error: unknown theme role `dimm`; did you mean `dim`?"])
    }

    func testALayoutThatCannotFitFortyColumns() {
        assertReport(
            "kind: Row\nrow:\n  - {outlet: title, width: 30}\n  - {outlet: tags, width: 20}\n",
            [
                "T.layout:2:1: error: at 40 columns wide the row needs 52 (fixed widths, minimums and gaps); a layout must fit 40 columns: hide columns below a width with `shown-from:`"
            ])
    }

    func testAColumnShownOnlyOnWideRowsMayBeWide() {
        let result = LayoutTestKinds.loader.parse(
            "kind: Row\nrow:\n  - {outlet: title, width: 30}\n  - {outlet: tags, width: 20, shown-from: 60}\n",
            fileName: "T.layout")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertNotNil(result.layout)
    }

    func testUnknownKind() {
        assertReport(
            "kind: Rows\nrow: []\n", ["T.layout:1:7: error: no scene kind `Rows` has a layout; did you mean `Row`?"])
    }

    func testAHugeWidthIsAnErrorNotAnAllocation() {
        assertReport(
            "kind: Row\nrow:\n  - {outlet: title, width: 1000000000}\n",
            [
                "T.layout:3:28: error: `width: 1000000000` is not a width; write a number from 1 to 1000, `fit`, `fit max 40%`, a share like `30%` (1–100), `fill` or `fill min 10`"
            ])
    }

    func testMarkdownOnlyInABody() {
        assertReport(
            "kind: Row\nrow:\n  - {outlet: body, width: fill}\n",
            ["T.layout:3:14: error: `body` is Markdown: only `body:` can show it (a column is one line of text)"])
    }

    func testAnEscapeSequenceInLiteralTextIsRefused() {
        assertReport(
            "kind: Row\nrow:\n  - {text: \"\\e[2J\", width: 4}\n",
            [
                "T.layout:3:12: error: `text` contains the control character U+001B; a layout's text is shown as written, never as terminal commands"
            ])
    }

    func testEveryProblemAtOnceInOrder() {
        assertReport(
            "kind: Row\nrow:\n  - outlet: title\n    widht: fill\n  - outlet: tagz\n    width: fit\n",
            [
                "T.layout:3:5: error: a column needs `width:` (a number, `fit`, `fit max 40%`, `30%`, `fill`, `fill min 10`)",
                "T.layout:4:5: error: unknown field `widht` in a column; did you mean `width`?",
                "T.layout:5:13: error: `Row` has no outlet `tagz`; did you mean `tags`?",
            ])
    }

    func testAColumnWithABadItemIsStillCheckedToTheEnd() {
        assertReport(
            "kind: Row\nrow:\n  - {text: \"\\e[2J\", width: 1000000000, role: dimm}\n",
            [
                "T.layout:3:12: error: `text` contains the control character U+001B; a layout's text is shown as written, never as terminal commands",
                "T.layout:3:28: error: `width: 1000000000` is not a width; write a number from 1 to 1000, `fit`, `fit max 40%`, a share like `30%` (1–100), `fill` or `fill min 10`",
                "T.layout:3:46: error: unknown theme role `dimm`; did you mean `dim`?",
            ])
    }

    func testAWidthThatIsNotOneIsNotTakenForAFill() {
        assertReport(
            "kind: Row\nrow:\n  - {outlet: title, width: fill}\n  - {outlet: tags, width: 1000000000}\n",
            [
                "T.layout:4:27: error: `width: 1000000000` is not a width; write a number from 1 to 1000, `fit`, `fit max 40%`, a share like `30%` (1–100), `fill` or `fill min 10`"
            ])
    }

    func testDeepNestingIsNamedForALayout() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        assertReport(
            "kind: Row\nrow: " + deep + "\n",
            ["T.layout:2:69: error: the YAML is nested more than 64 levels deep; a layout needs five"])
    }

    func testTheBodyShowsMarkdownOnly() {
        assertReport(
            "kind: Page\nlines: []\nbody: title\n",
            ["T.layout:3:7: error: `title` is text; the body shows Markdown (`body`)"])
    }

    func testARuleLineShowsOnlyItsRule() {
        assertReport(
            "kind: Page\nlines:\n  - {rule: \"-\", outlet: title}\nbody: body\n",
            ["T.layout:3:17: error: a `rule` line shows only its rule; `outlet` goes on a line of its own"])
    }

    func testARowForAKindThatShowsOneThing() {
        assertReport(
            "kind: Page\nrow: []\n",
            ["T.layout:2:1: error: `row` is for lists; `Page` shows one thing: use `lines:` and `body:`"])
    }

    func testTenThousandColumnsAreRefusedByCount() {
        let columns = String(repeating: "  - {outlet: title, width: 1}\n", count: 10_000)
        assertReport(
            "kind: Row\nrow:\n" + columns,
            ["T.layout:2:1: error: `row` (a list of columns) has 10000 entries; at most 32"])
    }

    /// Every number a layout writes is bounded where it is written, as widths are: a stranger's file
    /// cannot make the app allocate or loop by a gap, a minimum, a share, a `shown-from`, a line count,
    /// an item count or a text's width. One row per field, each at its exact place.
    func testEveryNumberAndCountIsBoundedWhereItIsWritten() {
        let notAWidth =
            "is not a width; write a number from 1 to 1000, `fit`, `fit max 40%`, a share like `30%` (1–100), `fill` or `fill min 10`"
        let table: [(text: String, error: String)] = [
            (
                "kind: Row\ngap: 1000000000\nrow:\n  - {outlet: title, width: fill}\n",
                "T.layout:2:6: error: `gap` must be a whole number from 0 to 8, found the number `1000000000`"
            ),
            (
                "kind: Row\nrow:\n  - {outlet: title, width: fill min 1000000000}\n",
                "T.layout:3:28: error: `width: fill min 1000000000` " + notAWidth
            ),
            (
                "kind: Row\nrow:\n  - {outlet: tags, width: fit max 1000000000%}\n",
                "T.layout:3:27: error: `width: fit max 1000000000%` " + notAWidth
            ),
            (
                "kind: Row\nrow:\n  - {outlet: tags, width: 1000000000%}\n",
                "T.layout:3:27: error: `width: 1000000000%` " + notAWidth
            ),
            (
                "kind: Row\nrow:\n  - {outlet: tags, width: 99999999999999999999}\n",
                "T.layout:3:27: error: `width: 99999999999999999999` " + notAWidth
            ),
            (
                "kind: Row\nrow:\n  - {outlet: title, width: fill, shown-from: 1000000000}\n",
                "T.layout:3:46: error: `shown-from` must be a whole number from 0 to 1000, found the number `1000000000`"
            ),
            (
                "kind: Row\nrow:\n  - {outlet: title, width: fill, shown-from: -1}\n",
                "T.layout:3:46: error: `shown-from` must be a whole number from 0 to 1000, found the number `-1`"
            ),
            (
                "kind: Page\nlines:\n  - {outlet: title, overflow: wrap, max-lines: 1000000000}\n",
                "T.layout:3:48: error: `max-lines` must be a whole number from 0 to 100, found the number `1000000000`"
            ),
            (
                "kind: Row\nrow:\n  - {show: [" + Array(repeating: "title", count: 17).joined(separator: ", ")
                    + "], width: 3}\n",
                "T.layout:3:6: error: `show` places 17 items; at most 16"
            ),
            (
                "kind: Page\nlines:\n" + String(repeating: "  - {outlet: title}\n", count: 10_000) + "body: body\n",
                "T.layout:2:1: error: `lines` (a list of lines) has 10000 entries; at most 32"
            ),
            (
                "kind: Row\nrow:\n  - {text: \"" + String(repeating: "漢", count: 101) + "\", width: 3}\n",
                "T.layout:3:12: error: `text` is wider than 200 columns"
            ),
        ]
        for row in table {
            assertReport(row.text, [row.error])
        }
    }

    func testAnAliasIsRefusedBeforeComposing() {
        let result = LayoutTestKinds.loader.parse(
            "kind: Row\nrow: &a\n  - {outlet: title, width: fill}\nagain: *a\n", fileName: "T.layout")
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertTrue(
            result.diagnostics[0].description.hasPrefix("T.layout:4:8: error: YAML anchors and aliases"),
            "\(result.diagnostics)")
        XCTAssertNil(result.layout)
    }

    func testDeepNestingIsRefusedWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = LayoutTestKinds.loader.parse("kind: Row\nrow: " + deep + "\n", fileName: "T.layout")
        XCTAssertEqual(result.diagnostics.errors.count, 1)
        XCTAssertNil(result.layout)
    }

    func testAnEmptyFile() {
        assertReport("", ["T.layout: error: the file is empty; a layout starts with `kind:`"])
    }
}
