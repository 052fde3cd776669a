import EntryModel
import Foundation

/// Reads one Markdown file into a draft: a file written by ``MarkdownNoteFormat`` exactly, or any
/// Markdown note (Obsidian, nb): front matter is optional, and without a title the first heading or
/// the file name gives one; without dates a timestamp file name as nb writes them (`20241103120000.md`,
/// local time) does, else the file's modification time. In a note that is not one of ours (no `id` in
/// its front matter), `#hashtags` and `@tags` in the text are tags too.
///
/// Front matter keys read: `title`, `created` (or `date`), `updated`, `tags` (a `[…]` list, a block
/// list of `- tag` lines, or words separated by commas), `more_details`, `starred` (`true`/`false`,
/// `yes`/`no`), `id` (its value is not
/// kept: imported entries are new; two files with the same id are refused). Other keys are ignored.
public enum MarkdownNoteReader {
    /// What one file holds: the draft and the id its front matter names, if any.
    public struct Note {
        /// The entry the file holds.
        public var draft: EntryDraft
        /// The `id` of its front matter, when it has one: used to order the notes and find two files with
        /// the same id, never kept.
        public var id: Int64?
    }

    /// Reads `text` (the file's content); `name` is the file name without its folder, `modified` its
    /// modification time. Errors carry the 1-based line.
    public static func note(
        from text: String, name: String, modified: Date, timeZone: TimeZone = .current
    ) throws(ImportError) -> Note {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var title: String?
        var created: Date?
        var updated: Date?
        var tags: [String] = []
        var moreDetails: String?
        var starred = false
        var id: Int64?
        var body = Substring(text)
        if lines.first == "---" || lines.first == "---\r" {
            guard let end = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "---\r" }) else {
                throw ImportError(line: 1, reason: "the front matter that starts here has no closing --- line")
            }
            var index = 1
            while index < end {
                let lineNumber = index + 1
                let line = lines[index].hasSuffix("\r") ? lines[index].dropLast() : lines[index]
                index += 1
                if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
                if line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix("-") {
                    continue  // the items of a block list of a key we do not read (tags' are read below)
                }
                guard let colon = line.firstIndex(of: ":") else {
                    throw ImportError(
                        line: lineNumber,
                        reason: "a front matter line must be `key: value`, found \(QuotedExcerpt.quoted(String(line)))")
                }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                do throws(Reason) {
                    switch key {
                    case "title": title = try scalar(value)
                    case "created", "date": created = try date(value)
                    case "updated", "modified": updated = try date(value)
                    case "more_details": moreDetails = try scalar(value)
                    case "starred":
                        switch try scalar(value).lowercased() {
                        case "true", "yes": starred = true
                        case "false", "no", "": starred = false
                        default: throw reason("starred is true or false, found \(QuotedExcerpt.quoted(value))")
                        }
                    case "id":
                        guard let number = Int64(value), number > 0 else {
                            throw reason("an id is a whole number above 0, found \(QuotedExcerpt.quoted(value))")
                        }
                        id = number
                    case "tags":
                        if value.isEmpty {
                            while index < end, let item = blockListItem(lines[index]) {
                                tags.append(try scalar(item))
                                index += 1
                            }
                        } else {
                            tags = try list(value)
                        }
                    default: break
                    }
                } catch {
                    throw ImportError(line: lineNumber, field: key, reason: error.reason)
                }
            }
            let bodyStart = lines[end].endIndex < text.endIndex ? text.index(after: lines[end].endIndex) : text.endIndex
            body = text[bodyStart...]
            lines = []
        }
        var bodyText = String(body)
        if moreDetails == nil,
            let range = bodyText.range(of: "\n\(MarkdownNoteFormat.moreDetailsMarker)\n", options: .backwards)
        {
            moreDetails = String(bodyText[range.upperBound...])
            bodyText = String(bodyText[..<range.lowerBound])
        }
        // nb names notes by their time (20241103120000.md): a better date than the modification
        // time, which a git clone resets, and no title.
        let nameDate = dateFromFileName(name, timeZone: timeZone)
        let resolvedTitle =
            title ?? firstHeading(in: bodyText) ?? (nameDate == nil ? nil : firstLine(of: bodyText))
            ?? titleFromFileName(name)
        guard !resolvedTitle.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ImportError(field: "title", reason: "the title is empty")
        }
        // A note of ours (its front matter has our id) lists every tag; another's writes them in the
        // text too: #hashtags (nb, Obsidian) and @tags (jrnl's rule, ``TextTags``).
        if id == nil {
            tags = TagList.normalize(
                tags + hashtags(in: bodyText) + TextTags.tags(inTitle: title ?? "", body: bodyText))
        }
        let fallbackDate = nameDate ?? modified
        let createdAt = created ?? fallbackDate
        let draft = EntryDraft(
            title: resolvedTitle, body: bodyText, moreDetails: moreDetails ?? "", tags: tags,
            createdAt: createdAt, updatedAt: updated ?? (created == nil ? fallbackDate : createdAt),
            starred: starred)
        return Note(draft: draft, id: id)
    }

    private struct Reason: Error { var reason: String }
    private static func reason(_ text: String) -> Reason { Reason(reason: text) }

    /// A JSON (YAML double-quoted) string, a single-quoted one, or a plain value as written.
    private static func scalar(_ value: String) throws(Reason) -> String {
        if value.hasPrefix("\"") {
            guard case .string(let text)? = parseJSON(value) else {
                throw reason(
                    "\(QuotedExcerpt.quoted(value)) is not a quoted string (write it as \"…\", with \\\" for a quote)")
            }
            return text
        }
        if value.hasPrefix("'") {
            guard value.count >= 2, value.hasSuffix("'") else {
                throw reason("\(QuotedExcerpt.quoted(value)) has no closing '")
            }
            return String(value.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        return value
    }

    private static func list(_ value: String) throws(Reason) -> [String] {
        if value.hasPrefix("[") {
            guard value.hasSuffix("]") else { throw reason("the list \(QuotedExcerpt.quoted(value)) has no closing ]") }
            if case .array(let items)? = parseJSON(value) {
                var strings: [String] = []
                for item in items {
                    guard case .string(let text) = item else { throw reason("tags must be strings") }
                    strings.append(text)
                }
                return strings
            }
            var strings: [String] = []
            for part in value.dropFirst().dropLast().split(separator: ",") {
                strings.append(try scalar(part.trimmingCharacters(in: .whitespaces)))
            }
            return strings.filter { !$0.isEmpty }
        }
        var strings: [String] = []
        for part in value.split(separator: ",") {
            strings.append(try scalar(part.trimmingCharacters(in: .whitespaces)))
        }
        return strings.filter { !$0.isEmpty }
    }

    private static func blockListItem(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("- ") || trimmed == "-" else { return nil }
        return trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
    }

    private static func date(_ value: String) throws(Reason) -> Date {
        let text = (try? scalar(value)) ?? value
        if let date = InterchangeDate.date(from: text) { return date }
        // "2024-01-05 09:30" as Obsidian templates write it: read as UTC.
        if text.count == 16,
            let date = InterchangeDate.date(from: text.replacingOccurrences(of: " ", with: "T") + ":00Z")
        {
            return date
        }
        throw reason(
            "\(QuotedExcerpt.quoted(value)) is not an ISO 8601 date (like 2024-01-05T09:30:00.000Z or 2024-01-05)")
    }

    private static func parseJSON(_ text: String) -> JSONValue? {
        Array(text.utf8).withUnsafeBufferPointer { bytes -> JSONValue? in
            var parser = JSONParser(bytes: bytes)
            guard let value = try? parser.parseValue() else { return nil }
            parser.skipWhitespace()
            return parser.isAtEnd ? value : nil
        }
    }

    /// The text of the first ATX heading outside code, if any.
    private static func firstHeading(in body: String) -> String? {
        var inFence = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false).prefix(1_000) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, trimmed.hasPrefix("#") else { continue }
            let level = trimmed.prefix { $0 == "#" }.count
            let rest = trimmed.dropFirst(level)
            guard level <= 6, rest.first == " " else { continue }
            let text = rest.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { return text }
        }
        return nil
    }

    private static func titleFromFileName(_ name: String) -> String {
        let url = URL(fileURLWithPath: name)
        return url.deletingPathExtension().lastPathComponent
    }

    /// The `#hashtags` of a note's text, outside code blocks and headings: `#` starting a word and
    /// followed by a letter (`#1` and `# Heading` are none), trailing punctuation left off.
    static func hashtags(in body: String) -> [String] {
        guard body.contains("#") else { return [] }
        var found: [String] = []
        var inFence = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, line.contains("#") else { continue }
            for word in line.split(whereSeparator: \.isWhitespace) where word.first == "#" {
                var name = word.dropFirst()
                while let last = name.last, ".,;:!?)]}\"'".contains(last) { name = name.dropLast() }
                guard let first = name.first, first.isLetter, !name.contains("#") else { continue }
                found.append(String(name))
            }
        }
        return found
    }

    /// The date of an nb file name, `YYYYMMDDhhmmss` before the extension, in `timeZone`.
    static func dateFromFileName(_ name: String, timeZone: TimeZone) -> Date? {
        let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        let digits = Array(stem.utf8)
        guard digits.count == 14, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int { Int(String(decoding: digits[range], as: UTF8.self)) ?? -1 }
        let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        let (hour, minute, second) = (number(8..<10), number(10..<12), number(12..<14))
        guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// The first sentence (or line) of the text, as for words typed at `entries add`; the body keeps it.
    private static func firstLine(of body: String) -> String? {
        let title = QuickCapture.titleAndBody(body).title
        return title.isEmpty ? nil : title
    }
}
