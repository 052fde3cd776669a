import ArgumentParser
import EntryModel
import Foundation

/// `--from`, `--to` and `--on`: which creation dates a command keeps, as date phrases read in the
/// local time zone (`yesterday`, `last friday`, `june 2024`, `2024-06-03 14:00`…).
struct DateRangeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only entries created from the start of this date phrase on (e.g. \"last monday\").", valueName: "date"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "Only entries created up to the end of this date phrase (--to 2024-06 includes all of June).",
            valueName: "date"))
    var to: String?

    @Option(
        help: ArgumentHelp(
            "Only entries created within this date phrase (e.g. yesterday, 2024-06, \"june 2024\").", valueName: "date")
    )
    var on: String?

    func validate() throws {
        if on != nil && (from != nil || to != nil) { throw ValidationError("give --on, or --from and --to, not both") }
    }

    /// The creation range the options ask for, nil when none was given; a phrase that does not read
    /// is a ``DatePhraseError`` (`cannot read "las friday" as a date; did you mean "last friday"?`).
    func createdRange(now: Date = Date(), timeZone: TimeZone = .current) throws -> Range<Date>? {
        let reader = DatePhraseReader(now: now, timeZone: timeZone)
        if let on {
            let span = try reader.span(of: on)
            return span.start..<span.end
        }
        guard from != nil || to != nil else { return nil }
        let start = try from.map { try reader.span(of: $0).start } ?? Date.distantPast
        let end = try to.map { try reader.span(of: $0).end } ?? Date.distantFuture
        guard start < end else { throw CommandError.emptyDateRange(from: from ?? "", to: to ?? "") }
        return start..<end
    }
}
