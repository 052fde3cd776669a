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
/// - `starred: true` becomes the tag `starred`, so starred entries stay findable (`--tag starred`).
/// - `title` is required and non-empty, as for every import. Other fields jrnl may add (`uuid`,
///   `creator`…) and the top-level `tags` summary are ignored.
public enum JrnlJSONFormat {
    /// The tag that `starred: true` becomes.
    public static let starredTag = "starred"

    /// The drafts in `data`, in file order, or the first problem (record number, line, field, reason).
    public static func drafts(from data: Data, timeZone: TimeZone = .current) throws(ImportError) -> [EntryDraft] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return try ImportText.withValidatedBytes(data) { (bytes, start) throws(ImportError) in
            var parser = JSONParser(bytes: bytes, index: start)
            var drafts: [EntryDraft]?
            var record = 0
            do {
                try parser.expect(UInt8(ascii: "{"), "`{` (a jrnl export is an object with an \"entries\" array)")
                parser.skipWhitespace()
                var first = true
                while parser.currentByte != UInt8(ascii: "}") {
                    if !first { try parser.expect(UInt8(ascii: ","), "`,` or `}`") }
                    first = false
                    parser.skipWhitespace()
                    guard parser.currentByte == UInt8(ascii: "\"") else { throw parser.error("a field name in double quotes") }
                    let key = try parser.parseString()
                    try parser.expect(UInt8(ascii: ":"), "`:` after a field name")
                    guard key == "entries" else {
                        _ = try parser.parseValue()
                        parser.skipWhitespace()
                        continue
                    }
                    try parser.expect(UInt8(ascii: "["), "`[` (\"entries\" must be an array)")
                    var entries: [EntryDraft] = []
                    parser.skipWhitespace()
                    while parser.currentByte != UInt8(ascii: "]") {
                        if record > 0 { try parser.expect(UInt8(ascii: ","), "`,` or `]`") }
                        record += 1
                        parser.skipWhitespace()
                        let recordStart = parser.index
                        let value = try parser.parseValue()
                        do throws(FieldProblem) {
                            entries.append(try draft(from: value, calendar: calendar))
                        } catch {
                            throw error.located(record: record, line: TextPosition.of(offset: recordStart, in: bytes).line)
                        }
                        parser.skipWhitespace()
                    }
                    try parser.expect(UInt8(ascii: "]"), "`]`")
                    drafts = entries
                    parser.skipWhitespace()
                }
                try parser.expect(UInt8(ascii: "}"), "`}`")
                parser.skipWhitespace()
                guard parser.isAtEnd else { throw parser.error("the end of the file after the object") }
            } catch let error as JSONSyntaxError {
                throw error.importError(in: bytes, record: record > 0 ? record : nil)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(reason: "\(error)")
            }
            guard let drafts else {
                throw ImportError(reason: "this is not a jrnl export: the object has no \"entries\" array")
            }
            return drafts
        }
    }

    static func draft(from value: JSONValue, calendar: Calendar) throws(FieldProblem) -> EntryDraft {
        let fields = try JSONFieldReader(value)
        let date = try self.date(fields, calendar: calendar)
        var tags: [String] = []
        var seen: Set<String> = []  // a set, not a scan of `tags`: a file may carry 200,000 of them
        for tag in try fields.tags() {
            let name = tag.first == "@" || tag.first == "#" ? String(tag.dropFirst()) : tag
            if !name.isEmpty && seen.insert(name).inserted { tags.append(name) }
        }
        if try fields.bool("starred"), !seen.contains(starredTag) { tags.append(starredTag) }
        return EntryDraft(
            title: try fields.title(), body: try fields.optionalString("body") ?? "",
            tags: tags, createdAt: date, updatedAt: date)
    }

    private static func date(_ fields: JSONFieldReader, calendar: Calendar) throws(FieldProblem) -> Date {
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
        var components = DateComponents(year: year, month: month, day: dayOfMonth, hour: 0, minute: 0, second: 0)
        if let timeText = try fields.optionalString("time") {
            var time = DigitScanner(Array(timeText.utf8))
            guard let hour = time.number(digits: 2), time.skip(":"), let minute = time.number(digits: 2),
                  hour < 24, minute < 60
            else { throw FieldProblem(field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30") }
            components.hour = hour
            components.minute = minute
            if time.skip(":") {
                guard let second = time.number(digits: 2), second < 60, time.isAtEnd else {
                    throw FieldProblem(field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30")
                }
                components.second = second
            }
            guard time.isAtEnd else { throw FieldProblem(field: "time", reason: "\(QuotedExcerpt.quoted(timeText)) is not a time like 09:30") }
        }
        guard let date = calendar.date(from: components) else {
            throw FieldProblem(field: "date", reason: "\(QuotedExcerpt.quoted(dateText)) is not a date in the calendar")
        }
        return date
    }
}
