import EntryModel
import Foundation
import GRDB
@testable import SQLiteStore
import SQLiteCipher
import XCTest

/// The cipher's cache of opened pages stays within its budget of memory, however much of the
/// journal is read: a plain journal's pages sit in the system's file cache, which is not the
/// process's memory, so every page kept here is memory an encrypted journal costs more.
final class EncryptedPageCacheTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    /// A journal of about 24 MB: 6,000 entries of one page each.
    private func makeJournal() throws {
        let created = try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest)
        let filler = String(repeating: "abcdefghij", count: 350)
        let drafts = (0..<6_000).map { EntryDraft(title: "entry \($0)", body: "\(filler) number\($0)") }
        try created.database.entries.insert(contentsOf: drafts, progress: nil)
        try created.database.close()
    }

    /// The bodies' characters, all ASCII.
    private let bodyBytes = (0..<6_000).reduce(0) { $0 + 3_500 + " number\($1)".count }

    /// The process's resident memory, in kB (/proc/self/status).
    private func residentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// Reads every entry's body (every page of the table) `times` times through `database`.
    private func readEverything(_ database: EntryDatabase, times: Int) throws -> Int {
        var total = 0
        for _ in 0..<times {
            total += try database.entries.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT sum(length(body)) FROM entry") ?? 0
            }
        }
        return total
    }

    func testReadingTheWholeJournalKeepsNoMoreThanTheBudget() throws {
        try makeJournal()
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        let budget = 4 << 20
        key.limitPageCache(toBytes: budget)
        key.readerCacheKibibytes = 2_000
        let database = try openDatabase(at: databasePath) {
            $0.encryptionKey = key
            $0.readOnly = true
        }
        _ = try database.entries.count(filter: EntryFilter())  // the connection made
        let before = try residentKilobytes()
        XCTAssertEqual(try readEverything(database, times: 2), 2 * bodyBytes)
        let grown = try residentKilobytes() - before
        XCTAssertGreaterThan(key.pageCacheBytes, budget / 2, "pages are kept")
        XCTAssertLessThanOrEqual(key.pageCacheBytes, budget)
        // The budget and SQLite's own cache (2 MB) at most. Before the budget, the cache kept every
        // page read: 24 MB more for this journal.
        XCTAssertLessThan(grown, 10_240, "resident memory grew by \(grown) kB")
        try database.close()
    }

    /// By default the cipher keeps no opened page, and the memory goes to SQLite's cache of the
    /// reading connections instead: reading the whole journal (24 MB) twice grows the process by that
    /// cache at most.
    func testByDefaultTheReadersCacheHoldsTheBudgetAndTheCipherKeepsNothing() throws {
        try makeJournal()
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        XCTAssertEqual(key.readerCacheKibibytes, JournalKey.defaultReaderCacheKibibytes)
        let database = try openDatabase(at: databasePath) { $0.encryptionKey = key }
        let cacheSize = try database.entries.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        XCTAssertEqual(cacheSize, -JournalKey.defaultReaderCacheKibibytes, "a reader's cache")
        let writerCacheSize = try database.entries.writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA cache_size")
        }
        XCTAssertEqual(writerCacheSize, -2_000, "the writer keeps SQLite's default")
        _ = try database.entries.count(filter: EntryFilter())
        let before = try residentKilobytes()
        XCTAssertEqual(try readEverything(database, times: 2), 2 * bodyBytes)
        let grown = try residentKilobytes() - before
        XCTAssertLessThan(key.pageCacheBytes, 4_096, "no page kept by the cipher")
        // SQLite's cache of the reader (6 MiB of pages and their headers) at most.
        XCTAssertLessThan(grown, 10_240, "resident memory grew by \(grown) kB")
        try database.close()
    }

    func testWithoutACacheEveryPageIsOpenedAndReadsTheSame() throws {
        try makeJournal()
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        key.limitPageCache(toBytes: 0)
        let database = try openDatabase(at: databasePath) { $0.encryptionKey = key }
        XCTAssertEqual(try readEverything(database, times: 1), bodyBytes)
        XCTAssertLessThan(key.pageCacheBytes, 4_096, "no page kept")
        XCTAssertEqual(try database.entries.search("number5999", limit: 5).map(\.title), ["entry 5999"])
        key.limitPageCache(toBytes: 1 << 20)
        XCTAssertEqual(try readEverything(database, times: 1), bodyBytes)
        XCTAssertLessThanOrEqual(key.pageCacheBytes, 1 << 20)
        try database.close()
    }
}
