import ArgumentParser

/// A subcommand of `entries`: its work goes in `execute()`, and every error it throws is reported as
/// one `entries: error: …` line with exit status 1.
protocol EntriesSubcommand: ParsableCommand {
    func execute() throws
}

extension EntriesSubcommand {
    mutating func run() throws {
        try CommandErrorReporter.reporting { try execute() }
    }
}
