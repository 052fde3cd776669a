import Foundation
import XCTest

/// Two writer processes (loops of `entries add`, `entries edit` and, now and then, an import that
/// holds the write lock for a while) and a reader process loop on one database: no "database is
/// locked" reaches the user and no write is lost.
final class ConcurrentWritersTests: ReliabilityTestCase {
    /// What one worker did and saw; filled by its own thread only, read after all joined.
    final class WorkerLog: @unchecked Sendable {
        // @unchecked: each log is written by one worker thread, and read only after the workers joined.
        var expected: [Int64: String] = [:]
        var importedBatches = 0
        var operations = 0
        var failures: [String] = []
        /// Every command with when it started and ended (seconds since the test began) and what it
        /// printed, so that a lost write can be told apart from what ran beside it.
        var history: [String] = []
    }

    static let seedCount = 20
    static let batchSize = 1_500

    func testTwoWritersAndAReaderLoseNothingAndNeverSeeALock() throws {
        let database = path("entries.sqlite")
        try succeed(
            database,
            ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: Self.seedCount, prefix: "Seed"))])
        let batch = try writeFile("batch.jsonl", ImportKillTests.jsonLines(count: Self.batchSize, prefix: "Batch"))
        let operations = budget.writerOperations
        let writers = [WorkerLog(), WorkerLog()]
        let reader = WorkerLog()
        let entries = self.entries
        let done = DoneFlag()
        Self.testStart = Date()

        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker < 2 {
                Self.write(
                    as: worker + 1, operations: operations, batch: batch, database: database, entries: entries,
                    log: writers[worker])
                done.markOne()
            } else {
                Self.read(database: database, entries: entries, log: reader, until: done)
            }
        }

        var counter = TrialCounter()
        for log in writers + [reader] {
            for failure in log.failures { counter.record([failure]) }
            for _ in 0..<max(0, log.operations - log.failures.count) { counter.record([]) }
        }
        // Every write any writer reported is there, exactly as last written.
        let inspector = DatabaseInspector(path: database)
        let stored = try inspector.titlesAndBodies()
        var lost: [String] = []
        for log in writers {
            for (id, title) in log.expected where stored[id]?.title != title {
                lost.append(
                    "entry \(id): expected \(title.debugDescription), found \(stored[id]?.title.debugDescription ?? "nothing")"
                )
            }
        }
        let batches = writers.map(\.importedBatches).reduce(0, +)
        let expectedCount = Self.seedCount + writers.map(\.expected.count).reduce(0, +) + batches * Self.batchSize
        if stored.count != expectedCount { lost.append("\(stored.count) entries, expected \(expectedCount)") }
        if !lost.isEmpty {
            // What every worker ran, in order, to find what ran beside the lost write.
            for (index, log) in (writers + [reader]).enumerated() {
                print("CONCURRENT WRITERS worker \(index + 1):\n" + log.history.joined(separator: "\n"))
            }
        }
        let integrity = inspector.problems()
        counter.record(lost + integrity)
        let row = counter.row(
            "2 writers + 1 reader (processes)", nothingLost: lost.isEmpty,
            note: "\(writers.map(\.operations).reduce(0, +)) writes, \(reader.operations) reads, \(batches) imports")
        ledger.record(row)
    }

    /// One writer: adds an entry; every third step renames one of its own entries in the editor; every
    /// eighth, writer 2 imports a batch (a long write transaction the others must wait for).
    static func write(
        as writer: Int, operations: Int, batch: String, database: String, entries: EntriesProcess, log: WorkerLog
    ) {
        var own: [Int64] = []
        for step in 1...operations {
            let title = "w\(writer)-\(step)"
            check(
                entries, ["--database", database, "add", "--title", title, "--body", "zebra from \(writer)"], log: log
            ) { output in
                guard let id = addedID(output) else { return "unexpected output \(output.debugDescription)" }
                own.append(id)
                log.expected[id] = title
                return nil
            }
            if step % 3 == 0, let target = own.dropLast().last ?? own.last {
                let renamed = "w\(writer)-\(step)-renamed"
                let editor = "sed -i -e 's/^Title: .*/Title: \(renamed)/'"
                check(
                    entries, ["--database", database, "edit", String(target)], environment: ["VISUAL": editor], log: log
                ) { output in
                    guard output.hasPrefix("Updated entry \(target).") else {
                        return "edit said \(output.debugDescription)"
                    }
                    log.expected[target] = renamed
                    return nil
                }
            }
            if writer == 2 && step % 8 == 0 {
                check(entries, ["--database", database, "import", batch], log: log) { output in
                    guard output.hasPrefix("Imported \(batchSize) entries.") else {
                        return "import said \(output.debugDescription)"
                    }
                    log.importedBatches += 1
                    return nil
                }
            }
        }
    }

    /// The reader: lists, searches, shows and exports until the writers are done.
    static func read(database: String, entries: EntriesProcess, log: WorkerLog, until done: DoneFlag) {
        var round = 0
        while !done.isDone(count: 2) {
            round += 1
            let commands: [[String]] = [
                ["list", "--limit", "20"], ["search", "zebra", "--limit", "5"], ["show", "1"],
                round % 5 == 0 ? ["export", "--format", "jsonl"] : ["list", "--sort", "title", "--limit", "3"],
            ]
            for command in commands {
                check(entries, ["--database", database] + command, log: log) { _ in nil }
            }
        }
    }

    /// Runs one command; a non-zero status (a lock, above all) or a bad output is a failure.
    private static func check(
        _ entries: EntriesProcess, _ arguments: [String], environment: [String: String] = [:], log: WorkerLog,
        _ verify: (String) -> String?
    ) {
        log.operations += 1
        do {
            let started = Date()
            let result = try entries.run(arguments, extraEnvironment: environment)
            log.history.append(
                String(format: "%.3f-%.3f ", started.timeIntervalSince(testStart), Date().timeIntervalSince(testStart))
                    + arguments.dropFirst(2).joined(separator: " ") + " → " + result.standardOutput.prefix(60)
                    + result.standardError.prefix(200))
            if result.status != 0 {
                log.failures.append(
                    "\(arguments.dropFirst(2).joined(separator: " ")) exited \(result.status): \(result.standardError)")
            } else if let problem = verify(result.standardOutput) {
                log.failures.append("\(arguments.dropFirst(2).joined(separator: " ")): \(problem)")
            }
        } catch {
            log.failures.append("cannot run entries: \(error)")
        }
    }

    /// When the test began, for the workers' history.
    nonisolated(unsafe) static var testStart = Date()

    /// The id in "Added entry 42.".
    private static func addedID(_ output: String) -> Int64? {
        guard output.hasPrefix("Added entry ") else { return nil }
        return Int64(output.dropFirst("Added entry ".count).prefix { $0.isNumber })
    }
}

/// Counts finished workers, across threads.
final class DoneFlag: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var finished = 0

    func markOne() { lock.withLock { finished += 1 } }
    func isDone(count: Int) -> Bool { lock.withLock { finished >= count } }
}
