import EntryModel
import Foundation
import XCTest

/// Named journals on the command line: `-j NAME` on every command, `$ENTRIES_JOURNAL`, the
/// precedence over `--database` and `$ENTRIES_DATABASE`, and `entries journals`.
final class EntriesJournalsCommandTests: EntriesCommandTestCase {
    private var workPath: String { directory.appendingPathComponent("work.sqlite").path }
    private var homePath: String { directory.appendingPathComponent("home.sqlite").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try writeConfig(
            """
            journals:
              work: \(workPath)
              home: \(homePath)
            default-journal: home
            """)
    }

    /// Writes the person's config file (`$HOME/.config/entries/config.yaml`: HOME is the test folder).
    private func writeConfig(_ text: String) throws {
        let folder = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config.yaml"))
    }

    private func titles(_ arguments: String..., environment: [String: String?] = [:]) throws -> [String] {
        let output = try EntriesBinary.run(
            arguments + ["--json"], input: nil, environment: self.environment(environment), directory: directory)
        XCTAssertEqual(output.status, 0, output.error)
        return try decodeSummaries(output.output).map(\.title)
    }

    func testEveryCommandTakesTheJournalByName() throws {
        try succeed("add", "-j", "work", "--title", "Quarterly plan", "--tag", "office")
        try succeed("add", "--journal", "home", "--title", "Garden notes", "--tag", "garden")
        XCTAssertEqual(try titles("list", "-j", "work"), ["Quarterly plan"])
        XCTAssertEqual(try titles("list", "--journal=home"), ["Garden notes"])
        XCTAssertEqual(try titles("-j", "work", "list"), ["Quarterly plan"], "before the subcommand too")
        let work: [[String]] = [
            ["show", "1"], ["read"], ["search", "quarterly"], ["export", "--format", "json"], ["tag", "list"],
            ["config"],
        ]
        for command in work {
            let result = try EntriesBinary.run(
                command + ["-j", "work"], input: nil, environment: environment(), directory: directory)
            XCTAssertEqual(result.status, 0, "\(command): \(result.error)")
            let output = result.output
            XCTAssertTrue(
                output.contains("Quarterly plan") || output.contains("office") || output.contains(workPath),
                "\(command): \(output)")
            XCTAssertFalse(output.contains("Garden") || output.contains("garden"), "\(command): \(output)")
        }
        XCTAssertTrue(
            try succeed("config", "-j", "work").contains("\njournal            work"), "config names the journal")
        try succeed("star", "1", "-j", "home")
        try succeed("edit", "1", "-j", "home", environment: ["ENTRIES_EDITOR": "sed -i s/notes/jottings/"])
        XCTAssertEqual(try titles("list", "-j", "home"), ["Garden jottings"])
        try succeed("tag", "rename", "office", "work-stuff", "-j", "work")
        try succeed("delete", "1", "-j", "work", "--yes")
        XCTAssertEqual(try titles("list", "-j", "work"), [])
        XCTAssertTrue(try succeed("trash", "list", "-j", "work").contains("Quarterly plan"))
        try succeed("trash", "restore", "1", "-j", "work")
        let imported = try writeFile("more.jsonl", "{\"title\":\"Imported\",\"body\":\"\"}\n")
        try succeed("import", imported, "--format", "jsonl", "-j", "work")
        XCTAssertEqual(Set(try titles("list", "-j", "work")), ["Quarterly plan", "Imported"])
        XCTAssertEqual(try titles("list", "-j", "home"), ["Garden jottings"], "the other journal is untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "$ENTRIES_DATABASE was not used")
    }

    /// --database or -j (not both) > $ENTRIES_JOURNAL > $ENTRIES_DATABASE > default-journal.
    func testPrecedence() throws {
        try succeed("add", "-j", "work", "--title", "W")
        try succeed("add", "-j", "home", "--title", "H")
        try succeed("add", "--title", "E")  // $ENTRIES_DATABASE
        XCTAssertEqual(
            try titles("list", environment: ["ENTRIES_JOURNAL": "work"]), ["W"], "the name beats $ENTRIES_DATABASE")
        XCTAssertEqual(
            try titles("list", "-j", "home", environment: ["ENTRIES_JOURNAL": "work"]), ["H"],
            "-j beats $ENTRIES_JOURNAL")
        XCTAssertEqual(try titles("list", "--database", workPath, environment: ["ENTRIES_JOURNAL": "home"]), ["W"])
        XCTAssertEqual(try titles("list"), ["E"], "$ENTRIES_DATABASE beats default-journal")
        XCTAssertEqual(try titles("list", environment: ["ENTRIES_DATABASE": nil]), ["H"], "default-journal")
    }

    func testAnUnknownNameIsAUsageError() throws {
        let unknown = try entries("list", "-j", "wrok")
        XCTAssertEqual(unknown.status, 64, unknown.error)
        XCTAssertEqual(
            unknown.error,
            "entries: error: no journal is named `wrok` (--journal); did you mean `work`? The journals are "
                + "default, work, home (`journals:` in the config file names them, `entries journals` lists them).\n")
        let fromEnvironment = try entries("add", "--title", "x", environment: ["ENTRIES_JOURNAL": "hom"])
        XCTAssertEqual(fromEnvironment.status, 64)
        XCTAssertTrue(fromEnvironment.error.contains("($ENTRIES_JOURNAL); did you mean `home`?"), fromEnvironment.error)
        let both = try entries("list", "-j", "work", "--database", workPath)
        XCTAssertEqual(both.status, 64)
        XCTAssertEqual(both.error, "entries: error: --database and --journal both choose the journal; give one\n")
        let hostile = try entries("list", "-j", "\u{1B}]2;pwned\u{07}")
        XCTAssertEqual(hostile.status, 64)
        XCTAssertFalse(
            hostile.error.contains("\u{1B}"), "no escape reaches the terminal: \(hostile.error.debugDescription)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workPath), "nothing was created")
    }

    func testAnEncryptedJournalWorksByNameAndIsListedWithoutItsPassphrase() throws {
        let passphrase: [String: String?] = ["ENTRIES_PASSPHRASE_COMMAND": "printf 'correct horse'"]
        try succeed("init", "--encrypted", "-j", "work", environment: passphrase)
        try succeed("add", "-j", "work", "--title", "Sealed", environment: passphrase)
        XCTAssertEqual(try titles("list", "-j", "work", environment: passphrase), ["Sealed"])
        try succeed("add", "-j", "home", "--title", "Open")
        // No passphrase command and no terminal: the list must not ask, and must not fail.
        let listed = try succeed("journals", "--json")
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        let work = try XCTUnwrap(rows.first { $0["name"] as? String == "work" })
        XCTAssertEqual(work["state"] as? String, "encrypted")
        XCTAssertNil(work["entries"])
        let home = try XCTUnwrap(rows.first { $0["name"] as? String == "home" })
        XCTAssertEqual(home["entries"] as? Int, 1)
        XCTAssertTrue(try succeed("journals").contains("  encrypted: its passphrase is not asked to list it"))
    }

    func testTheJournalsAreListedWithCountsAndTheCurrentOneMarked() throws {
        try succeed("add", "-j", "work", "--title", "one")
        try succeed("add", "-j", "work", "--title", "two")
        let lines = try succeed("journals", "-j", "work", environment: ["ENTRIES_DATABASE": nil]).split(separator: "\n")
            .map(String.init)
        XCTAssertEqual(lines.count, 4, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("   NAME     KIND    ENTRIES  LAST CHANGE"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("   default  sqlite        0  -"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("/.local/share/entries/entries.sqlite  no file yet"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("*  work     sqlite        2  "), lines[2])
        XCTAssertTrue(lines[2].hasSuffix("  \(workPath)"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("   home     sqlite        0  -"), lines[3])
        XCTAssertFalse(FileManager.default.fileExists(atPath: homePath), "listing creates nothing")
        let rows = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try succeed("journals", "--json").utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["name"] as? String }, ["default", "work", "home"])
        XCTAssertEqual(rows[1]["entries"] as? Int, 2)
        XCTAssertEqual(rows[1]["kind"] as? String, "sqlite")
        XCTAssertNotNil(rows[1]["lastChange"] as? String)
        XCTAssertEqual(rows.map { $0["current"] as? Bool }, [false, false, false], "$ENTRIES_DATABASE is none of them")
    }

    #if PostgreSQL
    /// A server that refuses and one that accepts the connection but never answers: both listed as
    /// unreachable within the time limit, the SQLite journal beside them counted. (Without the client:
    /// EntriesWithoutPostgreSQLTests.)
    func testAnUnreachableServerIsListedQuicklyAndBlocksNothing() throws {
        let silent = try SilentServer()
        defer { silent.close() }
        try writeConfig(
            """
            journals:
              work: \(workPath)
              refused: postgresql://me@127.0.0.1:1/team
              silent: postgresql://me@127.0.0.1:\(silent.port)/team
            """)
        try succeed("add", "-j", "work", "--title", "counted")
        let started = Date()
        let output = try succeed("journals", "--json", "--time-limit", "1")
        let elapsed = Date().timeIntervalSince(started)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.first { $0["name"] as? String == "work" }?["entries"] as? Int, 1)
        for name in ["refused", "silent"] {
            let row = try XCTUnwrap(rows.first { $0["name"] as? String == name })
            XCTAssertEqual(row["state"] as? String, "unreachable", "\(name): \(row)")
            XCTAssertEqual(row["kind"] as? String, "postgresql")
        }
        XCTAssertEqual(rows.first { $0["name"] as? String == "silent" }?["reason"] as? String, "no answer within 1 s")
        print("entries journals with a silent server, --time-limit 1: \(String(format: "%.2f", elapsed)) s")
        XCTAssertLessThan(elapsed, 4, "bounded by the time limit (and the start of a debug binary)")
    }
    #endif
}

/// A TCP port that accepts connections (the kernel does, from the backlog) and never answers.
private final class SilentServer {
    let socket: Int32
    let port: Int

    init() throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 8) == 0 else { throw CocoaError(.fileWriteUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(socket) }
}
