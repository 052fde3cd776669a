import AppShellTesting
import XCTest
@testable import AppShell

/// Ctrl-L clears the terminal and draws everything again, from any scene: the way out when something
/// (another program, a terminal that disagrees about a grapheme's width) left marks on the screen.
/// Storyboards bind it (`ctrl-l: repaint`); the window repaints on it when no scene took it.
final class WindowRepaintKeyTests: XCTestCase {
    func testCtrlLAsksForOneFullRepaintWhenNoSceneTakesIt() {
        onMainActor {
            let window = Window(root: LabelScene(title: "Entries", lines: ["first"]))
            XCTAssertFalse(window.takeFullRepaintRequest())
            window.handle(.control("l"))
            XCTAssertTrue(window.takeFullRepaintRequest(), "the fallback: no scene took it")
            XCTAssertFalse(window.takeFullRepaintRequest(), "one request per key")
        }
    }

    func testASceneThatHandlesCtrlLGetsItFirst() {
        onMainActor {
            let scene = LabelScene(title: "Entries", lines: ["first"], handledKeys: [.control("l")])
            let window = Window(root: scene)
            window.handle(.control("l"))
            XCTAssertEqual(
                scene.receivedKeys, [.control("l")], "storyboards bind it (to `repaint`, or to anything else)")
            XCTAssertFalse(window.takeFullRepaintRequest())
            window.requestRepaint()
            XCTAssertTrue(window.takeFullRepaintRequest(), "what the storyboard action `repaint` asks the window")
        }
    }

    func testCtrlLWorksOverAModalAndTheHelpOverlayWhichStayOpen() {
        onMainActor {
            let window = Window(root: LabelScene(title: "Entries"))
            let modal = LabelScene(title: "Question")
            window.present(modal)
            window.showHelp()
            window.handle(.control("l"))
            XCTAssertTrue(window.takeFullRepaintRequest())
            XCTAssertTrue(window.isShowingHelp)
            XCTAssertTrue(window.presentedScene === modal)
        }
    }

    func testTheHelpOverlayListsIt() {
        onMainActor {
            let screen = HeadlessScreen(
                root: Window(root: LabelScene(title: "Entries")), size: Size(width: 30, height: 8))
            screen.send(.character("?"))
            XCTAssertTrue(
                screen.lines.contains { $0.contains("│ctrl-l  repaint│") }, screen.lines.joined(separator: "\n"))
        }
    }

    func testTheKeyIsConfigurable() {
        onMainActor {
            var configuration = WindowConfiguration()
            configuration.repaintKey = .control("r")
            let window = Window(root: LabelScene(title: "Entries"), configuration: configuration)
            window.handle(.control("l"))
            XCTAssertFalse(window.takeFullRepaintRequest())
            window.handle(.control("r"))
            XCTAssertTrue(window.takeFullRepaintRequest())
        }
    }

    /// On a pseudo-terminal: after Ctrl-L the run loop clears the screen and writes the whole frame
    /// again, though nothing in it changed.
    func testTheRunLoopClearsAndRedrawsEverythingOnCtrlL() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        try onMainActor {
            var configuration = TerminalRunLoop.Configuration()
            configuration.inputFileDescriptor = terminal.slave
            configuration.outputFileDescriptor = terminal.slave
            configuration.colorSupport = .indexed256
            configuration.handlesSignals = false
            configuration.usesSynchronizedOutput = false
            let runLoop = TerminalRunLoop(
                configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 4)))
            let window = Window(root: LabelScene(title: "Entries", lines: ["unchanged text"]))
            terminal.type("\u{0C}", after: 0.1)
            terminal.type("q", after: 0.3)
            try runLoop.run(window)
        }
        let output = waitForOutput(terminal, containing: "\u{1B}[?1049l")
        let clear = "\u{1B}[0m\u{1B}[2J"
        XCTAssertEqual(
            output.components(separatedBy: clear).count - 1, 2,
            "the first frame and the repaint: \(output.debugDescription)")
        XCTAssertEqual(output.components(separatedBy: "unchanged text").count - 1, 2, output.debugDescription)
    }
}
