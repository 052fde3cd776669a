import ArgumentParser
import EntryModel

/// `entries search QUERY`: full-text search, best match first.
struct SearchCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search titles, bodies, more details and tags; best matches first.",
        discussion: """
            Every word of the query must appear in the entry, the last one as the start of a word \
            (case and accents are ignored): `entries search standup meet` finds "Standup meeting".
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The words to look for (one argument or several).", valueName: "words"))
    var words: [String] = []

    /// The query: every word given, as one text.
    private var query: String { words.joined(separator: " ") }

    @Option(parsing: .unconditional, help: "Show at most this many matches.")
    var limit = 50

    @Flag(help: "Print a JSON array of {id, title, tags, createdAt, updatedAt} instead of a table.")
    var json = false

    func validate() throws {
        if words.isEmpty { throw ValidationError("give the words to look for, as in: entries search standup meet") }
        if limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    }

    func execute() throws {
        let database = try global.databaseAccess().openForReading()
        let matches = try database.entries.search(query, limit: limit)
        if json {
            var output = JSONArrayOutput()
            for summary in matches { try output.append(summary) }
            try output.finish()
        } else if matches.isEmpty {
            try StandardStreams.writeOutput("No entries match \"\(TerminalText.visible(query))\".\n")
        } else {
            var table = EntryTable(terminalWidth: StandardStreams.outputTerminalWidth())
            try table.print(matches)
        }
    }
}
