import XCTest
@testable import AppShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run loop on a real pseudo-terminal: keys in, frames out, timeouts, ticks, suspension, signals,
/// and the terminal settings restored on every way out.
final class TerminalRunLoopPtyTests: XCTestCase {
    private var terminal: PseudoTerminal?

    override func tearDown() {
        terminal?.close()
        terminal = nil
    }

    private func makeTerminal() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal()
        self.terminal = terminal
        return terminal
    }

    private static func configuration(
        _ terminal: PseudoTerminal, signals: Bool = false
    ) -> TerminalRunLoop.Configuration {
        var configuration = TerminalRunLoop.Configuration()
        configuration.inputFileDescriptor = terminal.slave
        configuration.outputFileDescriptor = terminal.slave
        configuration.colorSupport = .indexed256
        configuration.handlesSignals = signals
        return configuration
    }

    func testKeysArriveDecodedAndTheTerminalIsRestored() throws {
        let terminal = try makeTerminal()
        let original = terminal.settings
        XCTAssertTrue(original.isCooked)
        try onMainActor {
            let runLoop = TerminalRunLoop(
                configuration: Self.configuration(terminal), sizeProvider: FixedSize(Size(width: 20, height: 5)))
            let root = RecordingRoot()
            var settingsDuringRun: termios?
            root.onKey = { _ in settingsDuringRun = terminal.settings }
            terminal.type("ab\u{1B}[Aé", after: 0.05)
            terminal.type("q", after: 0.2)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.character("a"), .character("b"), .up, .character("é"), .character("q")])
            XCTAssertEqual(root.renderSizes.first, Size(width: 20, height: 5))
            let raw = try XCTUnwrap(settingsDuringRun)
            XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO), 0, "raw mode while running")
            XCTAssertEqual(raw.c_lflag & tcflag_t(ISIG), 0, "the kernel does not turn a pasted 0x03 into a signal")
        }
        let restored = terminal.settings
        XCTAssertEqual(restored.c_lflag, original.c_lflag)
        XCTAssertEqual(restored.c_iflag, original.c_iflag)
        XCTAssertEqual(restored.c_oflag, original.c_oflag)
        XCTAssertEqual(restored.c_cflag, original.c_cflag)
        let output = waitForOutput(terminal, containing: "\u{1B}[?1049l")
        XCTAssertTrue(output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h"), output.debugDescription)
        XCTAssertTrue(output.contains("frame 1 keys 0"))
        XCTAssertTrue(output.hasSuffix("\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"), output.debugDescription)
    }

    func testALoneEscapeIsDeliveredAfterTheTimeout() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal))
            let root = RecordingRoot()
            terminal.type("\u{1B}", after: 0.05)
            terminal.type("q", after: 0.3)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.escape, .character("q")])
        }
    }

    func testTicksArriveWhileNoInputDoes() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            var configuration = Self.configuration(terminal)
            configuration.tickInterval = .milliseconds(20)
            let runLoop = TerminalRunLoop(configuration: configuration)
            let root = RecordingRoot()
            root.finishAfterTicks = 3
            let start = ContinuousClock.now
            try runLoop.run(root)
            XCTAssertEqual(root.ticks, 3)
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
            XCTAssertTrue(root.keys.isEmpty)
        }
    }

    func testAClosedTerminalEndsTheRunWithAnError() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal))
            let root = RecordingRoot()
            terminal.hangUp(after: 0.1)
            XCTAssertThrowsError(try runLoop.run(root)) { error in
                XCTAssertEqual(error as? TerminalError, .inputClosed)
            }
        }
    }

    func testAnErrorDuringTheRunStillPutsTheSettingsBack() throws {
        let terminal = try makeTerminal()
        let output = dup(terminal.slave)
        try onMainActor {
            var configuration = Self.configuration(terminal)
            configuration.outputFileDescriptor = output
            let runLoop = TerminalRunLoop(configuration: configuration)
            let root = RecordingRoot()
            // The next frame cannot be written: the run ends with the write error.
            root.onKey = { _ in close(output) }
            terminal.type("x", after: 0.05)
            XCTAssertThrowsError(try runLoop.run(root)) { error in
                XCTAssertEqual(error as? TerminalError, .systemCallFailed(call: "write", errno: EBADF))
            }
        }
        XCTAssertTrue(terminal.settings.isCooked, "raw mode undone after the error")
    }

    func testStandardStreamsThatAreNotTerminalsAreAClearError() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { fds.forEach { close($0) } }
        try onMainActor {
            var configuration = TerminalRunLoop.Configuration()
            configuration.inputFileDescriptor = fds[0]
            configuration.outputFileDescriptor = fds[1]
            let runLoop = TerminalRunLoop(configuration: configuration)
            XCTAssertThrowsError(try runLoop.run(RecordingRoot())) { error in
                XCTAssertEqual(error as? TerminalError, .notATerminal(fileDescriptor: fds[0]))
                XCTAssertTrue("\(error)".contains("needs a terminal"))
            }
        }
    }

    func testSuspendedRestoresAroundTheBodyAndRedrawsAfter() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal))
            let root = RecordingRoot()
            var cookedInBody = false
            var outputBeforeBody = 0
            root.onKey = { key in
                guard key == .character("s") else { return }
                runLoop.suspended {
                    cookedInBody = terminal.settings.isCooked
                    outputBeforeBody = waitForOutput(terminal, containing: "\u{1B}[?1049l").utf8.count
                }
            }
            terminal.type("s", after: 0.05)
            terminal.type("q", after: 0.3)
            try runLoop.run(root)
            XCTAssertTrue(cookedInBody, "the body runs with the terminal restored")
            let after = String(decoding: terminal.output.dropFirst(outputBeforeBody), as: UTF8.self)
            XCTAssertTrue(after.hasPrefix("\u{1B}[?1049h"), "UI mode re-entered: \(after.debugDescription)")
            XCTAssertTrue(after.contains("\u{1B}[2J"), "full redraw after the body")
            XCTAssertTrue(after.contains("keys 1"), after.debugDescription)
        }
    }

    func testRunningTwiceAtOnceIsRefused() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal))
            let root = RecordingRoot()
            var nestedError: Error?
            root.onKey = { _ in
                do { try runLoop.run(RecordingRoot()) } catch { nestedError = error }
            }
            terminal.type("q", after: 0.05)
            try runLoop.run(root)
            XCTAssertEqual(nestedError as? TerminalError, .alreadyRunning)
        }
    }

    func testControlKeysArriveAsKeysWhenTheyDoNotSendSignals() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            var configuration = Self.configuration(terminal)
            configuration.controlKeysSendSignals = false
            let runLoop = TerminalRunLoop(configuration: configuration)
            let root = RecordingRoot()
            terminal.type("\u{03}\u{1C}q", after: 0.05)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.control("c"), .control("\\"), .character("q")])
        }
    }

    /// A paste is text: 0x03, 0x1A and 0x1C inside one arrive in the pasted text (shown sanitized by
    /// whatever draws it), not as SIGINT, SIGTSTP and SIGQUIT. (With ISIG on, the terminal consumed
    /// them, and signalled the foreground job.)
    func testControlBytesInAPasteAreTextNotSignals() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal, signals: true))
            let root = RecordingRoot()
            terminal.type("\u{1B}[200~a\u{03}b\u{1A}c\u{1C}d\u{1B}[201~", after: 0.05)
            terminal.type("q", after: 0.3)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.paste("a\u{03}b\u{1A}c\u{1C}d"), .character("q")])
        }
    }

    /// Outside a paste, Ctrl-C typed still ends the run as SIGINT does (sent from user space now).
    func testCtrlCTypedOutsideAPasteStillActsAsSIGINT() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal, signals: true))
            let root = RecordingRoot()
            terminal.type("a\u{03}", after: 0.05)
            XCTAssertThrowsError(try runLoop.run(root)) { error in
                XCTAssertEqual(error as? TerminalError, .terminated(signal: SIGINT))
            }
            XCTAssertEqual(root.keys, [.character("a")], "Ctrl-C is the signal, not a key")
        }
    }

    func testResizeSignalRedrawsAtTheNewSize() throws {
        let terminal = try makeTerminal()
        try onMainActor {
            let size = FixedSize(Size(width: 20, height: 5))
            let runLoop = TerminalRunLoop(
                configuration: Self.configuration(terminal, signals: true), sizeProvider: size)
            let root = RecordingRoot()
            root.onKey = { key in
                guard key == .character("r") else { return }
                size.size = Size(width: 30, height: 6)
                kill(getpid(), SIGWINCH)
            }
            terminal.type("r", after: 0.05)
            terminal.type("q", after: 0.3)
            try runLoop.run(root)
            XCTAssertEqual(root.renderSizes.last, Size(width: 30, height: 6))
        }
        let output = terminal.outputText
        XCTAssertGreaterThanOrEqual(
            output.components(separatedBy: "\u{1B}[2J").count - 1, 2, "full redraw after resize")
        var action = sigaction()
        sigaction(SIGWINCH, nil, &action)
        XCTAssertNil(currentHandler(action), "the previous SIGWINCH action is back")
    }

    func testTerminationSignalStopsTheRunAndRestores() throws {
        let terminal = try makeTerminal()
        let original = terminal.settings
        try onMainActor {
            let runLoop = TerminalRunLoop(configuration: Self.configuration(terminal, signals: true))
            let root = RecordingRoot()
            root.onKey = { key in if key == .character("t") { kill(getpid(), SIGTERM) } }
            terminal.type("t", after: 0.05)
            XCTAssertThrowsError(try runLoop.run(root)) { error in
                XCTAssertEqual(error as? TerminalError, .terminated(signal: SIGTERM))
            }
        }
        XCTAssertEqual(terminal.settings.c_lflag, original.c_lflag)
        XCTAssertTrue(waitForOutput(terminal, containing: "\u{1B}[?1049l").hasSuffix("\u{1B}[?1049l"))
    }

    private func currentHandler(_ action: sigaction) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Darwin)
        return action.__sigaction_u.__sa_handler
        #else
        return action.__sigaction_handler.sa_handler
        #endif
    }
}

/// The output once it contains `marker` (or after a second).
func waitForOutput(_ terminal: PseudoTerminal, containing marker: String) -> String {
    let deadline = ContinuousClock.now + .seconds(1)
    while ContinuousClock.now < deadline {
        let text = terminal.outputText
        if text.contains(marker) { return text }
        usleep(5_000)
    }
    return terminal.outputText
}
