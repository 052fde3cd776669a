import AppShell
import AppShellTesting
import XCTest

/// The text view: word wrap at any width, scrolling, scroll indicator, big texts wrapped lazily.
final class TextViewTests: XCTestCase {
    @MainActor
    private static func screen(for view: TextView, size: Size) -> HeadlessScreen {
        HeadlessScreen(scene: WidgetScene(render: view.render(into:area:), handle: view.handle), size: size)
    }

    func testWrapsAtWordsAndBreaksLongWords() {
        onMainActor {
            let view = TextView(text: "The quick brown fox jumps over the lazy dog\nabcdefghijklmnop")
            let screen = Self.screen(for: view, size: Size(width: 10, height: 9))
            assertScreen(
                screen,
                equals: [
                    "The quick",
                    "brown fox",
                    "jumps over",
                    "the lazy",
                    "dog",
                    "abcdefghij",
                    "klmnop",
                    "",
                    "",
                ])
        }
    }

    func testKeepsBlankLinesExpandsTabsAndRespectsWideCharacters() {
        onMainActor {
            let view = TextView(text: "a\tb\n\n日本語日本語\r\nend\n")
            let screen = Self.screen(for: view, size: Size(width: 5, height: 7))
            assertScreen(
                screen,
                equals: [
                    "a   b",
                    "",
                    "日本",
                    "語日",
                    "本語",
                    "end",
                    "",
                ])
        }
    }

    func testShowsControlCharactersInsteadOfObeyingThem() {
        onMainActor {
            let view = TextView(text: "title\u{1B}]0;x\u{07}\nbare\rCR")
            let screen = Self.screen(for: view, size: Size(width: 20, height: 2))
            assertScreen(screen, equals: ["title^[]0;x^G", "bare^MCR"])
        }
    }

