import Foundation
import GRDB

/// Raw SQL on a database file, bypassing the entry store: to make files the store must refuse or
/// cope with (another app's database, a newer schema, a lock held by "another program").
enum SQLiteScript {
    /// Runs `statements` on the file at `path` (creating it when missing) with a plain connection.
    static func run(_ statements: [String], at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
    }

    /// Drops the trigger `name` and creates it again from its own definition, which moves it to the
    /// end of the schema (as a bulk insert of an earlier version left it).
    static func recreateTrigger(_ name: String, at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name]) ?? ""
            try db.execute(sql: "DROP TRIGGER \(name)")
            try db.execute(sql: sql)
        }
        try queue.close()
    }

    /// The names of the schema objects of one type (table, index, trigger) in the file at `path`.
    static func objectNames(type: String, at path: String) throws -> Set<String> {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = ?", arguments: [type]))
        }
    }

    /// Statements that take a database back to before migration v4 (the quarter-hour, day and tag
    /// counts), as an older version left it.
    static let undoingV4: [String] = [
        "DROP TRIGGER entry_ai_quarter_hour", "DROP TRIGGER entry_ad_quarter_hour", "DROP TRIGGER entry_au_quarter_hour",
        "DROP TRIGGER entryTag_ai_count", "DROP TRIGGER entryTag_ad_count",
        "DROP TABLE entryQuarterHour", "DROP TABLE entryDay", "DROP TABLE entryTagCount",
        "DELETE FROM grdb_migrations WHERE identifier = 'v4-entry-quarter-hour-counts'",
    ]
}

/// A connection of "another program" holding the write lock of a database until released.
final class WriteLockHolder: Sendable {
    private let queue: DatabaseQueue

    /// Opens `path` and begins an immediate (write-locking) transaction that stays open.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "INSERT INTO settings(key, value) VALUES ('lock', 'held')")
        }
    }

    /// Commits the transaction, releasing the lock.
    func commit() throws {
        try queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        try queue.close()
    }
}
