import AppShell
import AppShellTesting
import XCTest

/// The one-line text field: cursor editing, readline keys, paste, scrolling, callbacks.
final class LineInputTests: XCTestCase {
    @MainActor
    private static func screen(for input: LineInput, width: Int) -> HeadlessScreen {
        HeadlessScreen(
            scene: WidgetScene(render: input.render(into:area:), handle: input.handle),
            size: Size(width: width, height: 1))
    }

    func testTypingInsertsAtTheCursor() {
        onMainActor {
            let input = LineInput(prompt: "/ ")
            let screen = Self.screen(for: input, width: 12)
            screen.send("helo")
            screen.send([.left])
            screen.send("l")
            XCTAssertEqual(input.text, "hello")
            XCTAssertEqual(input.cursor, 4)
            assertScreen(screen, equals: ["/ hello"])
            assertAttributes(screen, at: Point(x: 6, y: 0), contain: .reverse)
            XCTAssertFalse(screen.style(at: Point(x: 5, y: 0)).attributes.contains(.reverse))
        }
    }

    func testCursorMovesAndDeletes() {
        onMainActor {
            let input = LineInput(text: "abcdef")
            XCTAssertTrue(input.handle(.home))
            XCTAssertTrue(input.handle(.delete))
            XCTAssertEqual(input.text, "bcdef")
            _ = input.handle(.control("e"))
            _ = input.handle(.backspace)
            XCTAssertEqual(input.text, "bcde")
            _ = input.handle(.control("a"))
            _ = input.handle(.right)
            _ = input.handle(.right)
            XCTAssertEqual(input.cursor, 2)
            _ = input.handle(.control("k"))
            XCTAssertEqual(input.text, "bc")
            _ = input.handle(.left)
            _ = input.handle(.control("u"))
            XCTAssertEqual(input.text, "c")
            XCTAssertEqual(input.cursor, 0)
            _ = input.handle(.backspace)  // nothing before the cursor
            _ = input.handle(.left)
            XCTAssertEqual(input.text, "c")
            XCTAssertEqual(input.cursor, 0)
            _ = input.handle(.end)
            _ = input.handle(.delete)  // nothing after the cursor
            XCTAssertEqual(input.text, "c")
        }
    }

    func testCtrlWDeletesTheWordBeforeTheCursor() {
        onMainActor {
            let input = LineInput(text: "find these words  ")
            _ = input.handle(.control("w"))
            XCTAssertEqual(input.text, "find these ")
            _ = input.handle(.alt(.backspace))
            XCTAssertEqual(input.text, "find ")
        }
    }

    func testPasteTurnsLineBreaksIntoSpacesAndDropsControls() {
        onMainActor {
            let input = LineInput(text: "ab")
            _ = input.handle(.left)
            _ = input.handle(.paste("one\r\ntwo\nthree\tfour\u{1B}[2J\u{9B}"))
            XCTAssertEqual(input.text, "aone two three four[2Jb")
            XCTAssertEqual(input.cursor, 22)
            XCTAssertFalse(input.handle(.character("\u{1B}")), "a control character is not text")
        }
    }

    func testScrollsHorizontallyToKeepTheCursorVisible() {
        onMainActor {
            let input = LineInput(prompt: "> ")
            let screen = Self.screen(for: input, width: 8)
            screen.send("hello world")
            assertScreen(screen, equals: ["> world"])
            assertAttributes(screen, at: Point(x: 7, y: 0), contain: .reverse)
            screen.send(.home)
            assertScreen(screen, equals: ["> hello"])
            assertAttributes(screen, at: Point(x: 2, y: 0), contain: .reverse)
        }
    }

    func testWideCharactersScrollWhole() {
        onMainActor {
            let input = LineInput(prompt: "> ")
            let screen = Self.screen(for: input, width: 8)
            screen.send("日本語")
            assertScreen(screen, equals: ["> 本語"])
            screen.send(.left)
            assertScreen(screen, equals: ["> 本語"])
            assertAttributes(screen, at: Point(x: 4, y: 0), contain: .reverse)
            assertAttributes(screen, at: Point(x: 5, y: 0), contain: .reverse)
        }
    }

