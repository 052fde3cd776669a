@testable import EntryModel
@testable import SQLiteStore
import Foundation
import GRDB
import XCTest

/// The scratch full-text index of a bulk insert, on its own: a failed build leaves the database as
/// it was (the bulk insert then indexes in place), and detaching frees it whatever happened.
final class EntryRepositoryScratchIndexTests: TemporaryDatabaseTestCase {
    func testAFailedBuildInstallsNothing() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        // A reader on a database without entries: the build fails reading it.
        let unrelated = try DatabasePool(path: folder + "/unrelated.sqlite")
        let scratch = ScratchFullTextIndex(
            .init(
                reader: unrelated, tableDefinition: try ftsDefinition(database), lastExistingID: 0,
                drafts: [EntryDraft(title: "lost")]))
        let schemaBefore = try schema(database)
        try database.entries.writer.writeWithoutTransaction { db in
            defer { scratch.detach(from: db) }
            try db.inTransaction {
                XCTAssertFalse(try scratch.install(in: db))
                return .commit
            }
        }
        XCTAssertEqual(try schema(database), schemaBefore)
        XCTAssertEqual(try database.entries.search("lost", limit: 5), [])
        XCTAssertFalse(try database.entries.search("passphrase", limit: 5).isEmpty)
    }

    func testASuccessfulBuildReplacesTheIndexWithOneOfEveryEntry() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let pool = try XCTUnwrap(database.entries.writer as? DatabasePool)
        try database.entries.writer.writeWithoutTransaction { db in
            let lastID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") ?? 0
            let scratch = ScratchFullTextIndex(
                .init(
                    reader: pool, tableDefinition: try ftsDefinition(database), lastExistingID: lastID,
                    drafts: [EntryDraft(title: "wombat")]))
            defer { scratch.detach(from: db) }
            try db.inTransaction {
                // The row the scratch index expects at lastID + 1, written meanwhile.
                try db.execute(
                    sql: """
                        INSERT INTO entry (id, title, body, moreDetails, tags, createdAt, updatedAt)
                        VALUES (?, 'wombat', '', '', '', 0, 0)
                        """, arguments: [lastID + 1])
                XCTAssertTrue(try scratch.install(in: db))
                return .commit
            }
        }
        XCTAssertEqual(try database.entries.search("wombat", limit: 5).map(\.title), ["wombat"])
        XCTAssertFalse(try database.entries.search("passphrase", limit: 5).isEmpty)
        XCTAssertNoThrow(
            try database.entries.writer.write { db in
                try db.execute(sql: "INSERT INTO entryFTS(entryFTS, rank) VALUES ('integrity-check', 1)")
            })
        let attached = try database.entries.writer.write { db in
            try String.fetchAll(db, sql: "SELECT name FROM pragma_database_list")
        }
        XCTAssertEqual(attached, ["main"])
    }

    private func ftsDefinition(_ database: EntryDatabase) throws -> String {
        try database.entries.writer.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'entryFTS'") ?? ""
        }
    }

    private func schema(_ database: EntryDatabase) throws -> [String] {
        try database.entries.writer.read { db in
            try String.fetchAll(db, sql: "SELECT coalesce(sql, name) FROM sqlite_master ORDER BY name")
        }
    }
}
