import XCTest
@testable import AppShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys reach the root as soon as they are read: a lone Esc, or a letter at the end of a read, is not
/// held for the Esc timeout when nothing more is waiting (issue 5: a key to the screen in < 3 ms).
/// The timeout is made long here, so that holding a key would show as a wrong or late key.
final class TerminalRunLoopKeyLatencyTests: XCTestCase {
    private var terminal: PseudoTerminal?

    override func tearDown() {
        terminal?.close()
        terminal = nil
    }

    private func makeRunLoop() throws -> (PseudoTerminal, TerminalRunLoop.Configuration) {
        let terminal = try PseudoTerminal()
        self.terminal = terminal
        var configuration = TerminalRunLoop.Configuration()
        configuration.inputFileDescriptor = terminal.slave
        configuration.outputFileDescriptor = terminal.slave
        configuration.colorSupport = .indexed256
        configuration.handlesSignals = false
        configuration.escapeTimeout = .seconds(5)
        configuration.tickInterval = .milliseconds(250)
        return (terminal, configuration)
    }

    func testALoneEscapeIsAKeyAtOnceNotTheStartOfAnAltKey() throws {
        let (terminal, configuration) = try makeRunLoop()
        try onMainActor {
            let runLoop = TerminalRunLoop(
                configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 5)))
            let root = RecordingRoot()
            root.finishAfterTicks = 12  // ends a failing run after ~3 s instead of waiting for keys forever
            terminal.type("\u{1B}", after: 0.05)
            terminal.type("q", after: 0.4)
            try runLoop.run(root)
            // Held, the Esc would have joined the q into Alt-q.
            XCTAssertEqual(root.keys, [.escape, .character("q")])
        }
    }

    func testALetterAtTheEndOfAReadIsDeliveredBeforeTheNextKeyArrives() throws {
        let (terminal, configuration) = try makeRunLoop()
        try onMainActor {
            let runLoop = TerminalRunLoop(
                configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 5)))
            let root = RecordingRoot()
            root.finishAfterTicks = 12
            let start = ContinuousClock.now
            var jArrived: Duration?
            root.onKey = { key in if key == .character("j") { jArrived = ContinuousClock.now - start } }
            terminal.type("j", after: 0.05)
            terminal.type("q", after: 1.0)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.character("j"), .character("q")])
            // Held, the j would only have come with the q, a second later.
            let arrival = try XCTUnwrap(jArrived)
            XCTAssertLessThan(arrival, .milliseconds(700), "the j waited for the next key")
        }
    }

    func testSeveralKeysInOneWriteAllArriveInOrder() throws {
        let (terminal, configuration) = try makeRunLoop()
        try onMainActor {
            let runLoop = TerminalRunLoop(
                configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 5)))
            let root = RecordingRoot()
            root.finishAfterTicks = 12
            // Sequences, a two-byte letter and a final letter in one write: all decoded, none cut.
            terminal.type("\u{1B}[Aé\u{1B}[Bq", after: 0.05)
            try runLoop.run(root)
            XCTAssertEqual(root.keys, [.up, .character("é"), .down, .character("q")])
        }
    }
}
