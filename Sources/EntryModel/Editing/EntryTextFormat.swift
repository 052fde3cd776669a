
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

    /// The editable text of `entry`.
    public static func render(_ entry: Entry) -> String {
        render(title: entry.title, tags: entry.tags, body: entry.body, moreDetails: entry.moreDetails)
    }

    /// The editable text of these fields. The Tags line holds the tags the title and body do not
    /// write as `@tag` (``TextTags``): those the text writes come back from the text, so deleting
    /// `@alice` from the body takes the tag off.
    public static func render(title: String, tags: [String], body: String, moreDetails: String) -> String {
        let written = TextTags.tags(inTitle: title, body: body)
        let lineTags = written.isEmpty ? tags : tags.filter { !written.contains($0) }
        var text = "Title: " + escape(title, specials: titleSpecials) + "\n"
        text += "Tags: " + lineTags.map { escape($0, specials: tagSpecials) }.joined(separator: ", ") + "\n\n"
        text += escapeSeparatorLines(body) + "\n" + separator + "\n"
        if !moreDetails.isEmpty { text += moreDetails + "\n" }
        return text
    }

    /// What the editor shows above the entry (a Markdown comment, which editors grey out and
    /// Markdown renders as nothing): where each part goes. ``parse(_:)`` skips it.
    public static let editorGuide = """
        <!-- Title on the first line, tags (comma-separated) on the second; after the blank line, the
             body in Markdown; under "\(separator)", the more details. Save and quit to keep it,
             quit without saving to change nothing. This comment is not stored. -->

        """

    /// The text the editor opens: ``editorGuide``, then the entry as ``render(title:tags:body:moreDetails:)`` writes it.
    public static func renderForEditor(title: String, tags: [String], body: String, moreDetails: String) -> String {
        editorGuide + render(title: title, tags: tags, body: body, moreDetails: moreDetails)
    }

    /// The text the editor opens for `entry`.
    public static func renderForEditor(_ entry: Entry) -> String {
        editorGuide + render(entry)
    }

    /// The fields in `text` as a draft without dates, or where and why the text is not an entry.
    /// A comment at the very start (`<!-- … -->`, as ``editorGuide``) is skipped.
    public static func parse(_ text: String) throws(EntryTextFormatError) -> EntryDraft {
        let scalars = Array(text.unicodeScalars)
        let crlf = firstLineEndsWithCRLF(scalars)
        var lineNumber = 0
        var position = try leadingCommentEnd(scalars, lines: &lineNumber)
        var title: String?
        var tags: [String] = []
        // Header lines, up to the first blank line (or the end).
        while position < scalars.count {
            lineNumber += 1
            let (line, next) = self.line(in: scalars, from: position, crlf: crlf)
            position = next
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else {
                throw EntryTextFormatError(line: lineNumber, reason: "expected a header such as \"Title: …\" or \"Tags: …\" before the first blank line")
            }
            let name = String(String.UnicodeScalarView(line[..<colon])).trimmingWhitespace().lowercased()
            var value = line[(colon + 1)...]
            if value.first == " " { value = value.dropFirst() }
            switch name {
            case "title":
                guard title == nil else { throw EntryTextFormatError(line: lineNumber, reason: "the title is given twice") }
                title = unescape(Array(value), specials: titleSpecials)
            case "tags":
                tags += splitTags(Array(value))
            default:
                throw EntryTextFormatError(line: lineNumber, reason: "unknown header \(QuotedExcerpt.quoted(name)) (the headers are Title and Tags)")
            }
        }
        guard let title else { throw EntryTextFormatError(line: nil, reason: "the text has no \"Title:\" line") }
        guard !title.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) else {
            throw EntryTextFormatError(line: 1, reason: "the title is empty (every entry needs one)")
        }
        let rest = Array(scalars[position...])
        let (body, moreDetails) = splitBody(rest, crlf: crlf)
        return EntryDraft(title: title, body: body, moreDetails: moreDetails, tags: TextTags.merge(line: tags, title: title, body: body))
    }

    // MARK: - Lines

    /// Where the text after a leading `<!-- … -->` comment (and its line end) starts, counting the
    /// lines it spans; 0 when the text does not start with one.
    private static func leadingCommentEnd(_ scalars: [Unicode.Scalar], lines: inout Int) throws(EntryTextFormatError) -> Int {
        let opening = Array("<!--".unicodeScalars)
        guard scalars.count >= opening.count, Array(scalars[0..<opening.count]) == opening else { return 0 }
        var index = opening.count
        while index + 2 < scalars.count {
            if scalars[index] == "-", scalars[index + 1] == "-", scalars[index + 2] == ">" {
                var end = index + 3
                lines += scalars[..<end].reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
                while end < scalars.count, scalars[end] == " " || scalars[end] == "\t" || scalars[end] == "\r" { end += 1 }
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
    private static func line(in scalars: [Unicode.Scalar], from start: Int, crlf: Bool) -> (ArraySlice<Unicode.Scalar>, Int) {
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
                return (unescapeSeparatorLines(String(String.UnicodeScalarView(body))), String(String.UnicodeScalarView(moreDetails)))
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
            for scalar in transform(Array(line)) { result.append(scalar) }  // append(contentsOf:) copies the view: quadratic
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
    public var reason: String

    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
