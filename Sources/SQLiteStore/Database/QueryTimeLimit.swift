import EntryModel
import Foundation
import GRDB
import GRDBSQLite

/// A time limit for one read or one write of the store (a transaction: a few statements), enforced
/// by SQLite's progress handler, which the virtual machine calls every ``checkInterval`` steps: past
/// the deadline the running statement stops with `SQLITE_INTERRUPT`, and the error becomes
/// ``EntryStoreError/tooSlow(path:seconds:)``. A write that is stopped is rolled back whole.
///
/// Why: every read and write of the app takes milliseconds even at a million entries, so a statement
/// still running after seconds means a database that does something it should not (an endless view,
/// a damaged index walked in circles): the user gets a message instead of a frozen screen.
/// See <https://www.sqlite.org/c3ref/progress_handler.html>.
struct QueryTimeLimit: Sendable {
    /// Virtual machine steps between two looks at the clock (a few microseconds of work).
    static let checkInterval: Int32 = 1_000

    /// The limit in seconds; nil (or 0) for none.
    var seconds: TimeInterval?

    /// Runs `body`, whose statements on `db` are stopped once the limit has passed. The handler is
    /// installed for the length of `body` only, and removed afterwards.
    func run<T>(on db: Database, path: String, _ body: () throws -> T) throws -> T {
        guard let seconds, seconds > 0 else { return try body() }
        // [0]: the deadline (uptime nanoseconds); [1]: 1 once the handler has stopped a statement.
        let state = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
        defer { state.deallocate() }
        state[0] = DispatchTime.now().uptimeNanoseconds &+ UInt64(seconds * 1_000_000_000)
        state[1] = 0
        sqlite3_progress_handler(
            db.sqliteConnection, Self.checkInterval,
            { context in
                guard let state = context?.assumingMemoryBound(to: UInt64.self) else { return 0 }
                guard DispatchTime.now().uptimeNanoseconds > state[0] else { return 0 }
                state[1] = 1
                return 1
            }, UnsafeMutableRawPointer(state))
        defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
        do {
            return try body()
        } catch {
            // Whatever the error became on its way up (GRDB's, or already translated), it is the limit's.
            if state[1] == 1 { throw EntryStoreError.tooSlow(path: path, seconds: seconds) }
            throw error
        }
    }
}
