import AppShellTesting
import EntryInterchange
import Foundation
import XCTest

/// `kill -9` of an `entries import` at random moments: the database is never damaged and holds either
/// all of that import or none of it. The import streams (``StreamedImport``): the file is more than
/// one batch (20,000 entries, 4 batches, at the small counts), so kills land between and inside
/// batches written in the one transaction.
final class ImportKillTests: ReliabilityTestCase {
    /// Where a kill landed, judged from the outside.
    private enum Moment: String, CaseIterable {
        /// Reading and parsing the file, or inserting in memory: nothing written to the WAL yet.
        case beforeCommit = "before commit"
        /// Writing: the commit (or a cache spill) was going to the WAL.
        case duringCommit = "during commit"
        /// The process had already finished.
        case afterExit = "after exit"
    }

    func testKilledImportsLeaveAllOrNothingAndAnIntactFile() throws {
        var random = makeGenerator()
        let size = budget.killedImportSize
        XCTAssertGreaterThan(size, StreamedImport.batchSize, "a kill must be able to land after a batch was written")
        let importFile = try writeFile("import.jsonl", Self.jsonLines(count: size))
        let database = path("entries.sqlite")
        let inspector = DatabaseInspector(path: database)
        try succeed(database, ["import", try writeFile("seed.jsonl", Self.jsonLines(count: 50, prefix: "Seed"))])
        let seedCopy = path("seed-copy.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: seedCopy)

        // One import to the end: its duration spreads the kills, its digest is what "all" means.
        let (reference, duration) = try measuredImport(importFile, into: database, inspector: inspector)
        print("an import of \(size) entries takes \(duration)")

        var counter = TrialCounter()
        var moments: [Moment: Int] = [:]
        var nothingLost = true
        for trial in 0..<budget.killedImports {
            // Alternate between a small database (the bulk path that rebuilds indexes) and a large one.
            if try inspector.countAndMaxID().count > 3 * size {
                try replaceDatabase(database, with: seedCopy)
            }
            let before = try inspector.countAndMaxID()
            let beforeDigest = try inspector.digest()
            let process = try entries.start(["--database", database, "import", importFile])
            let moment = try killAtRandomMoment(process, trial: trial, duration: duration, using: &random)
            moments[moment, default: 0] += 1
            let result = try process.wait()

            var problems = inspector.problems()
            let after = try inspector.countAndMaxID()
            if after.count == before.count {
                if try inspector.digest() != beforeDigest {
                    problems.append("entries changed though none were imported")
                    nothingLost = false
                }
            } else if after.count == before.count + size {
                let imported = try inspector.digest(above: before.maxID)
                if imported != reference { problems.append("the imported rows are \(imported), expected \(reference)") }
                if try inspector.digest(upTo: before.maxID) != beforeDigest {
                    problems.append("older entries changed")
                    nothingLost = false
                }
            } else {
                problems.append("\(after.count - before.count) entries of \(size) were imported")
                nothingLost = false
            }
            if !result.killedBySignal && result.status != 0 {
                problems.append("the import failed by itself: \(result.standardError)")
            }
            // The app itself opens the file afterwards and finds the imported words.
            let listed = try entries.run(["--database", database, "search", "zebra", "--limit", "1", "--json"])
            if listed.status != 0 { problems.append("search after the kill failed: \(listed.standardError)") }
            counter.record(problems)
        }
        let note = Moment.allCases.map { "\(moments[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
        ledger.record(counter.row("killed mid-import (\(size) entries)", nothingLost: nothingLost, note: note))
    }

    /// An import into an empty journal holds the file alone in rollback-journal mode (its pages
    /// written once, no WAL): a kill leaves a hot journal and the import's marker, which the app's next
    /// open rolls back, putting WAL mode back. The file then holds all of the import or nothing.
    func testKilledImportsIntoAnEmptyJournalLeaveAllOrNothing() throws {
        var random = makeGenerator()
        let size = budget.killedImportSize
        let importFile = try writeFile("import.jsonl", Self.jsonLines(count: size))
        let database = path("empty.sqlite")
        let inspector = DatabaseInspector(path: database)
        let clock = ContinuousClock()
        let start = clock.now
        try succeed(database, ["import", importFile])
        let duration = clock.now - start
        let reference = try inspector.digest()

        var counter = TrialCounter()
        var moments: [Moment: Int] = [:]
        var nothingLost = true
        for trial in 0..<budget.killedImports {
            for suffix in ["", "-wal", "-shm", "-journal", "-import-rollback", "-import-fts"] {
                unlink(database + suffix)
            }
            let process = try entries.start(["--database", database, "import", importFile])
            let moment = try killAtRandomMoment(process, trial: trial, duration: duration, using: &random)
            moments[moment, default: 0] += 1
            let result = try process.wait()
            var problems: [String] = []
            if !result.killedBySignal && result.status != 0 {
                problems.append("the import failed by itself: \(result.standardError)")
            }
            // The app opens the file first (a hot journal is rolled back by its open), then it is inspected.
            let listed = try entries.run(["--database", database, "search", "zebra", "--limit", "1", "--json"])
            if listed.status != 0 && FileManager.default.fileExists(atPath: database) {
                problems.append("search after the kill failed: \(listed.standardError)")
            }
            guard FileManager.default.fileExists(atPath: database) else {
                counter.record(problems)  // killed before the file was made
                continue
            }
            problems += inspector.problems()
            for suffix in ["-journal", "-import-rollback"]
            where FileManager.default.fileExists(atPath: database + suffix) {
                problems.append("\(suffix) left after the app's open")
            }
            if let header = FileHandle(forReadingAtPath: database).flatMap({ try? $0.read(upToCount: 20) }),
                header.count == 20,
                header[18] != 2
            {
                problems.append("not in WAL mode after the app's open (header byte 18 is \(header[18]))")
            }
            let after = try inspector.countAndMaxID()
            if after.count == size {
                if try inspector.digest() != reference {
                    problems.append("the imported rows differ from an uninterrupted import's")
                }
            } else if after.count != 0 {
                problems.append("\(after.count) entries of \(size) were imported")
                nothingLost = false
            }
            counter.record(problems)
        }
        let note = Moment.allCases.map { "\(moments[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
        ledger.record(
            counter.row(
                "killed mid-import into an empty journal (\(size) entries)", nothingLost: nothingLost, note: note))
    }

    /// Imports the file once, uninterrupted; returns the digest of the new rows and the time it took.
    private func measuredImport(
        _ file: String, into database: String, inspector: DatabaseInspector
    ) throws -> (ContentDigest, Duration) {
        let before = try inspector.countAndMaxID()
        let clock = ContinuousClock()
        let start = clock.now
        try succeed(database, ["import", file])
        let duration = clock.now - start
        return (try inspector.digest(above: before.maxID), duration)
    }

    /// Kills `process` with SIGKILL at a moment chosen by the trial: anywhere in the run, in its later
    /// half, or just after it starts writing (the commit).
    private func killAtRandomMoment(
        _ process: StartedProcess, trial: Int, duration: Duration, using random: inout SeededGenerator
    ) throws -> Moment {
        let total = duration / .milliseconds(1)
        switch trial % 3 {
        case 0:
            Thread.sleep(forTimeInterval: Double.random(in: 0...(total * 1.1), using: &random) / 1000)
        case 1:
            Thread.sleep(forTimeInterval: Double.random(in: (total * 0.5)...(total * 1.05), using: &random) / 1000)
        default:
            let deadline = Date().addingTimeInterval(total / 1000 * 3)
            while process.isRunning && Self.bytesWritten(by: process.pid) < Self.writingThreshold && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.001)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.03, using: &random))
        }
        let written = Self.bytesWritten(by: process.pid)
        let running = process.isRunning
        process.send(SIGKILL)
        if !running { return .afterExit }
        return written >= Self.writingThreshold ? .duringCommit : .beforeCommit
    }

    /// Opening the database writes a few bytes (WAL header, shared-memory index); more means the
    /// transaction's pages are being written.
    private static let writingThreshold = 64 * 1024

    /// The bytes a process has written with write(2) and friends (`wchar` in /proc/PID/io).
    private static func bytesWritten(by pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    private func replaceDatabase(_ database: String, with copy: String) throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        try FileManager.default.copyItem(atPath: copy, toPath: database)
    }

    /// `count` JSON Lines entries with distinct titles, a few words each (one of them "zebra"), one tag.
    static func jsonLines(count: Int, prefix: String = "Imported") -> Data {
        var text = ""
        text.reserveCapacity(count * 140)
        for index in 1...count {
            text += "{\"title\":\"\(prefix) \(index)\",\"body\":\"Entry \(index): alpha beta zebra \(index % 97)\","
            text += "\"tags\":[\"t\(index % 50)\"],\"createdAt\":\"2024-01-05T09:30:00.000Z\"}\n"
        }
        return Data(text.utf8)
    }
}
