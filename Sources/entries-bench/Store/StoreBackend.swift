import EntryModel
import Foundation
import PostgreSQLTesting
import SQLiteStore

#if PostgreSQL
import PostgreSQLStore
#endif

/// A store the benchmark fills and measures: how to get a new empty one, its size, and how long
/// opening it takes.
protocol StoreBackend {
    /// The column heading: "sqlite", "postgres".
    var name: String { get }
    /// A new, empty store (the previous one is discarded).
    mutating func makeEmpty() throws -> any EntryRepository
    /// Closes the current store (after the measures that need it open).
    mutating func close() throws
    /// What the current store takes on disk.
    func bytes() -> Int64
    /// Opening the filled store, each measured after ``close()``.
    func openings() -> [(label: String, body: () throws -> Void)]
    /// Where the last import's time went beyond ``ImportStages``, as the store itself measured it
    /// (seconds, labelled); empty for a store that does not say.
    func importDetails() -> [(label: String, seconds: Double)]
}

extension StoreBackend {
    func importDetails() -> [(label: String, seconds: Double)] { [] }
}

/// An SQLite file (and its -wal and -shm files) in the benchmark's folder; with `encrypted`, an
/// encrypted journal (its key derived once per store, at the standard cost, and kept).
struct SQLiteBackend: StoreBackend {
    let path: String
    let encrypted: Bool
    private var database: EntryDatabase?
    private var key: JournalKey?
    private let passphrase = Self.benchmarkPassphrase()

    /// The passphrase of every encrypted journal the benchmark makes (`entries-bench search --encrypted` opens them with it).
    static func benchmarkPassphrase() -> Passphrase { Passphrase(bytes: Array("entries-bench passphrase".utf8)) }

    init(path: String, encrypted: Bool = false) {
        self.path = path
        self.encrypted = encrypted
    }

    var name: String { encrypted ? "encrypted" : "sqlite" }

    mutating func makeEmpty() throws -> any EntryRepository {
        try close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let opened: EntryDatabase
        if encrypted {
            let created = try EntryDatabase.createEncrypted(path: path, passphrase: passphrase)
            key = created.key
            opened = created.database
        } else {
            opened = try EntryDatabase(path: path)
        }
        database = opened
        return opened.entries
    }

    mutating func close() throws {
        try database?.close()
        database = nil
    }

    func bytes() -> Int64 {
        ["", "-wal", "-shm"].reduce(Int64(0)) { sum, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int64) ?? nil
            return sum + (size ?? 0)
        }
    }

    /// The streamed insert's stages (sizes above ``StoreBenchmark/streamedAbove``).
    func importDetails() -> [(label: String, seconds: Double)] {
        guard let timings = database?.entries.lastStreamedInsertTimings else { return [] }
        return [
            (
                timings.heldTheFileAlone
                    ? "entry rows (the writer's share; file held alone, no WAL)" : "entry rows (the writer's share)",
                timings.rows
            ),
            ("  of which waiting for the full-text thread", timings.waitingForFullTextIndex),
            ("  of which links (found in the text, rows written)", timings.links),
            ("tag rows", timings.tagRows),
            ("sort and tag indexes", timings.sortIndexes), ("link indexes", timings.linkIndexes),
            ("full-text index", timings.fullTextIndex),
            ("counts, day counts, triggers", timings.bookkeeping),
        ]
    }

    func openings() -> [(label: String, body: () throws -> Void)] {
        var readOnly = EntryDatabase.Configuration()
        readOnly.readOnly = true
        readOnly.encryptionKey = key
        var writing = EntryDatabase.Configuration()
        writing.encryptionKey = key
        let path = self.path
        let passphrase = self.passphrase
        var rows: [(label: String, body: () throws -> Void)] = [
            ("open + close, read-only", { try EntryDatabase(path: path, configuration: readOnly).close() }),
            ("open + close, for writing", { try EntryDatabase(path: path, configuration: writing).close() }),
        ]
        if encrypted {
            // The key derivation (Argon2id) of an open with a passphrase, apart from the open itself.
            rows.append(
                (
                    "key derivation (passphrase to key)",
                    { _ = try JournalKey.unlock(path: path, passphrase: passphrase) }
                ))
        }
        return rows
    }
}

#if PostgreSQL
/// A database on a private PostgreSQL server of the benchmark's own (initdb in a temporary folder,
/// the same machine, over TCP on 127.0.0.1), a new database for each import run.
struct PostgreSQLBackend: StoreBackend {
    let server: PrivatePostgreSQLServer
    private var database: PostgreSQLDatabase?
    private var url = ""

    init(server: PrivatePostgreSQLServer) {
        self.server = server
    }

    var name: String { "postgres" }

    mutating func makeEmpty() throws -> any EntryRepository {
        try close()
        url = try server.makeDatabase()
        let opened = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
        database = opened
        return opened.entries
    }

    mutating func close() throws {
        database = nil
    }

    func bytes() -> Int64 {
        let name = url.split(separator: "/").last.map { String($0.split(separator: "?").first ?? "") } ?? ""
        return Int64((try? server.sql("SELECT pg_database_size('\(name)')")) ?? "0") ?? 0
    }

    /// The `COPY`, the client's share of it, each index, the triggers' work done once, the commit.
    func importDetails() -> [(label: String, seconds: Double)] {
        guard let timings = database?.entries.lastImportTimings else { return [] }
        var details = [
            ("COPY of the rows", timings.copy),
            ("  client building rows (its own thread)", timings.buildingRows),
        ]
        details += timings.indexes.map { ("index \($0.name)", $0.seconds) }
        details.append(("counts and notification", timings.bookkeeping))
        details.append(("COMMIT", timings.commit))
        return details
    }

    func openings() -> [(label: String, body: () throws -> Void)] {
        let url = self.url
        return [
            (
                "connect + schema check + close",
                { _ = try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil) }
            )
        ]
    }
}
#endif
