import Foundation
import XCTest

/// An import or an add that does not fit on the disk fails with the "disk is full" message, leaves
/// the database exactly as it was, and the database works again (and gives the space back) once room
/// is made.
final class DiskFullTests: ReliabilityTestCase {
    private static let tmpfsBytes = 2 * 1024 * 1024
    private static let fileLimitBytes = 1024 * 1024
    private static let ballastBytes = 256 * 1024

    func testWritesThatDoNotFitFailClearlyAndChangeNothing() throws {
        let bigImport = try writeFile("big.jsonl", ImportKillTests.jsonLines(count: 20_000))
        var generator = makeGenerator()
        let bigBody = Data((0..<3_000_000).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) })
        var counter = TrialCounter()
        var nothingLost = true
        var kindsUsed: [String] = []
        for kind in [SmallFilesystem.Kind.tmpfs, .fileSizeLimit] {
            for trial in 0..<budget.diskFullTrials {
                let folder = directory.appendingPathComponent("small-\(kind)-\(trial)")
                let bytes = kind == .tmpfs ? Self.tmpfsBytes : Self.fileLimitBytes
                guard let filesystem = try SmallFilesystem.make(kind, at: folder, bytes: bytes) else {
                    print(
                        "a tmpfs cannot be mounted here (not root?): the file size limit alone stands for a full disk")
                    break
                }
                defer { filesystem.unmount() }
                if !kindsUsed.contains(kind.rawValue) { kindsUsed.append(kind.rawValue) }
                let fault: [String] = trial % 2 == 0 ? ["import", bigImport] : ["add", "--title", "Too big"]
                var problems: [String] = []
                let intact = try check(fault, on: filesystem, body: bigBody, problems: &problems)
                nothingLost = nothingLost && intact
                counter.record(problems)
            }
        }
        ledger.record(
            counter.row("disk full (import, add)", nothingLost: nothingLost, note: kindsUsed.joined(separator: " + ")))
    }

    /// A disk full to the last byte before the command starts (the -wal, the -shm, a new journal or
    /// a rollback journal cannot be made): every command that fails for it says the disk is full,
    /// never "disk I/O error", and the journal is as it was.
    func testADiskFullBeforeTheCommandStartsIsCalledFull() throws {
        let folder = directory.appendingPathComponent("full")
        guard let filesystem = try SmallFilesystem.make(.tmpfs, at: folder, bytes: Self.tmpfsBytes) else {
            throw XCTSkip("a tmpfs cannot be mounted here (not root?)")
        }
        defer { filesystem.unmount() }
        let database = folder.appendingPathComponent("entries.sqlite").path
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 200, prefix: "Seed"))])
        let importFile = try writeFile("more.jsonl", ImportKillTests.jsonLines(count: 2_000, prefix: "More"))
        var counter = TrialCounter()
        let commands: [[String]] = [
            ["add", "--title", "One more"], ["import", importFile], ["delete", "1", "--yes"],
            ["tag", "rename", "t1", "renamed"], ["star", "2"],
            ["--database", folder.appendingPathComponent("new.sqlite").path, "add", "--title", "x"],
        ]
        var problems: [String] = []
        for command in commands {
            try fill(folder)
            let arguments = command.first == "--database" ? command : ["--database", database] + command
            let result = try entries.run(arguments)
            problems = []
            if result.standardError.lowercased().contains("i/o error") {
                problems.append(
                    "\(command.joined(separator: " ")): \(result.standardError.debugDescription), not that the disk is full"
                )
            } else if result.status != 0
                && !(result.standardError.contains("is full") && result.standardError.contains("free some space"))
            {
                problems.append(
                    "\(command.joined(separator: " ")) (status \(result.status)): \(result.standardError.debugDescription)"
                )
            }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("ballast"))
            counter.record(problems)
        }
        problems = DatabaseInspector(path: database).problems()
        counter.record(problems.map { "after the full disk: \($0)" })
        ledger.record(
            counter.row(
                "disk full before the command (add, import, delete, tag, star, a new journal)", nothingLost: nil))
    }

    /// Fills the file system holding `folder` to the last byte with a file named `ballast`.
    private func fill(_ folder: URL) throws {
        let path = folder.appendingPathComponent("ballast").path
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        let chunk = Data(count: 4096)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        var byte = Data(count: 1)
        while (try? handle.write(contentsOf: byte)) != nil { byte = Data(count: 1) }
    }

    /// One trial: a seeded database on the small file system, `fault` run with the limit, then the
    /// checks. Returns false when entries were lost.
    private func check(
        _ fault: [String], on filesystem: SmallFilesystem, body: Data, problems: inout [String]
    ) throws -> Bool {
        let database = filesystem.folder.appendingPathComponent("entries.sqlite").path
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 200, prefix: "Seed"))])
        let ballast = filesystem.folder.appendingPathComponent("ballast")
        if filesystem.kind == .tmpfs {
            // Something else on the disk, that the user deletes to make room.
            try Data(count: Self.ballastBytes).write(to: ballast)
        }
        let before = try succeed(database, ["export", "--format", "jsonl"])

        let result = try filesystem.run(
            entries, ["--database", database] + fault, input: fault[0] == "add" ? body : nil)
        if result.status != 1 { problems.append("\(fault[0]) exited \(result.status) (\(result.standardOutput))") }
        if !(result.standardError.contains("is full") && result.standardError.contains("free some space")) {
            problems.append("\(fault[0]) said \(result.standardError.debugDescription), not that the disk is full")
        }

        // Unchanged: the same export, an intact file.
        let after = try entries.run(["--database", database, "export", "--format", "jsonl"])
        let intact = after.status == 0 && after.standardOutput == before
        if !intact { problems.append("the entries changed: \(after.standardError)") }
        problems += DatabaseInspector(path: database).problems()

        // Room is made: the next write works and the space the failed write took comes back.
        try? FileManager.default.removeItem(at: ballast)
        let added = try entries.run(["--database", database, "add", "--title", "After the full disk"])
        if added.status != 0 { problems.append("add after making room failed: \(added.standardError)") }
        let count = try DatabaseInspector(path: database).countAndMaxID().count
        if count != 201 { problems.append("\(count) entries after one more add, expected 201") }
        if filesystem.kind == .tmpfs && filesystem.freeBytes < filesystem.bytes / 2 {
            problems.append(
                "only \(filesystem.freeBytes) bytes free after the failed write: its space was not given back")
        }
        return intact
    }
}
