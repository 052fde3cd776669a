import Foundation

/// An entry as text to edit in `$EDITOR` (used by `entries edit` and the terminal UI's add and edit):
///
/// ```text
/// Title: Standup notes
/// Tags: work, daily
///
/// The body, as many lines as it has.
/// --- more details ---
/// The more details.
/// ```
/// `parse(render(x))` gives back `x` exactly (title, body, more details; tags up to the trimming of
/// spaces around each tag and their order, and but for an `@tag` the text writes that was not a tag:
/// it becomes one), with these rules:
/// - The entry's tags are those of the Tags line and every `@tag` written in the title and body
///   (``TextTags``: the text decides, as in jrnl). The Tags line shows only the tags the text does not
///   write; `@work` on it is the tag `work`, and `\@work` a tag spelt with its `@`.
/// - Header lines come first (`Title:` required, `Tags:` optional, names case-insensitive), then one
///   blank line. In the title and tags a line break is written `\n`, a carriage return `\r`, and a
///   backslash before `n`, `r`, `\`, `,` or the end as `\\`; in tags a comma inside a tag is `\,`
///   and a leading `@` is `\@`.
/// - The body runs to the first line that is exactly `--- more details ---`; a body line that would
///   look like it gets one more leading backslash. Everything after that line is the more details.
/// - Editors add a final newline: the one after the more details is not part of them.
/// - A text whose first line ends in `\r\n` (an editor that converted line ends) is read with `\r\n`
///   line ends around the header and separator; body and more details are kept as the editor wrote them.
public enum EntryTextFormat {
    /// The line between the body and the more details.
    public static let separator = "--- more details ---"

    /// The editable text of the fields of `draft` (its dates are not part of the text).
    public static func render(_ draft: EntryDraft) -> String {
        render(title: draft.title, tags: draft.tags, body: draft.body, moreDetails: draft.moreDetails)
    }

    /// The editable text of `entry`, with its creation date on a `Date:` line (local time in
    /// `timeZone`, to the minute): changing it moves the entry in time, keeping its id.
    public static func render(_ entry: Entry, timeZone: TimeZone = .current) -> String {
        render(
            title: entry.title, tags: entry.tags, body: entry.body, moreDetails: entry.moreDetails,
            date: dateLine(entry.createdAt, timeZone: timeZone))
    }

    /// How the `Date:` line writes `date`: `2024-06-03 14:05`, which reads back as the same minute.
    public static func dateLine(_ date: Date, timeZone: TimeZone = .current) -> String {
        DateStyle.iso.format(date, now: date, timeZone: timeZone)
    }

    /// The editable text of these fields. The Tags line holds the tags the title and body do not
    /// write as `@tag` (``TextTags``): those the text writes come back from the text, so deleting
    /// `@alice` from the body takes the tag off.
    public static func render(
        title: String, tags: [String], body: String, moreDetails: String, date: String? = nil
    ) -> String {
        let written = TextTags.tags(inTitle: title, body: body)
        let lineTags = written.isEmpty ? tags : tags.filter { !written.contains($0) }
        var text = "Title: " + escape(title, specials: titleSpecials) + "\n"
        text += "Tags: " + lineTags.map { escape($0, specials: tagSpecials) }.joined(separator: ", ") + "\n"
        if let date { text += "Date: " + date + "\n" }
        text += "\n"
        text += escapeSeparatorLines(body) + "\n" + separator + "\n"
        if !moreDetails.isEmpty { text += moreDetails + "\n" }
        return text
    }

    /// What the editor shows above the entry (a Markdown comment, which editors grey out and
    /// Markdown renders as nothing): where each part goes. `parse(_:)` skips it.
    public static let editorGuide = """
        <!-- Title on the first line (or none: the body's first sentence), tags (comma-separated) on the
             second, then the date; after the blank line, the body in Markdown; under "\(separator)",
             the more details. Save and quit to keep it, quit without saving to change nothing. -->

        """

    /// The text the editor opens: ``editorGuide``, then the entry as `render(title:tags:body:moreDetails:)` writes it.
    public static func renderForEditor(title: String, tags: [String], body: String, moreDetails: String) -> String {
        editorGuide + render(title: title, tags: tags, body: body, moreDetails: moreDetails)
    }

    /// The text the editor opens for `entry`.
    public static func renderForEditor(_ entry: Entry, timeZone: TimeZone = .current) -> String {
        editorGuide + render(entry, timeZone: timeZone)
    }

