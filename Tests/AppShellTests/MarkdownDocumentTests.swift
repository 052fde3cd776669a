@testable import AppShell
import AppShellTesting
import XCTest

/// The document a `MarkdownView` shows finds its blocks by skimming and parses each from its own start
/// line, in whatever order they are asked for (the end first, for `G`): the blocks, their spacing and
/// their start lines must be exactly those of parsing the whole text from the top.
final class MarkdownDocumentTests: XCTestCase {
    /// Lines that start, continue or end every kind of block, including the ones that make a skim
    /// hard: fences opened in list items and quotes, unclosed fences, lazy continuations, setext
    /// underlines, tables, indented code and tabs.
    private static let fragments: [String] = [
        "", "", "", "Plain words of a paragraph.", "more of the same paragraph", "# Heading", "## Closed ##",
        "```", "```swift", "~~~", "````", "    indented code", "\tcode after a tab", "> quoted", "> ```", ">",
        "lazy continuation", "- item", "- ```", "  ```", "   ```", "  continued item", "    deeper", "* star item",
        "+ plus", "1. one", "2) two", "10. ten", "---", "***", "___", "===", "| a | b |", "|---|:-:|", "| 1 | 2 |",
        "a | b", "--- | ---", "- [ ] task", "  > quote in item", "text with `code` and | pipe", " ~~~ ", "-",
    ]

    private static func document(_ generator: inout SeededGenerator, lines: Int) -> String {
        var text: [String] = []
        while text.count < lines {
            if Int.random(in: 0..<40, using: &generator) == 0 {
                // A long paragraph or code block, split into pieces when shown.
                let code = Bool.random(using: &generator)
                if code { text.append("```") }
                for index in 0..<Int.random(in: 150...450, using: &generator) {
                    text.append("line \(index) of a long one")
                }
                if code, Bool.random(using: &generator) { text.append("```") }
            } else {
                text.append(fragments.randomElement(using: &generator)!)
            }
        }
        return text.joined(separator: "\n")
    }

    /// What parsing the whole text from the top gives: the blocks (pieces), whether a blank row
    /// follows each, and the line each starts at.
    private static func reference(_ text: String) -> (blocks: [MarkdownBlock], spaced: [Bool], starts: [Int]) {
        let lines = TextWrapper.lines(of: text).map { text[$0] }
        var blocks: [MarkdownBlock] = [], spaced: [Bool] = [], starts: [Int] = []
        var index = 0
        while true {
            let start = index
            guard let block = MarkdownBlockParser.nextBlock(lines, at: &index) else { break }
            let first = lines[start..<index].firstIndex { !MarkdownLine.isBlank($0) } ?? start
            if !spaced.isEmpty { spaced[spaced.count - 1] = true }
            for (number, piece) in MarkdownDocument.pieces(of: block).enumerated() {
                if number > 0 { spaced[spaced.count - 1] = false }
                blocks.append(piece)
                spaced.append(false)
                starts.append(first)
            }
        }
        return (blocks, spaced, starts)
    }

    func testBlocksFoundInAnyOrderAreThoseOfTheWholeParse() {
        var generator = SeededGenerator(seed: 15)
        for round in 0..<300 {
            let text = Self.document(&generator, lines: Int.random(in: 1...400, using: &generator))
            let expected = Self.reference(text)

            var fromTheEnd = MarkdownDocument(parsing: text)
            fromTheEnd.parseAll()
            XCTAssertEqual(fromTheEnd.blockCount, expected.blocks.count, "round \(round): \(text.debugDescription)")
            guard fromTheEnd.blockCount == expected.blocks.count else { return }
            for index in stride(from: expected.blocks.count - 1, through: 0, by: -1) {
                XCTAssertEqual(fromTheEnd.block(index), expected.blocks[index], "round \(round), block \(index)")
                XCTAssertEqual(
                    fromTheEnd.isSpaced(after: index), expected.spaced[index], "round \(round), block \(index)")
                XCTAssertEqual(
                    fromTheEnd.startLine(of: index), expected.starts[index], "round \(round), block \(index)")
            }
            XCTAssertNil(fromTheEnd.block(expected.blocks.count))

            var fromTheTop = MarkdownDocument(parsing: text)
            var index = 0
            while let block = fromTheTop.block(index) {
                XCTAssertEqual(block, expected.blocks[index], "round \(round), block \(index)")
                XCTAssertEqual(
                    fromTheTop.isSpaced(after: index), expected.spaced[index], "round \(round), block \(index)")
                index += 1
            }
            XCTAssertEqual(index, expected.blocks.count, "round \(round)")
        }
    }

    func testTheEndOfAHugeEntryShowsWhatTheWholeParseShows() {
        onMainActor { Self.endOfAHugeEntry() }
    }

    @MainActor
    private static func endOfAHugeEntry() {
        // The benchmark's journal text (headings, lists, quotes, tables, code), a few hundred kB of it,
        // with an unclosed fence near the end: everything after it is code.
        var generator = SeededGenerator(seed: 7)
        var text = Self.document(&generator, lines: 20_000)
        text += "\n\n```\n# not a heading\n\n- not a list\n" + String(repeating: "code line\n", count: 30)
        let size = Size(width: 60, height: 12)
        let view = MarkdownView(text: text, theme: .monochrome, showsScrollIndicator: false)
        var buffer = Buffer(size: size)
        view.render(into: &buffer, area: Rect(x: 0, y: 0, width: size.width, height: size.height))
        _ = view.handle(.end)
        buffer = Buffer(size: size)
        view.render(into: &buffer, area: Rect(x: 0, y: 0, width: size.width, height: size.height))
        XCTAssertLessThan(view.laidOutBlockCount, 20, "only the first and the last screen's blocks are laid out")

        // The same rows as laying out the whole parse and taking the last screen.
        let expected = Self.reference(text)
        let layout = MarkdownLayout(styles: MarkdownStyles(theme: .monochrome), keepsLineBreaks: true)
        var rows: [StyledText] = []
        for (index, block) in expected.blocks.enumerated() {
            rows += layout.rows(of: block, width: size.width)
            if expected.spaced[index] { rows.append(StyledText()) }
        }
        let lastScreen = rows.suffix(size.height).map(\.plainText)
        let shown = (0..<size.height).map { y in (0..<size.width).map { buffer[$0, y].text }.joined() }
        XCTAssertEqual(
            shown.map { $0.trimmingCharacters(in: .whitespaces) },
            lastScreen.map { $0.trimmingCharacters(in: .whitespaces) })
        XCTAssertEqual(lastScreen.last, "code line")
    }
}
