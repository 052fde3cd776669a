import Foundation
import GRDB

/// Looks inside an entries database file with a separate SQLite connection (what `sqlite3` would do):
/// integrity, the full-text index, the schema objects, counts and a content digest.
struct DatabaseInspector {
    let path: String

    /// The tables, indexes and triggers every entries database has (the schema's v1, v2 and v3 migrations).
    static let schemaObjects = [
        "entry", "entryTag", "entryFTS", "settings",
        "entry_on_createdAt", "entry_on_title", "entry_on_updatedAt", "entryTag_on_entryId",
        "entry_ai_fts", "entry_ad_fts", "entry_au_fts",
        "entryCount", "entry_ai_count", "entry_ad_count", "entrySequence", "entry_ai_sequence",
    ]

    /// Everything wrong with the file; empty when `PRAGMA integrity_check` says ok, the FTS index
    /// matches the entries, the kept count is the number of entries, and no table, index or trigger
    /// is missing.
    func problems() -> [String] {
        do {
            // A killed process's locks are gone once it is, but the kernel may take a moment to close
            // its files on a loaded machine: wait for them instead of reporting "database is locked".
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.inDatabase { db -> [String] in
                var problems: [String] = []
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                if integrity != ["ok"] { problems.append("integrity_check: \(integrity.prefix(3))") }
                do {
                    // Compares the FTS index with its external content table (the entry rows).
                    try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('integrity-check', 1)")
                } catch {
                    problems.append("FTS integrity-check: \(error)")
                }
                let counts = try Row.fetchOne(
                    db, sql: "SELECT (SELECT count FROM entryCount WHERE id = 1), (SELECT count(*) FROM entry)")
                let kept: Int? = counts?[0]
                let actual: Int? = counts?[1]
                if kept != actual {
                    problems.append("kept count \(kept.map(String.init) ?? "missing"), but \(actual ?? 0) entries")
                }
                let names = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master"))
                let missing = Self.schemaObjects.filter { !names.contains($0) }
                if !missing.isEmpty { problems.append("missing schema objects: \(missing)") }
                return problems
            }
        } catch {
            return ["cannot inspect \(path): \(error)"]
        }
    }

    /// The number of entries, and the largest id (0 when empty).
    func countAndMaxID() throws -> (count: Int, maxID: Int64) {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(max(id), 0) FROM entry")
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    /// A digest of the entries with an id above `low` and at most `high`: count, distinct titles,
    /// total text length, and the tag rows. Two equal digests mean the same rows with near certainty.
    func digest(above low: Int64 = 0, upTo high: Int64 = .max) throws -> ContentDigest {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*), count(DISTINCT title), coalesce(sum(length(title) + length(body) + length(moreDetails)), 0),
                           (SELECT count(*) FROM entryTag WHERE entryId > ?1 AND entryId <= ?2)
                    FROM entry WHERE id > ?1 AND id <= ?2
                    """, arguments: [low, high])
            return ContentDigest(
                count: row?[0] ?? 0, distinctTitles: row?[1] ?? 0, textLength: row?[2] ?? 0, tagRows: row?[3] ?? 0)
        }
    }

    /// Every entry's id and title, and its body, by id.
    func titlesAndBodies() throws -> [Int64: (title: String, body: String)] {
        try read { db in
            var result: [Int64: (title: String, body: String)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, title, body FROM entry") {
                result[row[0]] = (row[1], row[2])
            }
            return result
        }
    }

    /// The ids of the entries and of the entries in the trash.
    func liveAndTrashedIDs() throws -> (live: [Int64], trashed: [Int64]) {
        try read { db in
            (
                try Int64.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id"),
                try Int64.fetchAll(db, sql: "SELECT id FROM trashedEntry ORDER BY id")
            )
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(body)
    }
}

/// What `DatabaseInspector.digest` measures.
struct ContentDigest: Equatable, CustomStringConvertible {
    var count: Int
    var distinctTitles: Int
    var textLength: Int
    var tagRows: Int

    var description: String { "\(count) entries (\(distinctTitles) titles, \(textLength) characters, \(tagRows) tags)" }
}

/// The bytes and modification time of a file (or that it is missing, or a folder), to prove that
/// something did not touch it.
struct FileSnapshot: Equatable {
    var exists: Bool
    var isDirectory: Bool
    var bytes: Data?
    var modified: Date?
    var permissions: Int?

    init(_ path: String) {
        var isDirectory: ObjCBool = false
        exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        self.isDirectory = isDirectory.boolValue
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue
        bytes = exists && !self.isDirectory ? FileManager.default.contents(atPath: path) : nil
    }
}