    /// The headers of the edit format, as written (case does not matter).
    static let headerNames: Set<String> = ["title", "tags", "date"]

    /// The fields in `text` as a draft, or where and why the text is not an entry. A comment at the
    /// very start (`<!-- … -->`, as ``editorGuide``) is skipped. Two ways of writing are read:
    /// - **Headers** (`Title:`, `Tags:`, `Date:`), a blank line, the body. With no title (no Title line,
    ///   or an empty one), the first sentence or line of the body is the title.
    /// - **Free text**, as jrnl's editor takes it: no header at all; the text is read as
    ///   `entries add` reads words (``QuickCapture``: first sentence or line the title, `@tags`,
    ///   `yesterday:` and `*` at the start).
    ///
    /// A `Date:` line, or a date phrase at the start of free text, sets `createdAt` (and `updatedAt`),
    /// read by `dates` (``DatePhraseReader/creationDate(of:)``); without one both stay nil.
    /// Line numbers in errors are the file's own.
    public static func parse(
        _ text: String, dates: DatePhraseReader = DatePhraseReader()
    ) throws(EntryTextFormatError) -> EntryDraft {
        let scalars = Array(text.unicodeScalars)
        let crlf = firstLineEndsWithCRLF(scalars)
        var lineNumber = 0
        var position = try leadingCommentEnd(scalars, lines: &lineNumber)
        // Blank lines before the entry are not part of it.
        while position < scalars.count {
            let (line, next) = self.line(in: scalars, from: position, crlf: crlf)
            guard line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }), next > position else { break }
            position = next
            lineNumber += 1
        }
        guard startsWithHeader(scalars, at: position, crlf: crlf) else {
            return try freeText(Array(scalars[position...]), crlf: crlf, dates: dates)
        }
        var title: String?
        var titleLine: Int?
        var tags: [String] = []
        var date: Date?
        // Header lines, up to the first blank line (or the end).
        while position < scalars.count {
            lineNumber += 1
            let (line, next) = self.line(in: scalars, from: position, crlf: crlf)
            position = next
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else {
                throw EntryTextFormatError(
                    line: lineNumber,
                    reason: "expected a header such as \"Title: …\" or \"Tags: …\" before the first blank line")
            }
            let name = String(String.UnicodeScalarView(line[..<colon])).trimmingWhitespace().lowercased()
            var value = line[(colon + 1)...]
            if value.first == " " { value = value.dropFirst() }
            switch name {
            case "title":
                guard title == nil else {
                    throw EntryTextFormatError(line: lineNumber, reason: "the title is given twice")
                }
                title = unescape(Array(value), specials: titleSpecials)
                titleLine = lineNumber
            case "tags":
                tags += splitTags(Array(value))
            case "date":
                guard date == nil else {
                    throw EntryTextFormatError(line: lineNumber, reason: "the date is given twice")
                }
                let phrase = String(String.UnicodeScalarView(value)).trimmingWhitespace()
                guard !phrase.isEmpty else { continue }  // an empty Date line: now
                do {
                    date = try dates.creationDate(of: phrase)
                } catch {
                    throw EntryTextFormatError(line: lineNumber, reason: "Date: \(error.description)")
                }
            default:
                throw EntryTextFormatError(
                    line: lineNumber,
                    reason: "unknown header \(QuotedExcerpt.quoted(name)) (the headers are Title, Tags and Date)")
            }
        }
        let rest = Array(scalars[position...])
        var (body, moreDetails) = splitBody(rest, crlf: crlf)
        if title == nil || title?.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) == true {
            // No title written: the first sentence or line of the body is the title, as in free text.
            let (first, remainder) = QuickCapture.titleAndBody(body)
            guard !first.isEmpty else {
                throw EntryTextFormatError(line: titleLine, reason: emptyEntry)
            }
            title = first
            body = remainder
        }
        let finalTitle = title ?? ""
        return EntryDraft(
            title: finalTitle, body: body, moreDetails: moreDetails,
            tags: TextTags.merge(line: tags, title: finalTitle, body: body), createdAt: date, updatedAt: date)
    }

    /// Why a text with neither a title nor words is no entry.
    public static let emptyEntry =
        "the entry is empty: write a title, or words under the header (the first sentence is the title)"

    /// Whether the line at `position` starts the headers: one of the format's (`Title:`, `Tags:`,
    /// `Date:`), or a word a letter or two from one (`Titel:`), which is reported as a mistake
    /// rather than taken for the first words of free text.
    private static func startsWithHeader(_ scalars: [Unicode.Scalar], at position: Int, crlf: Bool) -> Bool {
        guard position < scalars.count else { return false }
        let (line, _) = self.line(in: scalars, from: position, crlf: crlf)
        guard let colon = line.firstIndex(of: ":") else { return false }
        let name = String(String.UnicodeScalarView(line[..<colon])).trimmingWhitespace().lowercased()
        if headerNames.contains(name) { return true }
        guard name.count >= 3, name.count <= 6, name.allSatisfy(\.isLetter) else { return false }
        return headerNames.contains { editDistance(Array(name), Array($0)) <= 2 && $0.first == name.first }
    }

    /// Levenshtein distance of two short words.
    private static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        var previous = Array(0...right.count)
        for (i, l) in left.enumerated() {
            var current = [i + 1]
            for (j, r) in right.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (l == r ? 0 : 1)))
            }
            previous = current
        }
        return previous[right.count]
    }

    /// Text without headers, read as ``QuickCapture`` reads words; a more-details separator line
    /// still starts the more details.
    private static func freeText(
        _ scalars: [Unicode.Scalar], crlf: Bool, dates: DatePhraseReader
    ) throws(EntryTextFormatError) -> EntryDraft {
        let (text, moreDetails) = splitBody(scalars, crlf: crlf)
        guard var draft = QuickCapture.draft(from: text, dates: dates) else {
            throw EntryTextFormatError(line: nil, reason: emptyEntry)
        }
        draft.moreDetails = moreDetails
        return draft
    }

    // MARK: - Lines

    /// Where the text after a leading `<!-- … -->` comment (and its line end) starts, counting the
    /// lines it spans; 0 when the text does not start with one.
    private static func leadingCommentEnd(
        _ scalars: [Unicode.Scalar], lines: inout Int
    ) throws(EntryTextFormatError) -> Int {
        let opening = Array("<!--".unicodeScalars)
        guard scalars.count >= opening.count, Array(scalars[0..<opening.count]) == opening else { return 0 }
        var index = opening.count
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" {
                var end = index + 3
                lines += scalars[..<end].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
                while end < scalars.count, scalars[end] == " " || scalars[end] == "\t" || scalars[end] == "\r" {
                    end += 1
                }
                if end < scalars.count, scalars[end] == "\n" {
                    end += 1
                    lines += 1
                }
                return end
            }
            index += 1
        }
        throw EntryTextFormatError(line: 1, reason: "the comment at the start is not closed with -->")
    }

    private static func firstLineEndsWithCRLF(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let newline = scalars.firstIndex(of: "\n") else { return false }
        return newline > 0 && scalars[newline - 1] == "\r"
    }

    /// The line starting at `start` without its line end, and where the next line starts.
    private static func line(
        in scalars: [Unicode.Scalar], from start: Int, crlf: Bool
    ) -> (ArraySlice<Unicode.Scalar>, Int) {
        guard let newline = scalars[start...].firstIndex(of: "\n") else { return (scalars[start...], scalars.count) }
        let end = crlf && newline > start && scalars[newline - 1] == "\r" ? newline - 1 : newline
        return (scalars[start..<end], newline + 1)
    }

    private static func isSeparator(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        line.elementsEqual(separator.unicodeScalars)
    }

    /// Splits what follows the header at the first separator line.
    private static func splitBody(_ scalars: [Unicode.Scalar], crlf: Bool) -> (body: String, moreDetails: String) {
        var position = 0
        while position < scalars.count {
            let (line, next) = line(in: scalars, from: position, crlf: crlf)
            if isSeparator(line) {
                let body = dropLineEnd(scalars[..<position], crlf: crlf)
                let moreDetails = dropLineEnd(scalars[next...], crlf: crlf)
                return (
                    unescapeSeparatorLines(String(String.UnicodeScalarView(body))),
                    String(String.UnicodeScalarView(moreDetails))
                )
            }
            position = next
        }
        let body = dropLineEnd(scalars[...], crlf: crlf)
        return (unescapeSeparatorLines(String(String.UnicodeScalarView(body))), "")
    }

    /// `text` without one final `\n` (or `\r\n` in CRLF mode).
    private static func dropLineEnd(_ text: ArraySlice<Unicode.Scalar>, crlf: Bool) -> ArraySlice<Unicode.Scalar> {
        guard text.last == "\n" else { return text }
        let withoutNewline = text.dropLast()
        return crlf && withoutNewline.last == "\r" ? withoutNewline.dropLast() : withoutNewline
    }

    // MARK: - Escapes

    /// Lines of the body that read as the separator after removing leading backslashes get one more.
    private static func escapeSeparatorLines(_ body: String) -> String {
        mapLines(body) { line in looksLikeSeparator(line) ? ["\\"] + line : line }
    }

    private static func unescapeSeparatorLines(_ body: String) -> String {
        mapLines(body) { line in line.first == "\\" && looksLikeSeparator(line) ? Array(line.dropFirst()) : line }
    }

    private static func looksLikeSeparator(_ line: [Unicode.Scalar]) -> Bool {
        var candidate = line.drop { $0 == "\\" }
        if candidate.last == "\r" { candidate = candidate.dropLast() }
        return isSeparator(candidate)
    }

    /// Applies `transform` to each line (split at `\n` scalars, so `\r\n` stays visible as `\r` + end).
    private static func mapLines(_ text: String, _ transform: ([Unicode.Scalar]) -> [Unicode.Scalar]) -> String {
        guard text.contains(separator) else { return text }
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var result = String.UnicodeScalarView()
        for (index, line) in lines.enumerated() {
            if index > 0 { result.append("\n") }
            // append(contentsOf:) copies the view: quadratic
            for scalar in transform(Array(line)) { result.append(scalar) }
        }
        return String(result)
    }

    /// Escapes line breaks and the backslashes that would otherwise read as escapes.
    static func escape(_ value: String, specials: Set<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            // One scalar at a time: `UnicodeScalarView.append(contentsOf:)` copies the view (quadratic).
            case "\n": result.append("\\"); result.append("n")
            case "\r": result.append("\\"); result.append("r")
            case "\\":
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let ambiguous = next.map { $0 == "n" || $0 == "r" || $0 == "\\" || specials.contains($0) } ?? true
                result.append("\\")
                if ambiguous { result.append("\\") }
            default:
                // `@` only matters at a tag's start (a tag written `@work` is `work`).
                if specials.contains(scalar) && (scalar != "@" || index == 0) { result.append("\\") }
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// What a backslash escapes in the title besides itself, `\n` and `\r`: nothing.
    static let titleSpecials: Set<Unicode.Scalar> = []
    /// What a backslash escapes in a tag: the comma between tags, and `@` (a tag written `@work` on
    /// the Tags line is the tag `work`, as everywhere; `\@work` is a tag that starts with `@`).
    static let tagSpecials: Set<Unicode.Scalar> = [",", "@"]

    static func unescape(_ scalars: [Unicode.Scalar], specials: Set<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            switch scalars[index + 1] {
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            case let special where specials.contains(special): result.append(special)
            default:
                // Not an escape (`C:\temp`): keep the backslash and look at the next character normally.
                result.append(scalar)
                index += 1
                continue
            }
            index += 2
        }
        return String(result)
    }

    /// Tags separated by unescaped commas, each trimmed of spaces, empty ones dropped.
    private static func splitTags(_ scalars: [Unicode.Scalar]) -> [String] {
        var pieces: [[Unicode.Scalar]] = [[]]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                pieces[pieces.count - 1] += [scalar, scalars[index + 1]]
                index += 2
                continue
            }
            if scalar == "," { pieces.append([]) } else { pieces[pieces.count - 1].append(scalar) }
            index += 1
        }
        return pieces.compactMap { piece in
            var trimmed = piece[...]
            while let first = trimmed.first, first == " " || first == "\t" { trimmed = trimmed.dropFirst() }
            while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
            // `@work` is the tag `work` (an escaped `\@work` keeps its `@`).
            if trimmed.first == "@", trimmed.count > 1 { trimmed = trimmed.dropFirst() }
            return trimmed.isEmpty ? nil : unescape(Array(trimmed), specials: tagSpecials)
        }
    }
}

/// Why an edited text is not an entry, with the line when there is one.
public struct EntryTextFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem, when it is on one line.
    public var line: Int?
    /// What is wrong, in words the person editing can act on.
    public var reason: String

    /// Creates the error; `line` is 1-based, or nil when the problem is not on one line.
    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// The reason, after `line N: ` when the problem is on one line.
    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
