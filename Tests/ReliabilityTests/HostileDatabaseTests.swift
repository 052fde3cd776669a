import Foundation
import GRDB
import GRDBSQLite
import XCTest

/// Database files crafted to run code, write elsewhere, hang the app or be changed when damaged
/// (issue 10, findings 1, 2, 3 and the store side of 6): every command and the app answer with an
/// error naming what is wrong, nothing in the file runs, nothing is written, and nothing hangs.
/// Each class has a companion test showing that its check can fail.
final class HostileDatabaseTests: ReliabilityTestCase {
    private static let reads: [[String]] = [["list"], ["show", "1"], ["search", "alpha"], ["export"]]
    private static let writes: [[String]] = [
        ["add", "--title", "x"], ["edit", "1"], ["delete", "1", "--yes"], ["import", "IMPORT"],
    ]
    private static let renamingEditor = ["VISUAL": "sed -i -e 's/^Title: .*/Title: changed/'"]
    /// A process still running after this long is counted as hung (and killed): far more than any
    /// refusal takes, far less than forever.
    private static let hangSeconds: TimeInterval = 20
    private static let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"

    // MARK: - Appended statements

    func testStatementsAppendedToADefinitionNeverRun() throws {
        let good = try makeGoodDatabase()
        let importFile = try writeFile("import.jsonl", ImportKillTests.jsonLines(count: 600))
        var counter = TrialCounter()
        for (index, trigger) in ["entry_ai_fts", "entry_ai_count", "entry_ai_sequence"].enumerated() {
            let elsewhere = path("elsewhere-\(index).sqlite")
            let database = try copy(good, to: "appended-\(index).sqlite")
            try rewriteSchema(database, [Self.appendAttach(to: trigger, attaching: elsewhere)])
            for command in [["import", importFile], ["add", "--title", "x"]] {
                var problems = try refusal(
                    of: database, command, phrase: "was changed outside entries: trigger \(trigger)")
                if FileManager.default.fileExists(atPath: elsewhere) {
                    problems.append("\(trigger), \(command[0]): \(elsewhere) was created")
                }
                counter.record(problems)
            }
        }
        ledger.record(counter.row("hostile db: statements appended to a trigger (import of 600)", nothingLost: nil))
    }

