import Foundation
import PostgreSQLTesting
import XCTest

// Only with the PostgreSQL client (the package trait of that name, on by default).
#if PostgreSQL
/// Faults of a journal on a PostgreSQL server (issue 13): the server killed in the middle of imports,
/// two writer processes and a reader over the network, and the server gone while the app is open.
/// The server is the tests' private one (`PrivatePostgreSQLServer`), crashed with `pg_ctl -m immediate`.
final class PostgreSQLFaultTests: ReliabilityTestCase {
    private var server: PrivatePostgreSQLServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })
    }

    override func tearDownWithError() throws {
        // Whatever a test did to it, the server runs for the next one.
        if (try? server?.sql("SELECT 1")) == nil { try? server?.resume() }
        try super.tearDownWithError()
    }

    /// A new database whose commits are durable across a crash of the server (the test server runs
    /// with `synchronous_commit=off`, which may lose the last acknowledged commit in a crash, and
    /// an import that said "Imported" must be there).
    private func makeDatabase() throws -> (url: String, inspector: PostgreSQLInspector) {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        try server.sql("ALTER DATABASE \(name) SET synchronous_commit = on")
        return (url, PostgreSQLInspector(server: server, database: name))
    }

    func testTheServerKilledDuringImportsLeavesAllOrNothing() throws {
        var random = makeGenerator()
        // `entries import` streams its batches, a `COPY` each, in one transaction.
        let size = budget.isFull ? 50_000 : 6_000
        let importFile = try writeFile("import.jsonl", ImportKillTests.jsonLines(count: size))
        let (database, inspector) = try makeDatabase()
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 50, prefix: "Seed"))])
        let seed = try inspector.state()
        let structure = try inspector.structure()

        let clock = ContinuousClock()
        let start = clock.now
        try succeed(database, ["import", importFile])
        let duration = (clock.now - start) / .milliseconds(1)
        print("an import of \(size) entries over the network takes \(duration) ms")

        var counter = TrialCounter()
        var outcomes = (all: 0, none: 0)
        var nothingLost = true
        for trial in 0..<(budget.isFull ? 8 : 2) {
            // Every other trial into an empty journal: the path that drops the indexes and builds
            // them after the rows, in the import's transaction.
            try inspector.deleteEntries(above: trial % 2 == 0 ? 0 : seed.maxID)
            let before = try inspector.state()
            let process = try entries.start(["--database", database, "import", importFile])
            Thread.sleep(forTimeInterval: Double.random(in: 0.1...(duration * 0.9), using: &random) / 1000)
            server.crash()
            // A client left waiting for an answer that cannot come (it hung here before) is a failure, not a stuck suite.
            var problems: [String] = []
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                problems.append("the import did not end within 30 s of the server's crash")
                process.send(SIGKILL)
            }
            let result = try process.wait()
            try server.resume()

            let after = try inspector.state()
            if after.count == before.count {
                outcomes.none += 1
                if result.status == 0 {
                    problems.append("the import said it succeeded, and nothing is there")
                    nothingLost = false
                }
                let lines = result.standardError.split(separator: "\n")
                if result.status == 0 || lines.count != 1 {
                    problems.append("expected one line and exit 1, got \(result.status): \(result.standardError)")
                }
            } else if after.count == before.count + size {
                outcomes.all += 1
            } else {
                problems.append("\(after.count - before.count) entries of \(size) were imported")
                nothingLost = false
            }
            if after.keptCount != after.count {
                problems.append("the kept count says \(after.keptCount), the table holds \(after.count)")
            }
            if try inspector.structure() != structure {
                problems.append("the indexes or triggers changed: \(try inspector.structure())")
            }
            // The command line works on the journal again, the imported words found.
            let found = try entries.run(["--database", database, "search", "zebra", "--limit", "1", "--json"])
            if found.status != 0 { problems.append("search after the crash failed: \(found.standardError)") }
            counter.record(problems)
        }
        ledger.record(
            counter.row(
                "PostgreSQL server killed mid-import (\(size) entries)", nothingLost: nothingLost,
                note: "\(outcomes.all) all, \(outcomes.none) nothing"))
    }

    /// As ``ConcurrentWritersTests`` on a file, over TCP to the server: two writer processes adding,
    /// editing and importing, a reader listing and searching; every write is there at the end.
    func testTwoWritersAndAReaderOverTheNetworkLoseNothing() throws {
        let (database, inspector) = try makeDatabase()
        try succeed(
            database,
            [
                "import",
                try writeFile(
                    "seed.jsonl", ImportKillTests.jsonLines(count: ConcurrentWritersTests.seedCount, prefix: "Seed")),
            ])
        let batch = try writeFile(
            "batch.jsonl", ImportKillTests.jsonLines(count: ConcurrentWritersTests.batchSize, prefix: "Batch"))
        let operations = budget.writerOperations
        let writers = [ConcurrentWritersTests.WorkerLog(), ConcurrentWritersTests.WorkerLog()]
        let reader = ConcurrentWritersTests.WorkerLog()
        let entries = self.entries
        let done = DoneFlag()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker < 2 {
                ConcurrentWritersTests.write(
                    as: worker + 1, operations: operations, batch: batch, database: database, entries: entries,
                    log: writers[worker])
                done.markOne()
            } else {
                ConcurrentWritersTests.read(database: database, entries: entries, log: reader, until: done)
            }
        }
        var counter = TrialCounter()
        for log in writers + [reader] {
            for failure in log.failures { counter.record([failure]) }
            for _ in 0..<max(0, log.operations - log.failures.count) { counter.record([]) }
        }
        let stored = try inspector.titles()
        var lost: [String] = []
        for log in writers {
            for (id, title) in log.expected where stored[id] != title {
                lost.append(
                    "entry \(id): expected \(title.debugDescription), found \(stored[id]?.debugDescription ?? "nothing")"
                )
            }
        }
        let batches = writers.map(\.importedBatches).reduce(0, +)
        let expected =
            ConcurrentWritersTests.seedCount + writers.map(\.expected.count).reduce(0, +) + batches
            * ConcurrentWritersTests.batchSize
        if stored.count != expected { lost.append("\(stored.count) entries, expected \(expected)") }
        let state = try inspector.state()
        if state.keptCount != state.count {
            lost.append("the kept count says \(state.keptCount), the table holds \(state.count)")
        }
        counter.record(lost)
        ledger.record(
            counter.row(
                "2 writers + 1 reader over the network (PostgreSQL)", nothingLost: lost.isEmpty,
                note: "\(writers.map(\.operations).reduce(0, +)) writes, \(reader.operations) reads, \(batches) imports"
            ))
    }

    /// The app open on the journal while the server goes away: a message, no crash, the keys still
    /// answered; when the server is back, the app reads again and shows others' new entries by
    /// itself (the change feed listens again).
    func testTheServerGoneWhileTheAppIsOpen() throws {
        let (database, _) = try makeDatabase()
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 30, prefix: "Seed"))])
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "cut", entries: entries, database: database,
            width: 100, height: 30, waitFor: "Seed 30")
        var counter = TrialCounter()
        for trial in 1...budget.terminalFaultRepeats {
            var problems: [String] = []
            server.crash()
            // A search needs the server (the 30 rows on screen do not): the app says it cannot reach it, and stays.
            try tmux.press(app.name, "/")
            try tmux.type(app.name, "zeb\(trial)", enter: false)
            let message = try tmux.waitForScreen(app.name, timeout: 10) { screen in
                screen.contains {
                    $0.localizedCaseInsensitiveContains("connect") || $0.localizedCaseInsensitiveContains("server")
                }
            }
            if message == nil {
                problems.append("no message while the server was gone: \(try tmux.screen(app.name).suffix(3))")
            }
            if app.appPIDs.isEmpty { problems.append("the app ended while the server was gone") }
            try server.resume()
            try tmux.press(app.name, "Escape")
            // Back: another process adds an entry, and the open app shows it without a key.
            let title = "Back \(trial) \(UUID().uuidString.prefix(6))"
            let added = try entries.run(["--database", database, "add", "--title", title])
            if added.status != 0 { problems.append("add after the server came back failed: \(added.standardError)") }
            if try tmux.waitForScreen(app.name, timeout: 15, { $0.contains { $0.contains(title) } }) == nil {
                problems.append(
                    "the app did not show the new entry after the server came back: \(try tmux.screen(app.name).prefix(4))"
                )
            }
            counter.record(problems)
        }
        try tmux.press(app.name, "q")
        let report = try app.waitForRestoredTerminal()
        counter.record(
            report.map {
                $0.problems + ($0.exitStatus == 0 ? [] : ["exit status \(String(describing: $0.exitStatus))"])
            }
                ?? ["the app did not quit"])
        ledger.record(counter.row("PostgreSQL server gone while the app is open", nothingLost: nil))
    }
}

