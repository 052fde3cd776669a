import Foundation

/// How hard the suite tries: a small budget for every `swift test` (CI), a large one when
/// `RELIABILITY_FULL=1` (what `make reliability` sets). Every count the tests use comes from here, so
/// the two runs differ only in numbers, never in what is checked.
struct ReliabilityBudget {
    /// True for the long run.
    let isFull: Bool
    /// The seed of every random choice; `RELIABILITY_SEED` replays a run (printed by each test).
    let seed: UInt64

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isFull = environment["RELIABILITY_FULL"] == "1"
        seed = environment["RELIABILITY_SEED"].flatMap(UInt64.init) ?? 20_240_105
    }

    private func pick(fast: Int, full: Int) -> Int { isFull ? full : fast }

    /// Entries in the file an import is killed in the middle of.
    var killedImportSize: Int { pick(fast: 20_000, full: 100_000) }
    /// How many imports are killed.
    var killedImports: Int { pick(fast: 3, full: 24) }
    /// Times the app is killed while it deletes entries and undoes the deletes.
    var killedUndoCycles: Int { pick(fast: 3, full: 20) }
    /// Adds and edits per writer process loop.
    var writerOperations: Int { pick(fast: 12, full: 120) }
    /// Entries added from outside while the TUI is open, each timed until it shows.
    var liveRefreshTrials: Int { pick(fast: 2, full: 15) }
    /// Imports and adds that do not fit on the small file system.
    var diskFullTrials: Int { pick(fast: 2, full: 6) }
    /// Times each terminal fault (signal, closed terminal) is repeated.
    var terminalFaultRepeats: Int { pick(fast: 1, full: 4) }
    /// Time given to each fuzzer.
    var fuzzDuration: Duration { isFull ? .seconds(40) : .milliseconds(1_500) }
    /// Largest body of a hostile entry (the full run renders a 10 MB one).
    var hostileBodyBytes: Int { pick(fast: 1_000_000, full: 10_000_000) }
}
