import Foundation
import GRDB
import XCTest

/// Files that are not a usable entries database — truncated, random bytes, a folder, another app's,
/// written by a newer version, in a missing folder — are refused with a clear error by every command
/// and by the full-screen app, and never modified.
final class BadDatabaseFileTests: ReliabilityTestCase {
    /// What a bad file is, and the words its error must contain (any one of them).
    private struct BadFile {
        var name: String
        var path: String
        var phrases: [String]
    }

    private static let reads: [[String]] = [["list"], ["show", "1"], ["search", "alpha"], ["export"]]
    private static let writes: [[String]] = [
        ["add", "--title", "x"], ["edit", "1"], ["delete", "1", "--yes"], ["import", "IMPORT"],
    ]
    private static let renamingEditor = ["VISUAL": "sed -i -e 's/^Title: .*/Title: changed/'"]

    func testEveryCommandAndTheAppRefuseABadFileWithoutTouchingIt() throws {
        var random = makeGenerator()
        let good = try makeGoodDatabase("good.sqlite")
        let goodBytes = try Data(contentsOf: URL(fileURLWithPath: good))
        var files: [BadFile] = []
        // Truncated at random places: inside the header's page, half way, and a page short.
        let pageSize = 4096
        for (index, cut) in [
            Int.random(in: 100..<pageSize, using: &random), goodBytes.count / 2,
            goodBytes.count - pageSize * Int.random(in: 1...4, using: &random),
        ].enumerated() {
            files.append(
                BadFile(
                    name: "truncated at \(cut) of \(goodBytes.count) bytes",
                    path: try writeFile("truncated-\(index).sqlite", goodBytes.prefix(cut)), phrases: ["is damaged"]))
        }
        let noise = Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        files.append(
            BadFile(
                name: "random bytes", path: try writeFile("random.sqlite", noise), phrases: ["not an entries database"])
        )
        files.append(
            BadFile(
                name: "SQLite header then random bytes",
                path: try writeFile("header.sqlite", Data("SQLite format 3\0".utf8) + noise),
                phrases: ["is damaged", "not an entries database"]))
        let folder = path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        files.append(BadFile(name: "a folder", path: folder, phrases: ["is a folder"]))
        files.append(
            BadFile(name: "newer schema", path: try makeNewerSchemaDatabase(), phrases: ["newer version of entries"]))
        files.append(
            BadFile(
                name: "another app's SQLite file", path: try makeForeignDatabase(), phrases: ["another application"]))
        let aFile = try writeFile("plain.txt", Data("not a folder".utf8))
        files.append(
            BadFile(
                name: "a path under a file", path: aFile + "/entries.sqlite",
                phrases: ["no database", "is a file, not a folder"]))

        let importFile = try writeFile("small.jsonl", ImportKillTests.jsonLines(count: 3))
        var counter = TrialCounter()
        for file in files {
            for command in Self.reads + Self.writes {
                let arguments = command.map { $0 == "IMPORT" ? importFile : $0 }
                counter.record(try refusal(of: file, watching: file.path, arguments: arguments))
            }
        }
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        for (index, file) in files.enumerated() {
            counter.record(try appRefusal(of: file, tmux: tmux, session: "bad\(index)"))
        }
        ledger.record(counter.row("bad database files (\(files.count) kinds × 8 commands + app)", nothingLost: nil))
    }

    func testReadsInAMissingFolderFailWithoutCreatingIt() throws {
        let missing = path("missing/deeper")
        let file = BadFile(name: "missing folder", path: missing + "/entries.sqlite", phrases: ["no database at"])
        var counter = TrialCounter()
        for command in Self.reads {
            counter.record(try refusal(of: file, watching: path("missing"), arguments: command))
        }
        ledger.record(counter.row("database in a missing folder (reads)", nothingLost: nil))
    }