    func testPlaceholderShowsWhileEmpty() {
        onMainActor {
            let input = LineInput(prompt: "/ ", placeholder: "search")
            let screen = Self.screen(for: input, width: 10)
            assertScreen(screen, equals: ["/ search"])
            assertAttributes(screen, at: Point(x: 3, y: 0), contain: .dim)
            assertAttributes(screen, at: Point(x: 2, y: 0), contain: .reverse)
        }
    }

    func testCallbacks() {
        onMainActor {
            let input = LineInput()
            var changes: [String] = [], submitted: [String] = [], cancelled = 0
            XCTAssertFalse(input.handle(.escape), "without onCancel Esc bubbles up")
            input.onChange = { changes.append($0) }
            input.onSubmit = { submitted.append($0) }
            input.onCancel = { cancelled += 1 }
            _ = input.handle(.character("a"))
            _ = input.handle(.left)  // moves, does not change
            _ = input.handle(.character("b"))
            _ = input.handle(.enter)
            XCTAssertTrue(input.handle(.escape))
            XCTAssertEqual(changes, ["a", "ba"])
            XCTAssertEqual(submitted, ["ba"])
            XCTAssertEqual(cancelled, 1)
            XCTAssertFalse(input.handle(.down), "up and down are left to a list below")
            XCTAssertFalse(input.handle(.tab))
        }
    }

    func testTypingQIsText() {
        onMainActor {
            let input = LineInput()
            let window = Window(root: WidgetScene(render: input.render(into:area:), handle: input.handle))
            window.handle(.character("q"))
            XCTAssertFalse(window.isFinished)
            XCTAssertEqual(input.text, "q")
        }
    }

    func testRendersAtTinySizes() {
        onMainActor {
            let input = LineInput(text: "abc", prompt: "> ")
            let screen = Self.screen(for: input, width: 1)
            assertScreen(screen, equals: [">"])
            screen.resize(to: Size(width: 3, height: 1))
            assertScreen(screen, equals: [">"])
            assertAttributes(screen, at: Point(x: 2, y: 0), contain: .reverse)
            screen.resize(to: Size(width: 0, height: 0))
            screen.resize(to: Size(width: 40, height: 12))
            assertScreen(screen, equals: ["> abc"] + Array(repeating: "", count: 11))
            assertAttributes(screen, at: Point(x: 5, y: 0), contain: .reverse)
        }
    }
}

/// A paste bigger than the field is meant for: cut to `maximumLength`, with `onLimitReached` told.
final class LineInputLimitTests: XCTestCase {
    func testAPasteIsCutToTheMaximumLength() {
        onMainActor {
            let input = LineInput(prompt: "/ ")
            input.maximumLength = 256
            var dropped: [Int] = []
            var changes = 0
            input.onLimitReached = { dropped.append($0) }
            input.onChange = { _ in changes += 1 }
            let screen = HeadlessScreen(
                scene: WidgetScene(render: input.render(into:area:), handle: input.handle),
                size: Size(width: 40, height: 1))
            screen.send([.paste(String(repeating: "word ", count: 14_400))])  // 72,000 characters
            XCTAssertEqual(input.text.count, 256)
            XCTAssertEqual(dropped, [72_000 - 256])
            XCTAssertEqual(changes, 1)
            // Full: typing adds nothing, says so again, and changes nothing to search for.
            screen.send("x")
            XCTAssertEqual(input.text.count, 256)
            XCTAssertEqual(dropped.count, 2)
            XCTAssertEqual(changes, 1)
            // The field shows the end of the text, with the cursor after it.
            XCTAssertEqual(
                screen.render().lines, ["/ " + String(String(repeating: "word ", count: 52).prefix(256).suffix(37))])
            screen.send([.control("u")])
            screen.send("ab")
            XCTAssertEqual(input.text, "ab")
        }
    }

    func testTextSetInCodeIsCutToo() {
        onMainActor {
            let input = LineInput()
            input.maximumLength = 3
            input.text = "abcdef"
            XCTAssertEqual(input.text, "abc")
            XCTAssertEqual(input.cursor, 3)
        }
    }

    /// The check itself: without a limit the same paste is kept whole.
    func testWithoutALimitThePasteIsKeptWhole() {
        onMainActor {
            let input = LineInput()
            input.maximumLength = .max
            XCTAssertTrue(input.handle(.paste(String(repeating: "word ", count: 14_400))))
            XCTAssertEqual(input.text.count, 72_000)
        }
    }
}
