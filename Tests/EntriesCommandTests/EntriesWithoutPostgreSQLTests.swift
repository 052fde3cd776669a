import Foundation
import XCTest

#if !PostgreSQL
/// A build without the PostgreSQL client (`--disable-default-traits`, the SQLite-only build `make test`
/// also runs): every way of naming a journal on a server fails in one line that says so and how to get
/// a build that can, exit status 1, nothing written; SQLite journals work as ever. (With the client,
/// EntriesCommandsOnPostgreSQLTests covers the same commands on a real server.)
final class EntriesWithoutPostgreSQLTests: EntriesCommandTestCase {
    private let server = "postgresql://me@127.0.0.1:1/team?sslmode=disable"
    private let message =
        "this build of entries has no PostgreSQL client, so it cannot open postgresql://me@127.0.0.1:1/team: "
        + "rebuild it with the PostgreSQL trait (on by default: `make install`)"

    /// Writes the person's config file (`$HOME/.config/entries/config.yaml`: HOME is the test folder).
    private func writeConfig(_ text: String) throws {
        let folder = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config.yaml"))
    }

    func testEveryWayOfNamingAServerFailsInOneLineAndWritesNothing() throws {
        try succeed("add", "--title", "kept here")
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        assertFails(try entries("list", "--database", server), containing: message)
        assertFails(
            try entries("add", "--title", "never", environment: ["ENTRIES_DATABASE": server]), containing: message)
        assertFails(try entries("copy", "--from", databasePath, "--to", server), containing: message)
        assertFails(try entries("copy", "--from", server, "--to", databasePath + ".copy"), containing: message)
        try writeConfig("database: \(server)\n")
        assertFails(try entries("search", "kept", environment: ["ENTRIES_DATABASE": nil]), containing: message)
        try writeConfig("journals:\n  team: \(server)\n")
        assertFails(try entries("list", "-j", "team"), containing: message)
        assertFails(try entries("copy", "1", "--to", "team"), containing: message)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: databasePath)), before, "the SQLite journal unchanged")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath + ".copy"))
        XCTAssertEqual(try allEntries().map(\.title), ["kept here"])
    }

    func testAMalformedLocationIsStillReportedAsMalformed() throws {
        assertFails(
            try entries("list", "--database", "postgresql://me@/team"),
            containing: "malformed database location postgresql://me@/team: it names no host")
        assertFails(
            try entries("list", "--database", "postgresql://me:secret@db/team"),
            containing: "put it in PGPASSWORD or ~/.pgpass instead")
    }

    func testTheJournalsListSaysAServerJournalCannotBeReadHereAndCountsTheOthers() throws {
        let work = directory.appendingPathComponent("work.sqlite").path
        try writeConfig("journals:\n  work: \(work)\n  team: \(server)\n")
        try succeed("add", "-j", "work", "--title", "counted")
        let output = try succeed("journals", "--json")
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.first { $0["name"] as? String == "work" }?["entries"] as? Int, 1)
        let team = try XCTUnwrap(rows.first { $0["name"] as? String == "team" })
        XCTAssertEqual(team["kind"] as? String, "postgresql")
        XCTAssertEqual(team["state"] as? String, "unreadable")
        XCTAssertEqual(team["reason"] as? String, message)
    }
}
#endif
