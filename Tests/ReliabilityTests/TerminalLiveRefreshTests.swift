import Foundation
import XCTest

/// The open app shows what other processes write within a second (it polls `PRAGMA data_version` on
/// its 250 ms tick): adds, renames and deletes made with the command line while it runs in tmux.
final class TerminalLiveRefreshTests: ReliabilityTestCase {
    func testTheOpenAppShowsOutsideChangesWithinASecond() throws {
        let database = path("live.sqlite")
        try succeed(
            database, ["import", try writeFile("seed.jsonl", ImportKillTests.jsonLines(count: 30, prefix: "Seed"))])
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "live", entries: entries, database: database,
            width: 100, height: 30, waitFor: "Seed 30")
        var counter = TrialCounter()
        var latencies: [TimeInterval] = []
        for trial in 1...budget.liveRefreshTrials {
            // Added: the newest entry shows at the top.
            let title = "Live \(trial) \(UUID().uuidString.prefix(6))"
            let added = try entries.run(["--database", database, "add", "--title", title])
            let id = added.standardOutput.split(separator: " ").last.map { String($0.dropLast(2)) } ?? ""
            let shown = try tmux.waitForScreen(app.name, timeout: 5) { $0.contains { $0.contains(title) } }
            // Renamed by another process.
            let renamed = "Renamed \(trial) \(UUID().uuidString.prefix(6))"
            let edited = try entries.run(
                ["--database", database, "edit", id],
                extraEnvironment: ["VISUAL": "sed -i -e 's/^Title: .*/Title: \(renamed)/'"])
            let renamedShown = try tmux.waitForScreen(app.name, timeout: 5) { $0.contains { $0.contains(renamed) } }
            // Deleted by another process.
            let deleted = try entries.run(["--database", database, "delete", id, "--yes"])
            let gone = try tmux.waitForScreen(app.name, timeout: 5) { !$0.contains { $0.contains(renamed) } }
            var problems: [String] = []
            for (what, result) in [("add", added), ("edit", edited), ("delete", deleted)] where result.status != 0 {
                problems.append("\(what) failed: \(result.standardError)")
            }
            for (what, latency) in [("added", shown), ("renamed", renamedShown), ("deleted", gone)] {
                guard let latency else {
                    problems.append("the \(what) entry never showed: \(try tmux.screen(app.name).prefix(5))")
                    continue
                }
                latencies.append(latency)
                if latency >= 1 { problems.append("the \(what) entry took \(latency) s to show") }
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
        let slowest = latencies.max().map { String(format: "slowest %.0f ms", $0 * 1000) } ?? ""
        ledger.record(counter.row("open app shows outside changes < 1 s", nothingLost: nil, note: slowest))
    }
}
