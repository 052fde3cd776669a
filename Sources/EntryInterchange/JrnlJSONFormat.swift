import EntryModel
import Foundation

/// The JSON that `jrnl --export json` writes, read as drafts:
///
/// ```json
/// {"tags": {"@work": 1},
///  "entries": [{"title": "Standup", "body": "…", "date": "2024-01-05", "time": "09:30",
///               "tags": ["@work"], "starred": true}]}
/// ```
/// - `date` (required) and `time` (`HH:MM` or `HH:MM:SS`, midnight when absent) are jrnl's local time:
///   they are read in `timeZone` (the importing machine's zone by default) and become both
///   `createdAt` and `updatedAt`.
/// - A leading tag symbol (`@` or `#`, jrnl's defaults) is stripped from each tag: `@work` → `work`.
///   The `@tags` written in the title and body are tags too (``TextTags``), and those at the very end of
///   a title leave it (`Played chess @games` is titled `Played chess`, tagged `games`).
/// - `starred: true` stars the entry (``Entry/starred``), as jrnl does: a field, not a tag.
/// - `title` is required and non-empty, as for every import. Other fields jrnl may add (`uuid`,
///   `creator`…) and the top-level `tags` summary are ignored.
public enum JrnlJSONFormat {
    /// The drafts in `data`, in file order, or the first problem (record number, line, field, reason).
    public static func drafts(from data: Data, timeZone: TimeZone = .current) throws(ImportError) -> [EntryDraft] {
        try DraftCollection.collect { sink in try read(ImportWindow(data: data), timeZone: timeZone, into: sink) }
    }

    /// Hands each entry to `sink` as a draft, in file order, as it is read; stops at the first
    /// problem (an ``ImportError``) or the first error of `sink`, thrown as it was.
    static func read(_ window: ImportWindow, timeZone: TimeZone, into sink: (EntryDraft) throws -> Void) throws {
        try JSONEntriesObject.read(
            window, what: "a jrnl export",
            draft: { value throws(FieldProblem) in
                try draft(from: value, timeZone: timeZone)
            }, into: sink)
    }

    static func draft(from value: JSONValue, timeZone: TimeZone) throws(FieldProblem) -> EntryDraft {
        let fields = try JSONFieldReader(value)
        let date = try self.date(fields, timeZone: timeZone)
        var tags: [String] = []
        var seen: Set<String> = []  // a set, not a scan of `tags`: a file may carry 200,000 of them
        for tag in try fields.tags() {
            let name = tag.first == "@" || tag.first == "#" ? String(tag.dropFirst()) : tag
            if !name.isEmpty && seen.insert(name).inserted { tags.append(name) }
        }
        let title = try fields.title()
        let body = try fields.optionalString("body") ?? ""
        // jrnl's rule is ours: the text decides (``TextTags``); jrnl lists the same tags, mostly.
        for tag in TextTags.tags(inTitle: title, body: body) where seen.insert(tag).inserted { tags.append(tag) }
        // jrnl writes `Played chess @games`: the tags at the end of a title only tag the entry.
        return EntryDraft(
            title: TextTags.withoutTrailingTags(ofTitle: title), body: body,
            tags: tags, createdAt: date, updatedAt: date, starred: try fields.bool("starred"))
    }

    /// The date and time jrnl wrote, as a wall clock in `timeZone`, in the proleptic Gregorian
    /// calendar of ISO 8601 (what jrnl's Python dates are, and what exports write): Foundation's
    /// Gregorian calendar turns Julian before 1582-10-15 and would move such a date by days.
    private static func date(_ fields: JSONFieldReader, timeZone: TimeZone) throws(FieldProblem) -> Date {
        guard let dateText = try fields.optionalString("date") else {
            throw FieldProblem(field: "date", reason: "the date is missing (jrnl writes it like 2024-01-05)")
        }
        var day = DigitScanner(Array(dateText.utf8))
        guard let year = day.number(digits: 4), day.skip("-"), let month = day.number(digits: 2), day.skip("-"),
            let dayOfMonth = day.number(digits: 2), day.isAtEnd,
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(dayOfMonth)
        else {
            throw FieldProblem(field: "date", reason: "\(QuotedExcerpt.quoted(dateText)) is not a date like 2024-01-05")
        }
        var secondOfDay = 0
        if let timeText = try fields.optionalString("time") {
            var time = DigitScanner(Array(timeText.utf8))
            guard let hour = time.number(digits: 2), time.skip(":"), let minute = time.number(digits: 2),
                hour < 24, minute < 60
            else {
                throw FieldProblem(field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30")
            }
            secondOfDay = hour * 3600 + minute * 60
            if time.skip(":") {
                guard let second = time.number(digits: 2), second < 60, time.isAtEnd else {
                    throw FieldProblem(
                        field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30")
                }
                secondOfDay += second
            }
            guard time.isAtEnd else {
                throw FieldProblem(field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30")
            }
        }
        let wallClock =
            Double(CivilCalendar.days(fromYear: year, month: month, day: dayOfMonth)) * 86_400 + Double(secondOfDay)
        return instant(wallClock: wallClock, in: timeZone)
    }

    /// The instant whose wall clock in `zone` reads `wallClock` (seconds from 1970-01-01 00:00 of that
    /// clock): the zone's offset near it, then once more at the instant found (for a clock near a
    /// change of offset). A wall clock skipped by a change reads as the later offset's.
    static func instant(wallClock: Double, in zone: TimeZone) -> Date {
        let guess = wallClock - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wallClock)))
        return Date(
            timeIntervalSince1970: wallClock - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }
}