/// Reads a database of the private server with psql: counts, the kept count, titles, indexes.
struct PostgreSQLInspector {
    let server: PrivatePostgreSQLServer
    let database: String

    /// The rows, the kept count, and the highest id.
    func state() throws -> (count: Int, keptCount: Int, maxID: Int64) {
        let fields = try server.sql(
            """
            SELECT (SELECT count(*) FROM entry) || ' ' || (SELECT coalesce(sum(delta), 0) FROM "entryCount")
                   || ' ' || (SELECT coalesce(max(id), 0) FROM entry)
            """, database: database
        ).split(separator: " ")
        guard fields.count == 3 else { throw SuiteSetupError("unexpected psql output \(fields)") }
        return (Int(fields[0]) ?? -1, Int(fields[1]) ?? -1, Int64(fields[2]) ?? -1)
    }

    /// Every index definition and trigger (with whether it is enabled) of the entries table.
    func structure() throws -> String {
        try server.sql(
            """
            SELECT string_agg(indexdef, E'\\n' ORDER BY indexdef) FROM pg_indexes WHERE tablename = 'entry'
            UNION ALL
            SELECT string_agg(tgname || ' ' || tgenabled::text, E'\\n' ORDER BY tgname) FROM pg_trigger
            WHERE tgrelid = 'entry'::regclass AND NOT tgisinternal
            """, database: database)
    }

    func deleteEntries(above id: Int64) throws {
        try server.sql("DELETE FROM entry WHERE id > \(id)", database: database)
    }

    /// Each entry's title by id.
    func titles() throws -> [Int64: String] {
        let output = try server.sql("SELECT id || E'\\t' || convert_from(title, 'UTF8') FROM entry", database: database)
        var titles: [Int64: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, let id = Int64(parts[0]) { titles[id] = String(parts[1]) }
        }
        return titles
    }
}
#endif
