import ArgumentParser
import EntryModel

/// `entries list`: the entries as a table, or as JSON.
struct ListCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List entries: id, creation date, title and tags.",
        discussion: """
            Control characters in titles and tags are shown visibly (an escape as ^[), never sent to \
            the terminal. On a terminal, long titles are cut to fit; piped or redirected, they are printed whole. \
            Use --json for the full data.

            Examples:
              entries list --sort title --tag work
              entries list --tag work --tag urgent          (both tags)
              entries list --tag work --tag home --any-tag  (either tag)
              entries list --starred
              entries list --from "last monday" --to yesterday
              entries list --on 2024-06
              entries list --on-this-day                  (this day in every year so far)
              entries list --on-this-day 2024-06-05
              entries list --limit 20 --json | jq '.[].title'
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        help:
            "The order: newest (created), oldest, title, or updated (recently updated first). Default: the config's sort, else the journal's (Settings), else newest."
    )
    var sort: EntrySortOrder?

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    @Option(
        name: [.customShort("n"), .long], parsing: .unconditional,
        help: ArgumentHelp("Show at most this many entries.", valueName: "N"))
    var limit: Int?

    @Flag(help: "Print a JSON array of {id, title, tags, createdAt, updatedAt, starred, words} instead of a table.")
    var json = false

    @Flag(
        help:
            "Only entries created on this day of the year (today, or the date given) in its year and every year before."
    )
    var onThisDay = false

    @Argument(help: ArgumentHelp("With --on-this-day: the day, as a date phrase (default: today).", valueName: "date"))
    var onThisDayDate: String?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("-n/--limit must be at least 1 (got \(limit))") }
        try validateOnThisDay()
    }

    func execute() throws {
        if onThisDay { return try executeOnThisDay() }
        let created = try dates.createdRange()
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        // As the app orders its list: the flag, else the config, else the journal's preference.
        let sort =
            self.sort ?? access.configuration.sortOrder?.value
            ?? (try? PreferencesStore(settings: database.settings).load().sortOrder) ?? .newest
        let filter = try marks.filter(created: created, in: database.entries)
        var remaining = limit ?? Int.max
        var anchor = PageAnchor.start
        var table = EntryTable(
            terminalWidth: StandardStreams.outputTerminalWidth(), dates: DateDisplay.chosen(access, database))
        var jsonOutput = JSONArrayOutput()
        while remaining > 0 {
            let pageSize = min(500, remaining)
            let page = try database.entries.page(
                PageRequest(order: sort, filter: filter, anchor: anchor, limit: pageSize))
            if json {
                for summary in page { try jsonOutput.append(summary) }
            } else {
                try table.print(page)
            }
            remaining -= page.count
            // A short page is the last one.
            guard page.count == pageSize, let last = page.last else { break }
            anchor = .after(last)
        }
        if json {
            try jsonOutput.finish()
        } else if table.rowCount == 0 {
            try StandardStreams.writeOutput(marks.noEntriesMessage)
        }
    }
}
