@testable import AppShell
import AppShellTesting
import XCTest

/// Quotes and lists nested past any journal's use: the block parser recursed once per level and
/// overflowed the stack (`"> " × 60,000`), and re-read every line once per level (a 2,000-level list).
/// Now it stops at `MarkdownNesting.maximumDepth` levels, or when a block's nested lines reach the
/// byte budget, and shows the rest as written (as code): visible, nothing lost, no crash.
final class MarkdownNestingTests: XCTestCase {
    /// How deep quotes and lists go in a block.
    private static func depth(of block: MarkdownBlock) -> Int {
        switch block {
        case .quote(let blocks): return 1 + (blocks.map(depth).max() ?? 0)
        case .list(_, _, let items): return 1 + (items.flatMap { $0 }.map(depth).max() ?? 0)
        default: return 0
        }
    }

    /// The code lines at the bottom of the nesting (where the cut shows the rest as written).
    private static func innermostCode(of block: MarkdownBlock) -> [String]? {
        switch block {
        case .code(let lines):
            return lines
        case .quote(let blocks):
            for inner in blocks { if let found = innermostCode(of: inner) { return found } }
            return nil
        case .list(_, _, let items):
            for inner in items.joined() { if let found = innermostCode(of: inner) { return found } }
            return nil
        default:
            return nil
        }
    }

    private static func parse(_ text: String) -> [MarkdownBlock] {
        MarkdownBlockParser.parse(TextWrapper.lines(of: text).map { text[$0] })
    }

    func testSixtyThousandQuoteLevelsAreCutAtABound() {
        // 120 KB read once per level: the byte budget stops it before the depth bound.
        for (text, levels) in [
            (String(repeating: "> ", count: 60_000) + "x", 60_000), (String(repeating: ">", count: 100_000), 100_000),
        ] {
            let blocks = Self.parse(text)
            XCTAssertEqual(blocks.count, 1)
            let depth = blocks.first.map(Self.depth) ?? 0
            XCTAssertTrue((2...(MarkdownNesting.maximumDepth + 1)).contains(depth), "\(depth)")
            // The rest is shown as written: every marker not parsed is still there.
            let rest = blocks.first.flatMap(Self.innermostCode)?.joined()
            XCTAssertEqual(
                rest?.count, text.hasSuffix("x") ? (levels - depth) * 2 + 1 : levels - depth,
                "the rest of the text is kept")
        }
        // Short lines reach the depth bound: the top-level quote, and 32 levels parsed inside it.
        let short = Self.parse(String(repeating: "> ", count: 1_000) + "x")
        XCTAssertEqual(short.first.map(Self.depth), MarkdownNesting.maximumDepth + 1)
        XCTAssertEqual(short.first.flatMap(Self.innermostCode)?.first?.count, (1_000 - 33) * 2 + 1)
    }

    func testTwentyThousandListLevelsAreCutAtABound() {
        let text = String(repeating: "- ", count: 20_000) + "x"
        let blocks = Self.parse(text)
        XCTAssertEqual(blocks.count, 1)
        XCTAssertTrue((2...(MarkdownNesting.maximumDepth + 1)).contains(blocks.first.map(Self.depth) ?? 0))
        XCTAssertEqual(blocks.first.flatMap(Self.innermostCode)?.first?.hasSuffix("- - x"), true)
        XCTAssertEqual(
            Self.parse(String(repeating: "- ", count: 1_000) + "x").first.map(Self.depth),
            MarkdownNesting.maximumDepth + 1)
    }

    /// A list nested by indentation, one level per line, 2,000 levels and 4 MB: each level used to
    /// re-read all the lines below it. The byte budget cuts it; the time is far from the minutes it took.
    func testAnIndentedListOfTwoThousandLevelsStaysWithinTheBudget() {
        let text = (0..<2_000).map { String(repeating: " ", count: 2 * $0) + "- item \($0)" }.joined(separator: "\n")
        let start = Date()
        let blocks = Self.parse(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "a debug build on a busy machine; about 0.5 s expected")
        XCTAssertEqual(blocks.count, 1)
        XCTAssertLessThanOrEqual(blocks.first.map(Self.depth) ?? 0, MarkdownNesting.maximumDepth + 1)
        // The last item is still there, as written.
        XCTAssertEqual(blocks.first.flatMap(Self.innermostCode)?.last?.hasSuffix("- item 1999"), true)
    }

    /// Nesting a journal uses is parsed as before, with no cut.
    func testOrdinaryNestingIsParsedInFull() {
        let text = (0..<10).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")
        let blocks = Self.parse(text)
        XCTAssertEqual(blocks.first.map(Self.depth), 10)
        XCTAssertNil(blocks.first.flatMap(Self.innermostCode))
        let quotes = Self.parse(String(repeating: "> ", count: 31) + "deep")
        XCTAssertEqual(quotes.first.map(Self.depth), 31)
        XCTAssertNil(quotes.first.flatMap(Self.innermostCode))
    }

    /// The view draws the cut block: bars, then the rest as written.
    @MainActor
    func testTheViewShowsTheCutBlock() {
        let view = MarkdownView(
            text: String(repeating: "> ", count: 60_000) + "x", theme: .monochrome, showsScrollIndicator: false)
        let screen = HeadlessScreen(
            scene: WidgetScene(render: view.render(into:area:), handle: view.handle), size: Size(width: 100, height: 5))
        let first = screen.render().lines[0]
        XCTAssertTrue(first.hasPrefix("│ │ "), first)
        XCTAssertTrue(first.contains("│ > > >"), first)
        XCTAssertTrue(first.hasSuffix("→"), first)
    }
}
