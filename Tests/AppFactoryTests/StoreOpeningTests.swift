import EntryModel
import Foundation
import SQLiteStore
import XCTest
@testable import AppFactory

/// The terminal UI's store opens on a thread of its own while the launch goes on: `wait()` hands over
/// what that thread opened, or rethrows its error, and the caller's thread is free meanwhile.
final class StoreOpeningTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "store-opening-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testTheStoreIsOpenedOnAnotherThreadWhileTheCallerGoesOn() throws {
        let path = folder.appendingPathComponent("journal.sqlite").path
        let seeded = try EntryDatabase(path: path)
        try seeded.entries.insert(contentsOf: [EntryDraft(title: "Opened elsewhere", body: "b")], progress: nil)
        let callerThread = Thread.current
        let release = DispatchSemaphore(value: 0)
        let openingThread = LockedBox<Thread?>(nil)
        let opening = StoreOpening {
            openingThread.set(Thread.current)
            // Held here while the caller goes on below (an open on the caller's thread would wait
            // out the 10 s and then be seen on that thread).
            _ = release.wait(timeout: .now() + 10)
            return StoreFactory(database: try EntryDatabase(path: path))
        }
        let started = try openingThread.waitForValue()
        XCTAssertNotNil(started)
        XCTAssertFalse(started === callerThread, "the store opens on a thread of its own")
        release.signal()
        let store = try opening.wait()
        XCTAssertEqual(try store.entries.page(PageRequest(order: .newest)).map(\.title), ["Opened elsewhere"])
    }

    func testTheOpensErrorIsRethrownByWait() {
        let path = folder.appendingPathComponent("not-a-journal.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 4096)))
        let opening = StoreOpening { StoreFactory(database: try EntryDatabase(path: path)) }
        XCTAssertThrowsError(try opening.wait()) { error in
            XCTAssertTrue("\(error)".contains("not-a-journal.sqlite"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(repeating: 0x41, count: 4096))
    }
}

/// A value set on one thread and read on another.
private final class LockedBox<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: Value
    private var wasSet = false

    init(_ value: Value) { stored = value }

    var value: Value {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    func set(_ value: Value) {
        condition.lock()
        stored = value
        wasSet = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits (up to 10 s) until ``set(_:)`` was called; throws when it was not.
    func waitForValue() throws -> Value {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 10)
        while !wasSet { if !condition.wait(until: deadline) { throw CancellationError() } }
        return stored
    }
}
