import Foundation
import GRDB
@testable import SQLiteStore

/// Raw SQL on a database file, bypassing the entry store: to make files the store must refuse or
/// cope with (another app's database, a newer schema, a lock held by "another program").
enum SQLiteScript {
    /// Runs `statements` on the file at `path` (creating it when missing) with a plain connection.
    /// Turns the database into one an older version wrote, before `migration` and every later one:
    /// drops what they made (from the build's own expected schema, so a migration added later is
    /// dropped too) and forgets them. Rows added since stay.
    static func rollBack(toBefore migration: String, at path: String) throws {
        let schema = try ExpectedSchema.current()
        guard let index = schema.migrationIdentifiers.firstIndex(of: migration) else {
            throw RollBackError(migration: migration)
        }
        let kept = Set(schema.afterMigrations[index].map(\.name))
        let added = (schema.afterMigrations.last ?? []).filter {
            !kept.contains($0.name) && !$0.name.hasPrefix("sqlite_autoindex")
        }
        // Triggers and indexes before tables; FTS5 shadow tables go with their virtual table.
        let order = ["trigger": 0, "index": 1, "view": 2, "table": 3]
        var statements: [String] = []
        for object in added.sorted(by: { order[$0.type, default: 4] < order[$1.type, default: 4] }) {
            let shadow = added.contains {
                $0.type == "table" && $0.name != object.name && object.name.hasPrefix($0.name + "_")
            }
            guard !shadow else { continue }
            statements.append("DROP \(object.type.uppercased()) IF EXISTS \"\(object.name)\"")
        }
        // What later migrations redefined (an index on a column added since, a trigger): dropped, the
        // columns they added to a table dropped too, then made again as they were.
        let before = Dictionary(
            schema.afterMigrations[index].map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let redefined = (schema.afterMigrations.last ?? []).filter { object in
            before[object.name].map { $0.sql != object.sql } ?? false
        }
        let scratch = try DatabaseQueue()
        if index > 0 { try EntrySchema.migrator.migrate(scratch, upTo: schema.migrationIdentifiers[index - 1]) }
        let current = try DatabaseQueue(path: path)
        defer { try? current.close() }
        var recreated: [String] = []
        for object in redefined where object.type != "table" {
            statements.append("DROP \(object.type.uppercased()) IF EXISTS \"\(object.name)\"")
            if let sql = before[object.name]?.sql { recreated.append(sql) }
        }
        for table in redefined where table.type == "table" {
            let kept = Set(try scratch.read { try $0.columns(in: table.name) }.map(\.name))
            for column in try current.read({ try $0.columns(in: table.name) }) where !kept.contains(column.name) {
                statements.append("ALTER TABLE \"\(table.name)\" DROP COLUMN \"\(column.name)\"")
            }
        }
        try current.close()
        statements += recreated
        let later = schema.migrationIdentifiers[index...].map { "'\($0)'" }.joined(separator: ", ")
        statements.append("DELETE FROM grdb_migrations WHERE identifier IN (\(later))")
        try run(statements, at: path)
    }

    struct RollBackError: Error {
        var migration: String
    }

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
            let sql =
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name]) ?? ""
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

    /// The column names of `table` in the file at `path`.
    static func columns(of table: String, at path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in try db.columns(in: table).map(\.name) }
    }

    /// Every entry's title and stored title key in the file at `path`.
    static func titleKeys(at path: String) throws -> [(title: String, key: [UInt8])] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT title, titleKey FROM entry ORDER BY id").map { row in
                (row[0] as String, [UInt8](row[1] as Data))
            }
        }
    }
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
