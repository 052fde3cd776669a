import AppShell
import AppShellTesting
import XCTest

/// The Markdown renderer against a table of CommonMark cases (most adapted from the CommonMark spec's
/// examples): each input and the literal screen it renders to.
final class MarkdownRenderingTests: XCTestCase {
    @MainActor
    private static func screen(_ markdown: String, size: Size, keepsLineBreaks: Bool = false) -> HeadlessScreen {
        let view = MarkdownView(
            text: markdown, theme: .monochrome, showsScrollIndicator: false, keepsLineBreaks: keepsLineBreaks)
        return HeadlessScreen(scene: WidgetScene(render: view.render(into:area:), handle: view.handle), size: size)
    }

    /// (what the case shows, input, width, the screen's lines from the top; the rest is blank).
    private static let cases: [(String, String, Int, [String])] = [
        ("ATX heading", "# foo", 20, ["foo"]),
        ("no space after #", "#5 bolt", 20, ["#5 bolt"]),
        ("escaped #", "\\## foo", 20, ["## foo"]),
        ("inline in heading", "# foo *bar* \\*baz\\*", 20, ["foo bar *baz*"]),
        ("closing #s", "### foo ###", 20, ["foo"]),
        ("setext heading", "Foo *bar*\n=========", 20, ["Foo bar"]),
        ("setext level 2", "Foo\n---\nbar", 20, ["Foo", "", "bar"]),
        ("soft break", "aaa\nbbb", 20, ["aaa bbb"]),
        ("paragraphs", "aaa\n\nbbb", 20, ["aaa", "", "bbb"]),
        ("hard break, spaces", "foo  \nbar", 20, ["foo", "bar"]),
        ("hard break, backslash", "foo\\\nbar", 20, ["foo", "bar"]),
        ("rules", "***\n---\n___", 5, ["─────", "", "─────", "", "─────"]),
        ("spaced rule", " * * *", 5, ["─────"]),
        ("emphasis", "*foo bar*", 20, ["foo bar"]),
        ("not emphasis: space after *", "a * foo bar*", 20, ["a * foo bar*"]),
        ("intraword *", "foo*bar*", 20, ["foobar"]),
        ("intraword _ is literal", "snake_case_word", 20, ["snake_case_word"]),
        ("strong", "**foo bar**", 20, ["foo bar"]),
        ("nested", "*foo**bar**baz*", 20, ["foobarbaz"]),
        ("strong and emphasis", "***both***", 20, ["both"]),
        ("unmatched", "**foo*", 20, ["*foo"]),
        ("code span", "`foo`", 20, ["foo"]),
        ("code span with backtick", "`` foo ` bar ``", 20, ["foo ` bar"]),
        ("no emphasis in code", "`*a*`", 20, ["*a*"]),
        ("unclosed backticks", "```foo``", 20, ["```foo``"]),
        ("link", "[link](/uri \"title\")", 20, ["link (/uri)"]),
        ("link in text", "see [the *docs*](https://x.org) now", 40, ["see the docs (https://x.org) now"]),
        ("not a link", "[foo] bar", 20, ["[foo] bar"]),
        ("autolink", "<https://example.com>", 30, ["https://example.com"]),
        ("image", "![foo](/url)", 20, ["foo (/url)"]),
        ("entities", "&amp; &copy; &#35; &bogus;", 20, ["& © # &bogus;"]),
        ("raw HTML stays text", "<b>hi</b>", 20, ["<b>hi</b>"]),
        ("fenced code keeps lines", "```swift\nlet a = 1\n  indented\n```", 20, ["let a = 1", "  indented"]),
        ("tilde fence, unclosed", "~~~\ncode *not em*", 20, ["code *not em*"]),
        ("code cut at the edge", "```\nabcdefghijkl\n```", 6, ["abcde→"]),
        ("indented code", "    code\n      more", 20, ["code", "  more"]),
        ("quote", "> # Foo\n> bar\n> baz", 20, ["│ Foo", "│", "│ bar baz"]),
        ("lazy quote", "> bar\nbaz", 20, ["│ bar baz"]),
        ("quote then paragraph", "> a\n\nb", 20, ["│ a", "", "b"]),
        ("bullets", "- one\n- two", 20, ["• one", "• two"]),
        ("star bullets", "* one\n* two", 20, ["• one", "• two"]),
        ("loose numbered", "1. a\n2. b\n\n3. c", 20, ["1. a", "", "2. b", "", "3. c"]),
        ("numbers from 9", "9. a\n10. b", 20, ["9.  a", "10. b"]),
        ("nested lists", "- a\n  - b\n    - c", 20, ["• a", "  • b", "    • c"]),
        ("hanging indent", "- alpha beta gamma", 10, ["• alpha", "  beta", "  gamma"]),
        ("lazy list line", "- a\nb", 20, ["• a b"]),
        ("list with code", "1. x\n\n   ```\n   y\n   ```", 20, ["1. x", "", "   y"]),
        ("rule between lists", "- foo\n***\n- bar", 20, ["• foo", "", "────────────────────", "", "• bar"]),
        ("table in columns", "| a | b |\n|---|--:|\n| 1 | 22 |", 20, ["a │  b", "──┼───", "1 │ 22"]),
        ("centered, ragged rows", "x|y\n:-:|-\nwide|\nz|q|extra", 20, [" x   │ y", "─────┼──", "wide │", " z   │ q"]),
        (
            "table too wide: rows", "| key | does |\n|---|---|\n| q | quits the app |\n| s | settings |", 12,
            ["key: q", "does: quits", "the app", "", "key: s", "does:", "settings"]
        ),
        ("pipe without delimiter row", "a | b\nc | d", 20, ["a | b c | d"]),
        ("wrapping keeps words", "The quick brown fox jumps", 10, ["The quick", "brown fox", "jumps"]),
        ("long word broken", "abcdefghijklmn", 5, ["abcde", "fghij", "klmn"]),
        ("wide characters", "日本語の文章です", 7, ["日本語", "の文章", "です"]),
    ]

