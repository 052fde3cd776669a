import AppShellTesting
import XCTest
@testable import AppShell

/// SGR mouse reports decoded, and what the window and a list do with them: the wheel moves, a click
/// selects a row, a second click on it presses Enter, a click on a key hint presses that key.
final class MouseInputTests: XCTestCase {
    func testSGRReportsDecodeToMouseKeys() {
        XCTAssertEqual(decodeAll(Array("\u{1B}[<0;10;5M".utf8)), [.mouse(MouseEvent(.press, x: 9, y: 4))])
        XCTAssertEqual(decodeAll(Array("\u{1B}[<0;10;5m".utf8)), [.mouse(MouseEvent(.release, x: 9, y: 4))])
        XCTAssertEqual(
            decodeAll(Array("\u{1B}[<64;1;1M\u{1B}[<65;1;1M".utf8)),
            [.mouse(MouseEvent(.wheelUp, x: 0, y: 0)), .mouse(MouseEvent(.wheelDown, x: 0, y: 0))])
        XCTAssertEqual(
            decodeAll(Array("\u{1B}[<2;3;4M\u{1B}[<32;3;4M".utf8)),
            [.mouse(MouseEvent(.other, x: 2, y: 3)), .mouse(MouseEvent(.other, x: 2, y: 3))], "right button, drag")
        XCTAssertEqual(
            decodeAll(Array("\u{1B}[<0;99999999;5Mx".utf8)),
            [.mouse(MouseEvent(.press, x: 9_999, y: 4)), .character("x")],
            "huge columns are bounded")
        XCTAssertEqual(
            decodeAll(Array("\u{1B}[<0;0;5M\u{1B}[<0;5Mx".utf8)), [.character("x")], "malformed reports are dropped")
        XCTAssertEqual(Key.mouse(MouseEvent(.press, x: 0, y: 0)).name, "mouse")
        XCTAssertThrowsError(try Key(name: "mouse"), "a mouse event cannot be bound")
    }

    func testTheWheelMovesThreeLinesThroughTheKeys() {
        onMainActor {
            let scene = LabelScene(title: "Entries", handledKeys: [.up, .down])
            let window = Window(root: scene)
            window.handle(.mouse(MouseEvent(.wheelDown, x: 3, y: 3)))
            window.handle(.mouse(MouseEvent(.wheelUp, x: 3, y: 3)))
            XCTAssertEqual(scene.receivedKeys, [.down, .down, .down, .up, .up, .up])
        }
    }

    func testAClickSelectsARowAndASecondClickOnItPressesEnter() {
        onMainActor {
            var clock = ContinuousClock.now
            let source = Rows(count: 50)
            let list = ListView(dataSource: source)
            var received: [Key] = []
            let scene = WidgetScene(render: list.render(into:area:)) { key in
                received.append(key)
                return list.handle(key)
            }
            let window = Window(root: scene, now: { clock })
            let screen = HeadlessScreen(root: window, size: Size(width: 20, height: 8))
            XCTAssertEqual(list.selectedIndex, 0)
            screen.send(.mouse(MouseEvent(.press, x: 2, y: 4)))  // row 1 is the header: the fourth row
            XCTAssertEqual(list.selectedIndex, 3)
            XCTAssertFalse(received.contains(.enter))
            clock = clock.advanced(by: .seconds(2))
            screen.send(.mouse(MouseEvent(.press, x: 2, y: 4)))
            XCTAssertFalse(received.contains(.enter), "two seconds apart: two single clicks")
            clock = clock.advanced(by: .milliseconds(200))
            screen.send(.mouse(MouseEvent(.press, x: 2, y: 4)))
            XCTAssertEqual(received.last, .enter, "a double click opens")
            screen.send(.mouse(MouseEvent(.press, x: 2, y: 7)))
            XCTAssertEqual(list.selectedIndex, 3, "a click on the status bar is not the list's")
        }
    }

    func testAClickOnAKeyHintPressesThatKey() {
        onMainActor {
            let scene = LabelScene(
                title: "Entries",
                keyHelp: [KeyHelp(key: "enter", summary: "open"), KeyHelp(key: "x", summary: "export")],
                handledKeys: [.enter, .character("x")])
            let window = Window(root: scene)
            let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 6))
            XCTAssertTrue(screen.lines[5].hasPrefix("enter open  x export"), screen.lines[5])
            screen.send(.mouse(MouseEvent(.press, x: 13, y: 5)))  // on "export"
            screen.send(.mouse(MouseEvent(.press, x: 1, y: 5)))  // on "enter"
            screen.send(.mouse(MouseEvent(.press, x: 10, y: 5)))  // between hints: nothing
            XCTAssertEqual(scene.receivedKeys, [.character("x"), .enter])
            screen.send(.mouse(MouseEvent(.press, x: 38, y: 5)))  // "? help", pinned at the right
            XCTAssertTrue(window.isShowingHelp)
            screen.send(.mouse(MouseEvent(.press, x: 3, y: 2)))
            XCTAssertFalse(window.isShowingHelp, "a click closes the help overlay")
        }
    }

    /// On a pseudo-terminal: asked for, mouse reports are switched on after entering the UI and off
    /// again when the run loop ends; a click typed by the terminal reaches the window.
    func testTheRunLoopSwitchesMouseReportsOnAndOff() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let received = try MainActor.assumeIsolated { () throws -> [Key] in
            var received: [Key] = []
            var configuration = TerminalRunLoop.Configuration()
            configuration.inputFileDescriptor = terminal.slave
            configuration.outputFileDescriptor = terminal.slave
            configuration.handlesSignals = false
            configuration.reportsMouse = true
            let runLoop = TerminalRunLoop(
                configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 4)))
            let scene = WidgetScene(render: { _, _ in }) { key in
                received.append(key)
                if case .mouse = key { return true }
                return false
            }
            let window = Window(root: scene)
            terminal.type("\u{1B}[<0;3;2M", after: 0.1)
            terminal.type("q", after: 0.3)  // not the scene's: the window quits on it
            try runLoop.run(window)
            return received
        }
        let output = waitForOutput(terminal, containing: "\u{1B}[?1049l")
        let on = try XCTUnwrap(output.range(of: "\u{1B}[?1000h\u{1B}[?1006h"), output.debugDescription)
        let off = try XCTUnwrap(output.range(of: "\u{1B}[?1006l\u{1B}[?1000l"), output.debugDescription)
        XCTAssertLessThan(on.lowerBound, off.lowerBound)
        XCTAssertEqual(received, [.mouse(MouseEvent(.press, x: 2, y: 1)), .character("q")])
    }

    func testMouseReportsAreOnOnlyWhenAskedAndOffInTheRestoreSequence() {
        XCTAssertEqual(String(decoding: ControlSequences.enableMouse, as: UTF8.self), "\u{1B}[?1000h\u{1B}[?1006h")
        let restore = String(decoding: ControlSequences.restore, as: UTF8.self)
        XCTAssertTrue(restore.contains("\u{1B}[?1006l\u{1B}[?1000l"), "every way out turns them off")
        XCTAssertFalse(TerminalRunLoop.Configuration().reportsMouse, "AppShell apps ask for them")
    }
}

@MainActor
private struct Rows: ListDataSource {
    let count: Int
    func row(at index: Int) -> ListRow { ListRow(StyledText("row \(index)")) }
}