    /// The companion: the crafted definition is armed — executed whole, as the bulk insert used to,
    /// it creates the other file — and `PRAGMA integrity_check` calls the file sound.
    func testTheAppendedStatementsRunWhenTheStoredDefinitionIsExecuted() throws {
        let database = try copy(try makeGoodDatabase(), to: "armed.sqlite")
        let elsewhere = path("elsewhere.sqlite")
        try rewriteSchema(database, [Self.appendAttach(to: "entry_ai_fts", attaching: elsewhere)])
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "PRAGMA integrity_check"), ["ok"])
            let definition =
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'entry_ai_fts'") ?? ""
            try db.execute(sql: "DROP TRIGGER entry_ai_fts")
            try db.execute(sql: definition)
        }
        try queue.close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere), "the crafted definition did not run")
    }

    // MARK: - A trigger that writes elsewhere, modified definitions

    func testAddedAndModifiedObjectsAreRefusedForWriting() throws {
        let good = try makeGoodDatabase()
        let importFile = try writeFile("small.jsonl", ImportKillTests.jsonLines(count: 3))
        let kinds: [(name: String, statements: [String], phrase: String)] = [
            (
                "a trigger that writes elsewhere",
                [
                    """
                    CREATE TRIGGER spill AFTER INSERT ON entry BEGIN
                        UPDATE entry SET title = 'overwritten'; DELETE FROM settings; END
                    """
                ], "trigger spill (not made by entries)"
            ),
            (
                "a trigger on delete that writes elsewhere",
                ["CREATE TRIGGER spill_d AFTER DELETE ON entry BEGIN DELETE FROM entryTag; END"],
                "trigger spill_d"
            ),
            (
                "a changed trigger",
                [
                    "UPDATE sqlite_master SET sql = replace(sql, 'count - 1', 'count + 1000') WHERE name = 'entry_ad_count'"
                ],
                "trigger entry_ad_count (its definition differs)"
            ),
            (
                "a changed index",
                [
                    "UPDATE sqlite_master SET sql = replace(sql, '(createdAt, id)', '(createdAt)') WHERE name = 'entry_on_createdAt'"
                ],
                "index entry_on_createdAt (its definition differs)"
            ),
            (
                "a changed table",
                [
                    "UPDATE sqlite_master SET sql = replace(sql, 'value TEXT NOT NULL', 'value TEXT') WHERE name = 'settings'"
                ],
                "table settings (its definition differs)"
            ),
        ]
        var counter = TrialCounter()
        for (index, kind) in kinds.enumerated() {
            let database = try copy(good, to: "changed-\(index).sqlite")
            if kind.statements[0].hasPrefix("UPDATE sqlite_master") {
                try rewriteSchema(database, kind.statements)
            } else {
                try runSQL(database, kind.statements)
            }
            for command in Self.writes {
                let arguments = command.map { $0 == "IMPORT" ? importFile : $0 }
                counter.record(
                    try refusal(of: database, arguments, phrase: "was changed outside entries: \(kind.phrase)"))
            }
        }
        ledger.record(
            counter.row(
                "hostile db: added trigger / modified definitions (\(kinds.count) kinds × 4 writes)", nothingLost: nil))
    }

    /// The companion: the added trigger is live — a plain connection's insert runs it, and it
    /// overwrites every title.
    func testTheAddedTriggerRunsOnAPlainInsert() throws {
        let database = try copy(try makeGoodDatabase(), to: "live.sqlite")
        try runSQL(
            database, ["CREATE TRIGGER spill AFTER INSERT ON entry BEGIN UPDATE entry SET title = 'overwritten'; END"])
        try runSQL(
            database,
            [
                "INSERT INTO entry (title, body, moreDetails, tags, createdAt, updatedAt) VALUES ('new', '', '', '', 0, 0)"
            ])
        let queue = try DatabaseQueue(path: database)
        defer { try? queue.close() }
        XCTAssertEqual(
            try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM entry WHERE title != 'overwritten'") }, 0)
    }

    // MARK: - Endless views

    /// The tables the app reads, each replaced by a view that never ends (columns as the table's).
    private static let endlessViews: [(table: String, columns: String)] = [
        ("entry", "n AS id, 't' AS title, '' AS body, '' AS moreDetails, '' AS tags, n AS createdAt, n AS updatedAt"),
        ("entryTag", "'t' AS tag, n AS entryId"),
        ("entryCount", "1 AS id, n AS count"),
        ("entrySequence", "1 AS id, n AS lastID"),
        ("settings", "'k' || n AS key, 'v' AS value"),
        ("entryFTS", "'t' AS title, '' AS body, '' AS moreDetails, '' AS tags"),
        ("entryQuarterHour", "n AS quarterHour, 1 AS count"),
        ("entryDay", "n AS day, n * 96 AS firstQuarterHour, n * 96 AS lastQuarterHour"),
        ("entryTagCount", "'t' || n AS tag, 1 AS count"),
        ("grdb_migrations", "'v' || n AS identifier"),
    ]

    func testEndlessViewsInPlaceOfTablesAreRefusedWithoutHanging() throws {
        let good = try makeGoodDatabase()
        let importFile = try writeFile("small.jsonl", ImportKillTests.jsonLines(count: 3))
        var counter = TrialCounter()
        var databases: [(table: String, path: String)] = []
        for view in Self.endlessViews {
            let database = try copy(good, to: "endless-\(view.table).sqlite")
            try Self.replaceWithEndlessView(database, view.table, columns: view.columns)
            databases.append((view.table, database))
            for command in Self.reads + Self.writes {
                let arguments = command.map { $0 == "IMPORT" ? importFile : $0 }
                counter.record(
                    try refusal(
                        of: database, arguments,
                        phrase: "was changed outside entries: view \(view.table) (in place of a table)"))
            }
        }
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        for (index, database) in databases.enumerated() {
            let before = FileSnapshot(database.path)
            let app = try TerminalAppSession.start(
                tmux: tmux, name: "endless\(index)", entries: entries, database: database.path, waitFor: nil)
            guard let report = try app.waitForRestoredTerminal(timeout: Self.hangSeconds) else {
                counter.record(["\(database.table), app: it did not end"])
                for pid in app.appPIDs { kill(pid, SIGKILL) }
                continue
            }
            var problems = report.problems.map { "\(database.table), app: \($0)" }
            if report.exitStatus != 1 {
                problems.append("\(database.table), app: exit status \(String(describing: report.exitStatus))")
            }
            if !report.screen.joined(separator: " ").contains("changed outside entries") {
                problems.append("\(database.table), app: no clear error on screen: \(report.screen)")
            }
            if FileSnapshot(database.path) != before { problems.append("\(database.table), app: the file changed") }
            counter.record(problems)
        }
        ledger.record(
            counter.row(
                "hostile db: endless view in place of each table (\(databases.count) × 8 commands + app)",
                nothingLost: nil))
    }

    /// The view appears while the app is open (after its start-up check): the time limit turns the
    /// endless read into a message, and `q` still quits.
    func testAnEndlessViewAppearingWhileTheAppRunsBecomesAMessage() throws {
        let database = try copy(try makeGoodDatabase(), to: "live-endless.sqlite")
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "liveendless", entries: entries, database: database, waitFor: "Imported")
        // The tag picker reads the kept tag counts (migration v4): they become endless.
        try Self.replaceWithEndlessView(database, "entryTagCount", columns: "'t' AS tag, n AS count")
        try tmux.press(app.name, "t")
        var counter = TrialCounter()
        let message = try tmux.waitForScreen(app.name, timeout: Self.hangSeconds, joined: true) { lines in
            lines.contains { $0.contains("ran longer than") || $0.contains("changed outside entries") }
        }
        var problems: [String] =
            message == nil ? ["no message within \(Int(Self.hangSeconds)) s: \(try tmux.screen(app.name))"] : []
        try tmux.press(app.name, "Escape")
        try tmux.press(app.name, "q")
        if let report = try app.waitForRestoredTerminal(timeout: Self.hangSeconds) {
            problems += report.problems
            if report.exitStatus != 0 { problems.append("exit status \(String(describing: report.exitStatus))") }
        } else {
            problems.append("q did not end the app")
            for pid in app.appPIDs { kill(pid, SIGKILL) }
        }
        counter.record(problems)
        ledger.record(
            counter.row("hostile db: endless view appearing while the app runs (time limit)", nothingLost: nil))
    }

    /// The companion: each view really is endless — a plain connection's read is still running
    /// after 20 million virtual machine steps (the app's reads take thousands).
    func testEachViewIsEndlessForAPlainReader() throws {
        let good = try makeGoodDatabase()
        for view in Self.endlessViews {
            let database = try copy(good, to: "plain-\(view.table).sqlite")
            try Self.replaceWithEndlessView(database, view.table, columns: view.columns)
            let queue = try DatabaseQueue(path: database)
            defer { try? queue.close() }
            let stopped = try queue.read { db -> Bool in
                let steps = UnsafeMutablePointer<Int>.allocate(capacity: 1)
                defer { steps.deallocate() }
                steps.pointee = 0
                sqlite3_progress_handler(
                    db.sqliteConnection, 1_000,
                    { context in
                        let steps = context!.assumingMemoryBound(to: Int.self)
                        steps.pointee += 1
                        return steps.pointee > 20_000 ? 1 : 0  // × 1,000 steps
                    }, UnsafeMutableRawPointer(steps))
                do {
                    _ = try Row.fetchAll(db, sql: "SELECT count(*) FROM \(view.table)")
                    return false
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                    return true
                }
            }
            XCTAssertTrue(stopped, "\(view.table): the view ended by itself")
        }
    }

    // MARK: - A damaged full-text index

    func testADamagedFullTextIndexIsNeverWritten() throws {
        let good = try makeGoodDatabase()
        let importFile = try writeFile("small.jsonl", ImportKillTests.jsonLines(count: 3))
        var counter = TrialCounter()
        for journalMode in ["wal", "delete"] {
            for command in Self.writes {
                let database = try copy(good, to: "damaged-\(journalMode)-\(command[0]).sqlite")
                try Self.damageFullTextIndex(database, journalMode: journalMode)
                let arguments = command.map { $0 == "IMPORT" ? importFile : $0 }
                counter.record(try refusal(of: database, arguments, phrase: "is damaged"))
            }
        }
        ledger.record(
            counter.row(
                "hostile db: damaged FTS index (2 journal modes × 4 writes, bytes and -wal/-shm)", nothingLost: nil))
    }

    /// The companion: the byte comparison sees writes — the same commands on undamaged copies
    /// change the file.
    func testTheByteComparisonSeesAWrite() throws {
        let good = try makeGoodDatabase()
        for (index, command) in [["add", "--title", "x"], ["delete", "1", "--yes"]].enumerated() {
            let database = try copy(good, to: "undamaged-\(index).sqlite")
            let before = FileSnapshot(database)
            try succeed(database, command)
            XCTAssertNotEqual(FileSnapshot(database).bytes, before.bytes, command[0])
        }
    }

    // MARK: - File modes and FIFOs

    func testNewJournalsArePrivate() throws {
        var counter = TrialCounter()
        let database = path("private/deeper/journal.sqlite")
        try succeed(database, ["add", "--title", "secret"])
        var problems: [String] = []
        for (file, expected) in [(database, "600"), (path("private"), "700"), (path("private/deeper"), "700")] {
            let mode = try statMode(file)
            if mode != expected { problems.append("\(file): mode \(mode), expected \(expected)") }
        }
        counter.record(problems)
        // An existing folder keeps its mode; the -wal and -shm files follow the database's while it is open.
        let shared = path("shared")
        try FileManager.default.createDirectory(
            atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let inShared = shared + "/journal.sqlite"
        try succeed(inShared, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 20))])
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "modes", entries: entries, database: inShared, waitFor: "Imported")
        problems = []
        for (file, expected) in [
            (shared, "755"), (inShared, "600"), (inShared + "-wal", "600"), (inShared + "-shm", "600"),
        ] {
            let mode = try statMode(file)
            if mode != expected { problems.append("\(file): mode \(mode), expected \(expected)") }
        }
        try tmux.press(app.name, "q")
        _ = try app.waitForRestoredTerminal()
        counter.record(problems)
        ledger.record(counter.row("file modes (stat): journal 0600, new folders 0700, -wal/-shm", nothingLost: nil))
    }

    /// The companion: the mode check sees a file SQLite makes on its own (0644 under umask 022).
    func testTheModeCheckSeesAReadableFile() throws {
        let plain = path("plain.sqlite")
        let queue = try DatabaseQueue(path: plain)
        try queue.write { try $0.execute(sql: "CREATE TABLE t(a)") }
        try queue.close()
        XCTAssertNotEqual(try statMode(plain), "600")
    }

    func testAFIFOADeviceOrASocketAsTheDatabaseIsRefusedAtOnce() throws {
        let fifo = path("pipe.sqlite")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let socket = try makeSocket(path("socket.sqlite"))
        defer { close(socket) }
        let targets: [(path: String, phrase: String)] = [
            (fifo, "named pipe (FIFO)"), ("/dev/zero", "a device"), (path("socket.sqlite"), "a socket"),
        ]
        var counter = TrialCounter()
        for target in targets {
            for command in Self.reads + [["add", "--title", "x"]] {
                counter.record(try refusal(of: target.path, command, phrase: target.phrase, checkBytes: false))
            }
        }
        ledger.record(
            counter.row("FIFO, device or socket as --database (\(targets.count) × 5 commands)", nothingLost: nil))
    }

    /// The companion: the watchdog catches a program that blocks on the FIFO (a plain `open` does).
    func testTheWatchdogCatchesAProgramBlockedOnTheFIFO() throws {
        let fifo = path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec 3< \"$0\"", fifo]
        try shell.run()
        let output = directory.appendingPathComponent("shell-output")
        try Data().write(to: output)
        let result = try runWatched(
            StartedProcess(
                process: shell, handles: [], folder: directory.appendingPathComponent("none"),
                outputURL: output, errorURL: output),
            seconds: 2)
        XCTAssertNil(result, "the shell's open of a FIFO with no writer returned")
    }

    // MARK: - Helpers

    /// Runs `entries --database DATABASE arguments…` under the watchdog: exit status 1, one clear error
    /// line containing `phrase`, and (unless `checkBytes` is false) the file, its -wal and -shm as they were.
    private func refusal(
        of database: String, _ arguments: [String], phrase: String, checkBytes: Bool = true
    ) throws -> [String] {
        let label = "\(URL(fileURLWithPath: database).lastPathComponent), \(arguments.first ?? "")"
        let before =
            checkBytes
            ? [FileSnapshot(database), FileSnapshot(database + "-wal"), FileSnapshot(database + "-shm")] : []
        let started = try entries.start(["--database", database] + arguments, extraEnvironment: Self.renamingEditor)
        guard let result = try runWatched(started, seconds: Self.hangSeconds) else {
            return ["\(label): still running after \(Int(Self.hangSeconds)) s (killed)"]
        }
        var problems: [String] = []
        if result.status != 1 { problems.append("\(label): exit status \(result.status)") }
        let lines = result.standardError.split(separator: "\n")
        if lines.count != 1 || !result.standardError.hasPrefix("entries: error: ")
            || !result.standardError.contains(phrase)
        {
            problems.append(
                "\(label): error \(result.standardError.debugDescription) is not one line with \(phrase.debugDescription)"
            )
        }
        if checkBytes {
            let after = [FileSnapshot(database), FileSnapshot(database + "-wal"), FileSnapshot(database + "-shm")]
            for (index, suffix) in ["", "-wal", "-shm"].enumerated()
            where after[index].exists != before[index].exists || after[index].bytes != before[index].bytes {
                problems.append(
                    "\(label): \(database)\(suffix) changed (existed \(before[index].exists) → \(after[index].exists))")
            }
        }
        return problems
    }

    /// Waits for a started program; nil when it was still running after `seconds` (it is then killed).
    private func runWatched(_ started: StartedProcess, seconds: TimeInterval) throws -> ProcessResult? {
        let deadline = Date().addingTimeInterval(seconds)
        while started.isRunning && Date() < deadline { usleep(10_000) }
        if started.isRunning {
            started.send(SIGKILL)
            _ = try started.wait()
            return nil
        }
        return try started.wait()
    }

    private func makeGoodDatabase() throws -> String {
        let database = path("good.sqlite")
        if !FileManager.default.fileExists(atPath: database) {
            try succeed(database, ["import", try writeFile("good.jsonl", ImportKillTests.jsonLines(count: 600))])
        }
        return database
    }

    /// Copies a database with its -wal (should a process have left one, it holds commits).
    private func copy(_ source: String, to name: String) throws -> String {
        let destination = path(name)
        for suffix in ["", "-wal"] {
            try? FileManager.default.removeItem(atPath: destination + suffix)
            if FileManager.default.fileExists(atPath: source + suffix) {
                try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
            }
        }
        return destination
    }

    private func runSQL(_ database: String, _ statements: [String]) throws {
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in
            for statement in statements { try db.execute(sql: statement) }
        }
        try queue.close()
    }

    /// Edits the schema table directly (`PRAGMA writable_schema`), as a crafted file is made.
    private func rewriteSchema(_ database: String, _ statements: [String]) throws {
        try runSQL(database, ["PRAGMA writable_schema = ON"] + statements + ["PRAGMA writable_schema = OFF"])
    }

    private static func appendAttach(to trigger: String, attaching other: String) -> String {
        "UPDATE sqlite_master SET sql = sql || '; ATTACH DATABASE ''\(other)'' AS x; CREATE TABLE x.stolen(a)' WHERE name = '\(trigger)'"
    }

    static func replaceWithEndlessView(_ database: String, _ table: String, columns: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: database, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            if table == "entry" {
                // Its triggers and the full-text index depend on it: they go first.
                for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'") {
                    try db.execute(sql: "DROP TRIGGER \(trigger)")
                }
                try db.execute(sql: "DROP TABLE entryFTS")
            }
            try db.execute(sql: "DROP TABLE \(table)")
            try db.execute(sql: "CREATE VIEW \(table) AS \(endless) SELECT \(columns) FROM r")
        }
        try queue.close()
    }

    /// Bytes that are not a structure record over the full-text index's (the same every time), left in `journalMode`.
    static func damageFullTextIndex(_ database: String, journalMode: String) throws {
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journalMode)")
            try db.execute(sql: "UPDATE entryFTS_data SET block = X'0102030405060708090A0B0C0D0E0F10' WHERE id = 10")
        }
        try queue.close()
    }

    private func statMode(_ path: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "missing" }
        return String(status.st_mode & 0o777, radix: 8)
    }

    /// A listening Unix socket at `path` (what `--database` must not open either).
    private func makeSocket(_ path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw SuiteSetupError("cannot make a socket at \(path)") }
        return descriptor
    }
}
