import EntryModel
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// The change feed: a write through one connection is announced on another, through LISTEN/NOTIFY.
final class PostgreSQLChangeFeedTests: XCTestCase {
    func testAWriteOnOneConnectionIsNoticedOnAnotherWithinASecond() throws {
        guard TestPostgreSQL.isAvailable() else { throw XCTSkip("PostgreSQL is not installed") }
        let url = try TestPostgreSQL.server().makeDatabase()
        let reader = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        let writer = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        let received = ChangeRecorder()
        let subscription = try reader.changes.subscribe { received.record($0) }
        defer { subscription.cancel() }

        let inserted = received.expectation(self, "insert noticed")
        let entry = try writer.entries.insert(EntryDraft(title: "from the other desk"))
        wait(for: [inserted], timeout: 1)
        XCTAssertEqual(received.values.last, EntryChange(kind: .inserted, ids: [entry.id]))

        let updated = received.expectation(self, "update noticed")
        var changed = entry
        changed.title = "edited"
        try writer.entries.update(changed)
        wait(for: [updated], timeout: 1)
        XCTAssertEqual(received.values.last, EntryChange(kind: .updated, ids: [entry.id]))

        let deleted = received.expectation(self, "delete noticed")
        try writer.entries.delete(id: entry.id)
        wait(for: [deleted], timeout: 1)
        XCTAssertEqual(received.values.last, EntryChange(kind: .deleted, ids: [entry.id]))

        let restored = received.expectation(self, "restore from the trash noticed")
        try writer.entries.restore(id: entry.id)
        wait(for: [restored], timeout: 1)
        XCTAssertEqual(received.values.last, EntryChange(kind: .inserted, ids: [entry.id]), "back with its id")

        let relabelled = received.expectation(self, "tagging noticed")
        var tagged = try XCTUnwrap(writer.entries.entry(id: entry.id))
        tagged.tags = ["old"]
        tagged = try writer.entries.update(tagged)
        wait(for: [relabelled], timeout: 1)
        let renamed = received.expectation(self, "tag rename noticed")
        try writer.entries.renameTag("old", to: "new")
        wait(for: [renamed], timeout: 1)
        XCTAssertEqual(received.values.last, EntryChange(kind: .updated, ids: [entry.id]))

        let imported = received.expectation(self, "bulk insert noticed once")
        try writer.entries.insert(contentsOf: (0..<500).map { EntryDraft(title: "bulk \($0)") }, progress: nil)
        wait(for: [imported], timeout: 1)
        XCTAssertEqual(received.values.last?.kind, .inserted)
        XCTAssertEqual(
            received.values.last?.ids.count, 100, "one notification for the statement, its first hundred ids")

        subscription.cancel()
        let countAfterCancel = received.values.count
        try writer.entries.insert(EntryDraft(title: "unheard"))
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(received.values.count, countAfterCancel, "nothing after cancel")
    }
}

/// Collects changes from the feed's background thread.
final class ChangeRecorder: @unchecked Sendable {
    // @unchecked: everything is touched under `lock`.
    private let lock = NSLock()
    private var recorded: [EntryChange] = []
    private var pending: XCTestExpectation?

    func record(_ change: EntryChange) {
        lock.lock()
        recorded.append(change)
        let expectation = pending
        pending = nil
        lock.unlock()
        expectation?.fulfill()
    }

    /// An expectation fulfilled by the next change.
    func expectation(_ test: XCTestCase, _ description: String) -> XCTestExpectation {
        let expectation = test.expectation(description: description)
        lock.lock()
        pending = expectation
        lock.unlock()
        return expectation
    }

    var values: [EntryChange] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
#endif
