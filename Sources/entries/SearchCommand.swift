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
            The query language:
              "red beans"         the phrase: these words, next to each other, in this order
              -slugs              leave out entries with the word (or -"a phrase")
              tomato OR pepper    either word (OR in capitals)
              tag:python          only entries with the tag (tag:@python too)
              date:2024-06        only entries written then: any date phrase, as in
                                  date:yesterday or date:"last week"
            Example: entries search garden "red beans" -slugs tag:allotment date:2024
            --from, --to and --on keep the entries created then, as on list and export.
            When more entries match than --limit shows, a line on standard error says so.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var dates: DateRangeOptions

    // allUnrecognized: `-slugs` is a word to leave out, not an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The query (one argument or several).", valueName: "words"))
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
        // The store reads queries leniently (for search as you type); a command reports mistakes.
        _ = try SearchQueryParser().parse(query)
        let filter = EntryFilter(created: try dates.createdRange())
        let database = try global.databaseAccess().openForReading()
        let page = try database.entries.search(SearchRequest(query: query, filter: filter, limit: limit))
        let matches = page.results
        let hasMore = page.next != nil
        if json {
            var output = JSONArrayOutput()
            for summary in matches { try output.append(summary) }
            try output.finish()
        } else if matches.isEmpty {
            try StandardStreams.writeOutput("No entries match \"\(TerminalText.visible(query))\".\n")
        } else {
            var table = EntryTable(terminalWidth: StandardStreams.outputTerminalWidth())
            try table.print(matches)
            if hasMore {
                StandardStreams.writeError("More than \(limit) entries match; --limit \(limit * 2) shows more.\n")
            }
        }
    }
}
