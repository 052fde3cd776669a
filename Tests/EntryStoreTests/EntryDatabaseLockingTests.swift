import EntryStore
import Foundation
import XCTest

/// Another program writing at the same time: waiting, giving up with `locked`, noticing its changes.
final class EntryDatabaseLockingTests: TemporaryDatabaseTestCase {
    func testAWriteWaitsTheBusyTimeoutThenThrowsLocked() throws {
        let database = try openDatabase { $0.busyTimeout = 0.2 }
        try database.entries.insert(EntryDraft(title: "before"))
        let holder = try WriteLockHolder(path: databasePath)
        let start = Date()
        assertThrows(.locked(path: databasePath)) { try database.entries.insert(EntryDraft(title: "blocked")) }
        let waited = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(waited, 0.15, "waited the busy timeout")
        XCTAssertLessThan(waited, 3, "then gave up")
        // Reads still work while the other program writes (WAL).
        XCTAssertEqual(try database.entries.count(filter: .all), 1)
        try holder.commit()
        XCTAssertNoThrow(try database.entries.insert(EntryDraft(title: "after")))
        XCTAssertEqual(try database.entries.count(filter: .all), 2)
    }

    func testAWriteSucceedsWhenTheLockIsReleasedWithinTheTimeout() throws {
        let database = try openDatabase { $0.busyTimeout = 5 }
        let holder = try WriteLockHolder(path: databasePath)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { try? holder.commit() }
        XCTAssertNoThrow(try database.entries.insert(EntryDraft(title: "waited")))
    }

    func testDataVersionChangesWhenAnotherConnectionCommitsOnly() throws {
        let database = try openDatabase()
        let other = try openDatabase()
        let initial = try database.dataVersion()
        try database.entries.insert(EntryDraft(title: "mine"))
        XCTAssertEqual(try database.dataVersion(), initial, "own writes do not count")
        try other.entries.insert(EntryDraft(title: "theirs"))
        let afterOther = try database.dataVersion()
        XCTAssertNotEqual(afterOther, initial)
        XCTAssertEqual(try database.dataVersion(), afterOther, "stable while nothing happens")
        try other.settings.setValue("x", forKey: "y")
        XCTAssertNotEqual(try database.dataVersion(), afterOther)
    }
}
