import ArgumentParser
import EntryModel

/// `entries read`: entries printed whole, one after another, for reading in the shell (jrnl's
/// `jrnl -n 10`), through the pager on a terminal.
struct ReadCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Print entries whole (title, date, tags, body, more details), oldest first.",
        discussion: """
            Every entry the options choose, printed whole, the newest last (as jrnl prints them); \
            --newest-first turns the order round. On a terminal the text goes through your pager \
            ($PAGER, else less) and control characters are shown visibly (^[); piped or redirected, \
            it is written plain, byte for byte.

            Examples:
              entries read -n 10                       (the ten newest entries)
              entries read --tag work --from "last month"
              entries read --on yesterday --starred
              entries read --search "red beans" -n 5   (the five best matches, in date order)
              entries read 12 40                       (entries 12 and 40, in that order)
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: "Entries to read by id, in this order (instead of the options below).",
        completion: .custom(CompletionCandidates.ids))
    var ids: [Int64] = []

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    @Option(
        name: [.customShort("n"), .long], parsing: .unconditional,
        help: ArgumentHelp("Only the newest N entries (of those the options choose).", valueName: "N"))
    var limit: Int?

    @Option(
        help: ArgumentHelp(
            "Only entries matching this query (the query language of `entries search`).", valueName: "query"))
    var search: String?

    @Flag(help: "Print the newest entry first.")
    var newestFirst = false

    @Flag(help: "Do not use the pager, even on a terminal.")
    var noPager = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("-n/--limit must be at least 1 (got \(limit))") }
        let choosing =
            marks.isFiltering || marks.anyTag || dates.from != nil || dates.to != nil || dates.on != nil
            || limit != nil || search != nil || newestFirst
        if !ids.isEmpty, choosing {
            throw ValidationError("give entry ids or options that choose entries (--tag, --from, -n…), not both")
        }
    }

    func execute() throws {
        if let search { _ = try SearchQueryParser().parse(search) }  // a mistake in the query is said as search says it
        let created = try dates.createdRange()
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        let reading = EntryReadingText(
            dates: DateDisplay.chosen(access, database), forTerminal: StandardStreams.outputIsTerminal)
        if !ids.isEmpty { return try read(ids, in: database.entries, as: reading) }
        let filter = try marks.filter(created: created, in: database.entries)
        let chosen = try ChosenEntries(filter: filter, search: search, limit: limit, newestFirst: newestFirst)
        var text = ""
        var count = 0
        try chosen.forEach(in: database.entries) { entry in
            text += reading.text(of: entry)
            count += 1
        }
        guard count > 0 else { return try StandardStreams.writeOutput(marks.noEntriesMessage) }
        try Pager.show(text, usePager: !noPager)
    }

    /// The entries `ids` names, in that order; all of them are found before anything is printed.
    private func read(_ ids: [Int64], in entries: any EntryRepository, as reading: EntryReadingText) throws {
        var text = ""
        for id in ids { text += reading.text(of: try EntryByID.find(id, in: entries)) }
        try Pager.show(text, usePager: !noPager)
    }
}
