import AppShell
import EntryUI
import Foundation
import XCTest

/// The loader the app reads the store with: reads run off the main thread, one at a time in the order
/// asked, and their results reach the main thread only through the mailbox, in that order. (Also the
/// test `make sanitize` runs under ThreadSanitizer for the loader's threads.)
final class BackgroundLoaderTests: XCTestCase {
    func testReadsRunOffTheMainThreadInOrderAndResultsArriveThroughTheMailbox() throws {
        try onMainActor { try Self.readInBackground() }
    }

    @MainActor
    private static func readInBackground() throws {
        let mailbox = try MainThreadMailbox()
        let loader = BackgroundLoader(mailbox: mailbox)
        let reads = 200
        let log = ReadLog()
        var delivered: [Int] = []
        for index in 0..<reads {
            loader.load(
                {
                    log.record(index, onMainThread: Thread.isMainThread)
                    if index % 7 == 0 { throw ReadFailure(index: index) }
                    return index
                },
                then: { result in
                    XCTAssertTrue(Thread.isMainThread, "a result delivered off the main thread")
                    switch result {
                    case .success(let value): delivered.append(value)
                    case .failure(let error as ReadFailure): delivered.append(-error.index)
                    case .failure(let error): XCTFail("unexpected error \(error)")
                    }
                })
        }
        XCTAssertTrue(delivered.isEmpty, "a result delivered before the mailbox was asked")
        let deadline = Date().addingTimeInterval(30)
        while delivered.count < reads && Date() < deadline {
            if !mailbox.deliver() { usleep(1000) }
        }
        XCTAssertEqual(delivered, (0..<reads).map { $0 % 7 == 0 ? -$0 : $0 }, "results out of order or missing")
        XCTAssertEqual(log.order, Array(0..<reads), "reads ran out of the order asked")
        XCTAssertFalse(log.anyOnMainThread, "a read ran on the main thread")
        XCTAssertFalse(mailbox.hasUnfinishedWork)
    }
}

private struct ReadFailure: Error {
    let index: Int
}

/// What the reads saw, written from the loader's queue and read on the main thread.
private final class ReadLog: @unchecked Sendable {
    // @unchecked: every access is under `lock`.
    private let lock = NSLock()
    private var indexes: [Int] = []
    private var mainThreadSeen = false

    func record(_ index: Int, onMainThread: Bool) {
        lock.withLock {
            indexes.append(index)
            mainThreadSeen = mainThreadSeen || onMainThread
        }
    }

    var order: [Int] { lock.withLock { indexes } }
    var anyOnMainThread: Bool { lock.withLock { mainThreadSeen } }
}