    /// A database on read-only media (or in a folder this user cannot write): every read works, the
    /// app browses it, every write says it is read-only, a new database there cannot be created, and
    /// the file never changes.
    func testADatabaseInAReadOnlyFolderCanBeReadButNotWritten() throws {
        let good = try makeGoodDatabase("good.sqlite")
        let folder = directory.appendingPathComponent("readonly")
        let readOnly = try ReadOnlyFolder.make(at: folder, holding: good)
        defer { readOnly.release() }
        let database = folder.appendingPathComponent("good.sqlite").path
        let importFile = try writeFile("small.jsonl", ImportKillTests.jsonLines(count: 3))
        var counter = TrialCounter()
        for command in Self.reads {
            let before = FileSnapshot(database)
            let result = try entries.run(["--database", database] + command)
            var problems: [String] = []
            if result.status != 0 || result.standardOutput.isEmpty {
                problems.append("\(command[0]) failed: \(result.standardError)")
            }
            if FileSnapshot(database) != before { problems.append("\(command[0]) modified the file") }
            counter.record(problems)
        }
        let file = BadFile(name: "read-only folder (\(readOnly.kind))", path: database, phrases: ["read-only"])
        for command in Self.writes {
            counter.record(
                try refusal(of: file, watching: database, arguments: command.map { $0 == "IMPORT" ? importFile : $0 }))
        }
        let newFile = BadFile(
            name: "new database in a read-only folder", path: folder.appendingPathComponent("new.sqlite").path,
            phrases: ["cannot create the database"])
        counter.record(try refusal(of: newFile, watching: folder.path, arguments: ["add", "--title", "x"]))
        // The full-screen app browses it.
        let before = FileSnapshot(database)
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "readonly", entries: entries, database: database, waitFor: "Imported 2000")
        try tmux.press(app.name, "q")
        let report = try app.waitForRestoredTerminal()
        var problems =
            report.map {
                $0.problems + ($0.exitStatus == 0 ? [] : ["app exit status \(String(describing: $0.exitStatus))"])
            }
            ?? ["the app did not quit"]
        if FileSnapshot(database) != before { problems.append("the app modified the file") }
        counter.record(problems)
        ledger.record(counter.row("database in a read-only folder (\(readOnly.kind))", nothingLost: nil))
    }

    /// Runs one command on a bad file: exit status 1, one clear error line, and nothing changed.
    private func refusal(of file: BadFile, watching watched: String, arguments: [String]) throws -> [String] {
        let before = FileSnapshot(watched)
        let result = try entries.run(["--database", file.path] + arguments, extraEnvironment: Self.renamingEditor)
        var problems: [String] = []
        let label = "\(file.name), \(arguments.first ?? "")"
        if result.status != 1 { problems.append("\(label): exit status \(result.status)") }
        let lines = result.standardError.split(separator: "\n")
        if lines.count != 1 || !result.standardError.hasPrefix("entries: error: ")
            || !file.phrases.contains(where: result.standardError.contains)
        {
            problems.append(
                "\(label): error \(result.standardError.debugDescription) is not one line naming \(file.phrases)")
        }
        if FileSnapshot(watched) != before { problems.append("\(label): \(watched) was modified") }
        return problems
    }

    /// Starts the full-screen app on a bad file in tmux: the error is printed before the terminal is
    /// touched, the app exits with status 1, and the file is unchanged.
    private func appRefusal(of file: BadFile, tmux: TmuxServer, session: String) throws -> [String] {
        let before = FileSnapshot(file.path)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: session, entries: entries, database: file.path, waitFor: nil)
        guard let report = try app.waitForRestoredTerminal() else { return ["\(file.name), app: it did not end"] }
        var problems = report.problems.map { "\(file.name), app: \($0)" }
        if report.exitStatus != 1 {
            problems.append("\(file.name), app: exit status \(String(describing: report.exitStatus))")
        }
        let screen = report.screen.joined(separator: "\n")
        if !file.phrases.contains(where: screen.contains) {
            problems.append("\(file.name), app: no clear error on screen:\n\(screen)")
        }
        if FileSnapshot(file.path) != before { problems.append("\(file.name), app: the file was modified") }
        return problems
    }

    private func makeGoodDatabase(_ name: String) throws -> String {
        let database = path(name)
        try succeed(database, ["import", try writeFile("\(name).jsonl", ImportKillTests.jsonLines(count: 2_000))])
        return database
    }

    /// A database of this app with a migration this build does not know, as a newer version would leave.
    private func makeNewerSchemaDatabase() throws -> String {
        let database = try makeGoodDatabase("newer.sqlite")
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        try queue.close()
        return database
    }

    private func makeForeignDatabase() throws -> String {
        let database = path("foreign.sqlite")
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices (total) VALUES (12.5)"
            )
        }
        try queue.close()
        return database
    }
}
