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
            """
    )

    @OptionGroup var global: GlobalOptions

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
    }

    func execute() throws {
        if let search { _ = try SearchQueryParser().parse(search) }  // a mistake in the query is said as search says it
        let created = try dates.createdRange()
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        let filter = try marks.filter(created: created, in: database.entries)
        let chosen = try ChosenEntries(filter: filter, search: search, limit: limit, newestFirst: newestFirst)
        let reading = EntryReadingText(
            dates: DateDisplay.chosen(access, database), forTerminal: StandardStreams.outputIsTerminal)
        var text = ""
        var count = 0
        try chosen.forEach(in: database.entries) { entry in
            text += reading.text(of: entry)
            count += 1
        }
        guard count > 0 else { return try StandardStreams.writeOutput(marks.noEntriesMessage) }
        try Pager.show(text, usePager: !noPager)
    }
}
