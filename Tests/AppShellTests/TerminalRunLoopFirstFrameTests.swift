import Foundation
import XCTest
@testable import AppShell

/// The first frame waits (a little) for work the root started on other threads: a store that answers
/// quickly is drawn once, complete; work that does not finish in time gets its placeholder frame.
final class TerminalRunLoopFirstFrameTests: XCTestCase {
    private var terminal: PseudoTerminal?

    override func tearDown() {
        terminal?.close()
        terminal = nil
    }

    private func run(firstFrameWait: Duration, workTakes delay: TimeInterval?) throws -> [String] {
        let terminal = try PseudoTerminal()
        self.terminal = terminal
        var configuration = TerminalRunLoop.Configuration()
        configuration.inputFileDescriptor = terminal.slave
        configuration.outputFileDescriptor = terminal.slave
        configuration.handlesSignals = false
        configuration.firstFrameWait = firstFrameWait
        var frames: [String] = []
        try onMainActor {
            let root = try LoadingRoot()
            root.mailbox?.workStarted()
            if let delay, let mailbox = root.mailbox {
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                    mailbox.post(finishing: { root.content = "loaded" })
                }
            }
            terminal.type("q", after: 0.4)
            try TerminalRunLoop(configuration: configuration, sizeProvider: FixedSize(Size(width: 20, height: 3))).run(
                root)
            frames = root.frames
        }
        return frames
    }

    func testWorkThatFinishesSoonIsInTheFirstFrame() throws {
        let frames = try run(firstFrameWait: .seconds(2), workTakes: 0.02)
        XCTAssertEqual(frames.first, "loaded", "frames: \(frames)")
    }

    func testWorkThatDoesNotFinishGetsItsPlaceholderFrameAfterTheWait() throws {
        let frames = try run(firstFrameWait: .milliseconds(30), workTakes: nil)
        XCTAssertEqual(frames.first, "placeholder")
        XCTAssertEqual(Set(frames), ["placeholder"], "nothing ever arrived")
    }

    func testNoWaitDrawsAtOnceAndThenTheResult() throws {
        let frames = try run(firstFrameWait: .zero, workTakes: 0.1)
        XCTAssertEqual(frames.first, "placeholder")
        XCTAssertEqual(frames.last, "loaded")
    }
}

@MainActor
private final class LoadingRoot: RootView {
    let mailbox: MainThreadMailbox?
    var content = "placeholder"
    private(set) var frames: [String] = []
    private(set) var isFinished = false

    init() throws {
        mailbox = try MainThreadMailbox()
    }

    func render(into buffer: inout Buffer) {
        frames.append(content)
        buffer.put(content, at: Point(x: 0, y: 0))
    }

    func handle(_ key: Key) {
        if key == .character("q") { isFinished = true }
    }

    func tick() {}
}
