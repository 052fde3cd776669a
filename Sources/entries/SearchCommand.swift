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
            --tag, --any-tag, --starred, --from, --to and --on narrow the search as they narrow list.
            Words may start with "-" (a word to leave out); an option the command does not take is an \
            error. After "--" every argument is a word of the query, even one that looks like an option.
            When more entries match than --limit shows, a line on standard error says how many.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    // `-slugs` (a word to leave out) reaches here as a word: see ``FreeTextArguments``.
    @Argument(help: ArgumentHelp("The query (one argument or several).", valueName: "words"))
    var words: [String] = []

    /// The query: every word given, as one text.
    private var query: String { words.joined(separator: " ") }

    @Option(
        name: [.customShort("n"), .long], parsing: .unconditional,
        help: ArgumentHelp("Show at most this many matches.", valueName: "N"))
    var limit = 50

    @Flag(help: "Print a JSON array of {id, title, tags, createdAt, updatedAt, starred, words} instead of a table.")
    var json = false

    func validate() throws {
        // Blank words too: `entries search "$q"` with q unset looks for nothing.
        if words.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("give the words to look for, as in: entries search standup meet")
        }
        if limit < 1 { throw ValidationError("-n/--limit must be at least 1 (got \(limit))") }
    }

    func execute() throws {
        // The store reads queries leniently (for search as you type); a command reports mistakes.
        _ = try SearchQueryParser().parse(query)
        let created = try dates.createdRange()
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        let filter = try marks.filter(created: created, in: database.entries)
        let page = try database.entries.search(SearchRequest(query: query, filter: filter, limit: limit))
        let matches = page.results
        if json {
            var output = JSONArrayOutput()
            for summary in matches { try output.append(summary) }
            try output.finish()
        } else if matches.isEmpty {
            try StandardStreams.writeOutput("No entries match \"\(TerminalText.visible(query))\".\n")
        } else {
            var table = EntryTable(
                terminalWidth: StandardStreams.outputTerminalWidth(), dates: DateDisplay.chosen(access, database))
            try table.print(matches)
            if let next = page.next {
                let total = try Self.countMatches(
                    query: query, filter: filter, after: next, shown: matches.count, in: database.entries)
                let count = total.exact ? "\(total.count) entries match" : "More than \(total.count) entries match"
                StandardStreams.writeError(
                    "\(count); --limit \(total.exact ? total.count : limit * 2) shows \(total.exact ? "them all" : "more").\n"
                )
            }
        }
    }

    /// How many entries match in all, counting on from the page shown, up to ``countLimit`` (past
    /// it, not `exact`: counting a million matches is not worth a hint).
    static let countLimit = 10_000

    static func countMatches(
        query: String, filter: EntryFilter, after anchor: SearchAnchor, shown: Int,
        in entries: any EntryRepository
    ) throws -> (count: Int, exact: Bool) {
        var count = shown
        var next: SearchAnchor? = anchor
        while let anchor = next, count < countLimit {
            let page = try entries.search(SearchRequest(query: query, filter: filter, anchor: anchor, limit: 1_000))
            count += page.results.count
            next = page.next
        }
        return (count, next == nil)
    }
}
