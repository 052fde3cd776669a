import Foundation
import XCTest

/// An encrypted journal used as a person uses one, in the real app under tmux: it opens on the
/// passphrase, shows what another process writes within a second, deletes and undoes, follows a
/// restore from the trash made by another process, and quits with the terminal restored. Through all
/// of it, no file the app or the commands write holds a title in the clear.
final class EncryptedJournalSessionTests: ReliabilityTestCase {
    private let unlock = ["ENTRIES_PASSPHRASE_COMMAND": "printf 'correct horse battery'"]

    /// Runs a command on the encrypted journal and returns its standard output; a failure is a problem.
    private func run(_ database: String, _ arguments: [String], problems: inout [String]) throws -> String {
        let result = try entries.run(["--database", database] + arguments, extraEnvironment: unlock)
        if result.status != 0 {
            problems.append("entries \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        }
        return result.standardOutput
    }

    func testAnEncryptedJournalFollowsOutsideWritesUndoAndTheTrashWithNothingInTheClear() throws {
        let database = path("private.sqlite")
        var problems: [String] = []
        _ = try run(database, ["init", "--encrypted"], problems: &problems)
        _ = try run(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 30, prefix: "Seed"))],
            problems: &problems)
        XCTAssertEqual(problems, [])

        var environment = entries.environment
        environment.merge(unlock) { $1 }
        let tmux = try TmuxServer(folder: directory, environment: environment)
        let command = [entries.executable.path, "--database", database].map(TerminalAppSession.quoted).joined(
            separator: " ")
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "private", commandLine: command, environment: environment,
            processMarker: database, width: 100, height: 30, waitFor: "Seed 30")
        var counter = TrialCounter()
        var titles: [String] = []
        for trial in 1...budget.liveRefreshTrials {
            var trialProblems: [String] = []
            // Written by another process: shown at the top within a second.
            let title = "Quokkaphrase \(trial) \(UUID().uuidString.prefix(6))"
            titles.append(title)
            let added = try run(database, ["add", "--title", title], problems: &trialProblems)
            let id = added.split(separator: " ").last.map { String($0.dropLast(2)) } ?? ""
            if try tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains(title) } }) == nil {
                trialProblems.append("the entry added outside never showed")
            }
            // Deleted in the app (the newest row is selected), then undone.
            try tmux.press(app.name, "g")
            try tmux.press(app.name, "d")
            if try tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("to the trash?") } }) == nil {
                trialProblems.append("d asked nothing: \(try tmux.screen(app.name).prefix(4))")
            }
            try tmux.press(app.name, "y")
            if try tmux.waitForScreen(app.name, timeout: 5, { !$0.contains { $0.contains(title) } }) == nil {
                trialProblems.append("the entry deleted in the app still shows")
            }
            try tmux.press(app.name, "u")
            if try tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains("Undid delete") } }) == nil {
                trialProblems.append("u did not undo the delete: \(try tmux.screen(app.name).suffix(2))")
            }
            // Deleted by another process, then restored from the trash by another process.
            _ = try run(database, ["delete", id, "--yes"], problems: &trialProblems)
            if try tmux.waitForScreen(app.name, timeout: 5, { !$0.contains { $0.contains(title) } }) == nil {
                trialProblems.append("the entry deleted outside still shows")
            }
            _ = try run(database, ["trash", "restore", id], problems: &trialProblems)
            if try tmux.waitForScreen(app.name, timeout: 5, { $0.contains { $0.contains(title) } }) == nil {
                trialProblems.append("the entry restored outside never showed")
            }
            counter.record(trialProblems)
        }
        try tmux.press(app.name, "q")
        let report = try app.waitForRestoredTerminal()
        counter.record(
            report.map {
                $0.problems + ($0.exitStatus == 0 ? [] : ["exit status \(String(describing: $0.exitStatus))"])
            }
                ?? ["the app did not quit"])

        // Nothing readable on disk: the journal, its WAL and whatever else is in the folder.
        var clear: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasPrefix("private")
        {
            let bytes = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) ?? Data()
            for word in titles + ["Seed 30", "Quokkaphrase"] where bytes.range(of: Data(word.utf8)) != nil {
                clear.append("\(name) holds \(word)")
            }
        }
        counter.record(clear)
        let restored = try run(database, ["list", "--limit", "100"], problems: &problems)
        counter.record(titles.filter { !restored.contains($0) }.map { "\($0) was lost" } + problems)
        ledger.record(
            counter.row("encrypted journal: outside writes, undo, trash, nothing in the clear", nothingLost: nil))
    }
}
