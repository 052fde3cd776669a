@testable import AppShell
import AppShellTesting
import XCTest

/// Markdown whose rendering grew faster than its text: nested emphasis (every pair marked the nodes
/// between it, and every search for an opener walked past the matched ones: 280 KB took 37 s), links
/// inside link text parsed once per level, a 2,000 × 500 table laid out whole (7 s, 240 MB), a 10 MB
/// line parsed and wrapped whole. Now emphasis is linear, links do not nest, and a table or a
/// paragraph past its bound is cut with a visible note.
final class MarkdownLinearityTests: XCTestCase {
    private static func seconds(_ body: () -> Void) -> TimeInterval {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    func testNestedEmphasisIsLinear() {
        // 20,000 nested pairs (280 KB), as in the report; and the same at a fifth, to compare.
        func text(_ count: Int) -> String {
            String(repeating: "*a **a ", count: count) + "b" + String(repeating: " a** a*", count: count)
        }
        var runs: [MarkdownRun] = []
        let big = Self.seconds { runs = MarkdownInlineParser.parse(text(20_000)) }
        XCTAssertLessThan(big, 10, "a debug build on a busy machine; it took 37 s in release")
        // Every letter is inside the nesting: emphasis and strong everywhere, no delimiter left.
        XCTAssertEqual(runs.map(\.text).joined().filter { $0 == "*" }.count, 0)
        XCTAssertTrue(
            runs.allSatisfy { $0.kind.contains(.emphasis) || $0.text.allSatisfy { $0 == " " } }, "\(runs.prefix(3))")
        // The nesting itself is right on a small case.
        XCTAssertEqual(
            MarkdownInlineParser.parse("*a **b** c*"),
            [
                MarkdownRun("a ", .emphasis), MarkdownRun("b", [.emphasis, .strong]), MarkdownRun(" c", .emphasis),
            ])
    }

    func testLinksInLinkTextAreText() {
        XCTAssertEqual(MarkdownInlineParser.parse("[a [b](c) d](e)").map(\.text).joined(), "a [b](c) d (e)")
        let deep = String(repeating: "[", count: 500) + "x" + String(repeating: "](y)", count: 500)
        let time = Self.seconds { _ = MarkdownInlineParser.parse(String(repeating: deep + " ", count: 200)) }
        XCTAssertLessThan(time, 10)
    }

    func testAHugeTableKeepsItsFirstRowsAndSaysHowManyMore() {
        let header = "|" + (0..<500).map { " h\($0) |" }.joined()
        let rule = "|" + String(repeating: " - |", count: 500)
        let row = "|" + String(repeating: " a |", count: 500)
        let text = ([header, rule] + Array(repeating: row, count: 2_000)).joined(separator: "\n")
        let lines = TextWrapper.lines(of: text).map { text[$0] }
        guard case .table(let head, _, let rows)? = MarkdownBlockParser.parse(lines).first else {
            return XCTFail("no table")
        }
        XCTAssertEqual(head.count, 500)
        XCTAssertEqual(rows.count, MarkdownBlockParser.tableCellLimit / 500 + 1)
        XCTAssertEqual(rows.last?.first, "… (\(2_000 - MarkdownBlockParser.tableCellLimit / 500) more rows not shown)")
    }

    @MainActor
    func testATenMegabyteLineIsCutWithANote() {
        let view = MarkdownView(
            text: String(repeating: "word ", count: 2_000_000), theme: .monochrome, showsScrollIndicator: false)
        let screen = HeadlessScreen(
            scene: WidgetScene(render: view.render(into:area:), handle: view.handle), size: Size(width: 80, height: 10))
        var lines: [String] = []
        let time = Self.seconds {
            lines = screen.render().lines
            _ = view.handle(.end)
            lines = screen.render().lines
        }
        XCTAssertLessThan(time, 10, "a debug build on a busy machine")
        XCTAssertTrue(lines.last?.hasPrefix("word word") == true, "the line's end is shown: \(lines)")
        // A few pages up from the end, the note says how much of the middle is not shown.
        var seen = lines
        for _ in 0..<20 where !seen.joined(separator: " ").contains("more not shown") {
            _ = view.handle(.pageUp)
            seen = screen.render().lines
        }
        XCTAssertTrue(seen.joined(separator: " ").contains("more not shown: too long to lay out)"), "\(seen)")
        XCTAssertTrue(seen.joined(separator: " ").contains("9.4 MB"), "\(seen)")
    }

    /// A paragraph cut in the middle keeps its last words in sight (the end of a long note matters).
    @MainActor
    func testACutParagraphKeepsItsEnd() {
        let text = "start " + String(repeating: "x", count: 100_000) + " the end"
        let line = MarkdownLayout(styles: MarkdownStyles(theme: .monochrome)).inline(text).plainText
        XCTAssertTrue(line.hasPrefix("start xxx"), String(line.prefix(20)))
        XCTAssertTrue(line.hasSuffix("xxx the end"), String(line.suffix(20)))
        XCTAssertTrue(line.contains(" … (") && line.contains(" more not shown: too long to lay out) … "))
        XCTAssertLessThanOrEqual(line.utf8.count, MarkdownLayout.inlineByteLimit + 100)
    }
}