    func testTableOfCases() {
        onMainActor {
            for (name, markdown, width, expected) in Self.cases {
                let height = expected.count + 1
                let screen = Self.screen(markdown, size: Size(width: width, height: height))
                let lines = screen.render().lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
                XCTAssertEqual(lines, expected + [""], "case “\(name)”: \(markdown.debugDescription)")
            }
        }
    }

    func testLineBreaksCanBeKeptAsJournalTextIsWritten() {
        onMainActor {
            let screen = Self.screen(
                "one\ntwo *em\nph*\n\n- a\n  b", size: Size(width: 20, height: 5), keepsLineBreaks: true)
            assertScreen(screen, equals: ["one", "two em", "ph", "", "• a"])
            XCTAssertTrue(
                screen.style(at: Point(x: 0, y: 2)).attributes.contains(.italic), "emphasis goes on over the break")
        }
    }

    func testStylesFollowTheInlineKinds() {
        onMainActor {
            let screen = Self.screen("*em* **st** `co` [li](u)", size: Size(width: 30, height: 1))
            assertScreen(screen, equals: ["em st co li (u)"])
            XCTAssertTrue(screen.style(at: Point(x: 0, y: 0)).attributes.contains(.italic))
            XCTAssertTrue(screen.style(at: Point(x: 3, y: 0)).attributes.contains(.bold))
            XCTAssertTrue(screen.style(at: Point(x: 9, y: 0)).attributes.contains(.underline))
            XCTAssertTrue(screen.style(at: Point(x: 12, y: 0)).attributes.contains(.dim), "the address is dim")
            XCTAssertFalse(screen.style(at: Point(x: 2, y: 0)).attributes.contains(.italic), "the space after is plain")
        }
    }

    func testControlCharactersInMarkdownAreShownAsNotation() {
        onMainActor {
            let screen = Self.screen(
                "# a\u{1B}[31mb\n\n`\u{7}`\n\n[x](\u{1B}]0;t\u{7})", size: Size(width: 20, height: 5))
            assertScreen(screen, equals: ["a^[[31mb", "", "^G", "", "[x](^[]0;t^G)"])
        }
    }

    func testScrollsByRenderedRowsAndLaysOutOnlyWhatIsShown() {
        onMainActor {
            let markdown = (1...5_000).map { "Paragraph **\($0)**, some words to wrap." }.joined(separator: "\n\n")
            let view = MarkdownView(text: markdown, theme: .monochrome, showsScrollIndicator: false)
            let screen = HeadlessScreen(
                scene: WidgetScene(render: view.render(into:area:), handle: view.handle),
                size: Size(width: 20, height: 4))
            assertScreen(screen, equals: ["Paragraph 1, some", "words to wrap.", "", "Paragraph 2, some"])
            XCTAssertLessThan(view.parsedBlockCount, 10, "blocks are parsed only as far as they are shown")
            _ = screen.send(.down)
            assertScreen(screen, equals: ["words to wrap.", "", "Paragraph 2, some", "words to wrap."])
            _ = screen.send(.end)
            assertScreen(screen, equals: ["words to wrap.", "", "Paragraph 5000, some", "words to wrap."])
            XCTAssertLessThan(view.laidOutBlockCount, 50, "only the blocks near the screen are laid out")
        }
    }

    func testTinyAreasDoNotCrash() {
        onMainActor {
            let markdown = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> - x\n>   ```\n>   code\n>   ```\n\n1. y"
            for width in 1...6 {
                for height in 1...3 {
                    let screen = Self.screen(markdown, size: Size(width: width, height: height))
                    _ = screen.send([.end, .up, .pageDown, .home])
                    XCTAssertEqual(screen.render().lines.count, height)
                }
            }
        }
    }
}