    func testScrollsByRowPageAndToTheEndsWithAnIndicator() {
        onMainActor {
            let view = TextView(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
            let screen = Self.screen(for: view, size: Size(width: 9, height: 4))
            assertScreen(screen, equals: ["line 1  █", "line 2  █", "line 3  │", "line 4  │"])
            screen.send(.character("j"))
            assertScreen(screen, equals: ["line 2  │", "line 3  █", "line 4  █", "line 5  │"])
            screen.send(.character(" "))
            XCTAssertEqual(screen.lines.first, "line 5  │")
            screen.send(.character("G"))
            assertScreen(screen, equals: ["line 7  │", "line 8  │", "line 9  █", "line 10 █"])
            XCTAssertTrue(view.isAtBottom)
            screen.send(.down)
            XCTAssertEqual(screen.lines.first, "line 7  │", "no scrolling past the end")
            screen.send(.pageUp)
            XCTAssertEqual(screen.lines.first, "line 4  │")
            screen.send([.up, .character("k")])
            XCTAssertEqual(screen.lines.first, "line 2  │")
            screen.send(.home)
            XCTAssertEqual(screen.lines.first, "line 1  █")
            XCTAssertFalse(view.handle(.enter))
        }
    }

    func testRevealScrollsNoMoreThanNeededToShowALine() {
        onMainActor {
            let view = TextView(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
            let screen = Self.screen(for: view, size: Size(width: 9, height: 4))
            @MainActor func firstAndLast() -> [String] {
                _ = screen.render()
                return [screen.lines.first, screen.lines.last].map { String(($0 ?? "").prefix(7)) }
            }
            view.reveal(line: 2)
            XCTAssertEqual(firstAndLast(), ["line 1 ", "line 4 "], "already in view: no scrolling")
            view.reveal(line: 6)
            XCTAssertEqual(firstAndLast(), ["line 4 ", "line 7 "], "below: its row at the bottom")
            view.reveal(line: 1)
            XCTAssertEqual(firstAndLast(), ["line 2 ", "line 5 "], "above: its row at the top")
            view.reveal(line: 99)
            view.reveal(line: -1)
            XCTAssertEqual(firstAndLast(), ["line 2 ", "line 5 "], "no such line: nothing moves")
            // A line taller than the view: its first row at the top.
            let tall = TextView(text: "top\n" + Array(repeating: "word", count: 12).joined(separator: " ") + "\nend")
            let tallScreen = Self.screen(for: tall, size: Size(width: 10, height: 3))
            tall.reveal(line: 1)
            _ = tallScreen.render()
            XCTAssertTrue(tallScreen.lines.first?.hasPrefix("word word") == true, "\(tallScreen.lines)")
        }
    }

    func testNoIndicatorWhenTheTextFits() {
        onMainActor {
            let view = TextView(text: "short\ntext")
            let screen = Self.screen(for: view, size: Size(width: 8, height: 3))
            assertScreen(screen, equals: ["short", "text", ""])
            XCTAssertFalse(view.handle(.character("x")))
        }
    }

    func testScrollsThroughTheRowsOfOneWrappedLine() {
        onMainActor {
            let view = TextView(text: "aaaa bbbb cccc dddd eeee", showsScrollIndicator: false)
            let screen = Self.screen(for: view, size: Size(width: 4, height: 2))
            assertScreen(screen, equals: ["aaaa", "bbbb"])
            screen.send(.down)
            assertScreen(screen, equals: ["bbbb", "cccc"])
            screen.send(.end)
            assertScreen(screen, equals: ["dddd", "eeee"])
            screen.resize(to: Size(width: 9, height: 2))
            assertScreen(screen, equals: ["cccc dddd", "eeee"])  // still at the bottom, rewrapped
        }
    }

    func testATenMegabyteTextIsNotWrappedWholeOnEveryFrame() {
        onMainActor {
            let line = String(repeating: "lorem ipsum dolor sit amet, ", count: 3)  // 84 bytes
            let text = String(repeating: line + "\n", count: 10_000_000 / 85)
            XCTAssertGreaterThan(text.utf8.count, 9_900_000)
            let view = TextView(text: text)
            let screen = Self.screen(for: view, size: Size(width: 40, height: 12))
            for _ in 0..<50 { screen.send(.pageDown) }
            screen.send(.character("G"))
            screen.send(.character("g"))
            XCTAssertEqual(view.lineCount, 10_000_000 / 85)
            XCTAssertLessThan(view.wrappedLineCount, 1_000, "only lines near the screen are wrapped")
            XCTAssertEqual(screen.lines.first, "lorem ipsum dolor sit amet, lorem ipsum█")
        }
    }

    func testALongSingleLineIsWrappedOncePerWidth() {
        onMainActor {
            let view = TextView(text: String(repeating: "word ", count: 200_000))
            let screen = Self.screen(for: view, size: Size(width: 20, height: 5))
            for _ in 0..<5 { screen.send(.pageDown) }
            screen.send(.end)
            XCTAssertEqual(view.wrappedLineCount, 1)
            screen.resize(to: Size(width: 30, height: 5))
            XCTAssertEqual(view.wrappedLineCount, 2)
        }
    }

    func testRendersAtTinySizes() {
        onMainActor {
            let view = TextView(text: "日本 text\nmore")
            let screen = Self.screen(for: view, size: Size(width: 1, height: 1))
            assertScreen(screen, equals: [""])
            screen.send(.down)
            screen.resize(to: Size(width: 0, height: 3))
            screen.resize(to: Size(width: 3, height: 2))
            screen.send(.home)
            assertScreen(screen, equals: ["日█", "本│"])
        }
    }

    func testAt40x12() {
        onMainActor {
            let paragraph =
                "Entries are kept in SQLite. Each one has a title, a body and tags, and the list shows them newest first."
            let view = TextView(text: paragraph + "\n\n" + paragraph)
            let screen = Self.screen(for: view, size: Size(width: 40, height: 12))
            assertScreen(
                screen,
                equals: [
                    "Entries are kept in SQLite. Each one has",
                    "a title, a body and tags, and the list",
                    "shows them newest first.",
                    "",
                    "Entries are kept in SQLite. Each one has",
                    "a title, a body and tags, and the list",
                    "shows them newest first.",
                    "", "", "", "", "",
                ])
        }
    }

    func testWrapperRowsMatchWhatIsDrawn() {
        let line: Substring = "ab\tcd ef"
        let rows = TextWrapper.rows(of: line, width: 6)
        XCTAssertEqual(rows.map { String(line[$0]) }, ["ab\tcd", "ef"])
        XCTAssertEqual(TextWrapper.rows(of: "", width: 3).count, 1)
        XCTAssertEqual(TextWrapper.lines(of: "a\r\nb\n").count, 2)
        XCTAssertEqual(TextWrapper.lines(of: "").count, 1)
    }
}
