import AppShellTesting
import Foundation
import XCTest

/// `kill -9` of the app while it deletes entries and undoes the deletes (`d`, `y`, `u` over and over,
/// typed faster than it answers): every entry is afterwards either in the list or in the trash, never
/// in both and never gone, and the file is sound. The undo history lives in memory; what makes this
/// hold is that a delete moves the entry to the trash in one transaction, and an undo moves it back in
/// another, so a kill between a change and its undo record loses only the chance to undo.
final class UndoKillTests: ReliabilityTestCase {
    func testKillsDuringDeleteAndUndoCyclesLoseNoEntry() throws {
        var random = makeGenerator()
        let database = path("undo.sqlite")
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 40, prefix: "Seed"))])
        let inspector = DatabaseInspector(path: database)
        let all = try inspector.liveAndTrashedIDs().live
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        var counter = TrialCounter()
        var nothingLost = true
        var restoredTotal = 0
        for trial in 0..<budget.killedUndoCycles {
            let app = try TerminalAppSession.start(
                tmux: tmux, name: "undo\(trial)", entries: entries, database: database,
                waitFor: "of \(all.count - (try inspector.liveAndTrashedIDs().trashed.count))")
            // Deletes (each confirmed) and undos, moving down now and then; the app answers them one by one.
            var keys: [String] = []
            for _ in 0..<Int.random(in: 100...200, using: &random) {
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1: keys += ["d", "y"]
                case 2: keys.append("u")
                default: keys.append("j")
                }
            }
            // Killed while it works through the keys: after a random group of them, a moment later.
            let chunks = stride(from: 0, to: keys.count, by: 8).map { keys[$0..<min(keys.count, $0 + 8)] }
            let killAfter = Int.random(in: 0..<chunks.count, using: &random)
            for chunk in chunks.prefix(killAfter + 1) {
                try tmux.run(["send-keys", "-t", app.name] + chunk)
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.02, using: &random))
            guard let pid = app.appPIDs.first else {
                counter.record(["the app was not running: \(try tmux.screen(app.name).prefix(3))"])
                continue
            }
            kill(pid, SIGKILL)
            _ = ProcessTable.waitUntilGone(database)

            var problems = inspector.problems()
            let (live, trashed) = try inspector.liveAndTrashedIDs()
            let both = Set(live).intersection(trashed)
            let gone = Set(all).subtracting(live).subtracting(trashed)
            if !both.isEmpty { problems.append("entries \(both.sorted()) are both listed and in the trash") }
            if !gone.isEmpty {
                problems.append("entries \(gone.sorted()) are gone")
                nothingLost = false
            }
            if live.count + trashed.count != all.count {
                problems.append("\(live.count) listed + \(trashed.count) in the trash, of \(all.count)")
            }
            // The next run starts from everything listed again, through the command line's restore.
            for id in trashed {
                let restored = try entries.run(["--database", database, "trash", "restore", String(id)])
                if restored.status != 0 { problems.append("restore \(id) failed: \(restored.standardError)") }
                restoredTotal += 1
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row(
                "killed during delete/undo cycles in the app", nothingLost: nothingLost,
                note: "\(restoredTotal) entries left in the trash by the kills"))
    }
}
