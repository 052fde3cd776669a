import ArgumentParser
import EntryModel
import Foundation

/// `entries list --on-this-day [DATE]`: the entries of one day of the year, across the years.
extension ListCommand {
    func validateOnThisDay() throws {
        if onThisDayDate != nil && !onThisDay {
            throw ValidationError(
                "a date after `list` is read only with --on-this-day (for one day's entries, give --on DATE)")
        }
        if onThisDay && (dates.on != nil || dates.from != nil || dates.to != nil) {
            throw ValidationError("give --on-this-day, or --on, --from and --to, not both")
        }
    }

    func executeOnThisDay(now: Date = Date(), timeZone: TimeZone = .current) throws {
        let phrase = onThisDayDate ?? "today"
        let day = CivilDay(try DatePhraseReader(now: now, timeZone: timeZone).span(of: phrase).start, in: timeZone)
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        let order = sort ?? .newest
        let filter = try marks.filter(created: nil, in: database.entries)
        let found = try database.entries.entriesOnThisDay(
            day, timeZone: timeZone, filter: filter, order: order, limit: limit ?? .max)
        if json {
            var output = JSONArrayOutput()
            for summary in found { try output.append(summary) }
            try output.finish()
        } else if found.isEmpty {
            let name = CivilDay.monthNames[day.month - 1] + " \(day.day)"
            try StandardStreams.writeOutput("No entries on \(name) in \(day.year) or any year before.\n")
        } else {
            var table = EntryTable(
                terminalWidth: StandardStreams.outputTerminalWidth(), dates: DateDisplay.chosen(access, database))
            try table.print(found)
        }
    }
}

extension CivilDay {
    /// English month names, for messages.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
