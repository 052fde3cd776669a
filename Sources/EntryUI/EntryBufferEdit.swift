import EntryModel
import Foundation

/// Editing many entries in one editor buffer (`entries edit --tag work`): each entry in the edit
/// format of `EntryTextFormat` under a line `<!-- entry 12 -->`. Reading the saved buffer gives
/// the changes as one `EntryChangeSet`: the entries whose text changed, those whose part was
/// removed (to the trash), and new entries, written under a line `<!-- new entry -->`.
///
/// An entry line is a Markdown comment, which editors grey out: the user edits the text around it
/// and never needs to read it. A body line that would look like one is written with one more
/// leading backslash (as `EntryTextFormat` does for its separator), so no text splits an entry.
public struct EntryBufferEdit: Sendable {
    /// The entries as they were when the editor opened, in the buffer's order.
    public let originals: [Entry]
    /// The zone of the `Date:` lines.
    public let timeZone: TimeZone

    /// An edit of `originals` (in the order the buffer lists them), reading and writing `Date:` lines in `timeZone`.
    public init(originals: [Entry], timeZone: TimeZone = .current) {
        self.originals = originals
        self.timeZone = timeZone
    }

    /// The line above a new entry.
    public static let newEntryLine = "<!-- new entry -->"

    /// The line above the entry `id`.
    public static func entryLine(id: Int64) -> String { "<!-- entry \(id) -->" }

    /// What the editor shows first: what to do, in the user's words.
    public static func guide(count: Int) -> String {
        """
        <!-- \(count == 1 ? "1 entry" : "\(count) entries"), each under its own "<!-- entry … -->" line: leave those lines as they are.
             Each entry: a Title line, a Tags line, a Date line, a blank line, the body, then
             "\(EntryTextFormat.separator)" and the more details. Delete an entry with its line to move it
             to the trash. Add an entry at the end under a line "\(newEntryLine)".
             Save and quit to store every change at once; quit without saving to change nothing. -->

        """
    }

    /// The text the editor opens.
    public var text: String {
        var text = Self.guide(count: originals.count)
        for entry in originals {
            text += Self.entryLine(id: entry.id) + "\n"
            text += Self.escapingEntryLines(EntryTextFormat.render(entry, timeZone: timeZone))
        }
        return text
    }

    /// The changes the saved `text` asks for (empty when it says what the entries already say). A
    /// text that cannot be read is an `EntryTextFormatError` with the buffer's line number.
    public func changes(in text: String, now: Date = Date()) throws(EntryTextFormatError) -> EntryChangeSet {
        let sections = try Self.sections(of: text)
        let byID = Dictionary(originals.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let dates = DatePhraseReader(now: now, timeZone: timeZone)
        var seen: [Int64: Int] = [:]
        var changes = EntryChangeSet()
        for section in sections {
            let body = Self.unescapingEntryLines(section.text)
            if case .existing(let id) = section.kind {
                guard let original = byID[id] else {
                    throw EntryTextFormatError(
                        line: section.headerLine,
                        reason:
                            "entry \(id) is not one of the entries being edited; leave the \"<!-- entry … -->\" lines as they are, or write \(Self.newEntryLine) above a new entry"
                    )
                }
                if let first = seen[id] {
                    throw EntryTextFormatError(
                        line: section.headerLine,
                        reason:
                            "entry \(id) is here a second time (first on line \(first)); an entry can be edited once")
                }
                seen[id] = section.headerLine
                let draft = try Self.parse(body, section: section, dates: dates)
                if let changed = EntryTextEdit(original: original, timeZone: timeZone).changedEntry(from: draft) {
                    changes.updates.append(changed)
                }
            } else {
                // A new-entry line left with nothing under it adds nothing.
                guard body.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { continue }
                var draft = try Self.parse(body, section: section, dates: dates)
                if draft.createdAt == nil { draft.createdAt = now }
                changes.inserts.append(draft)
            }
        }
        changes.trashes = originals.filter { seen[$0.id] == nil }
        return changes
    }

    // MARK: - Reading the buffer

    /// One entry's part of the buffer.
    struct Section {
        enum Kind: Equatable { case existing(Int64), new }
        var kind: Kind
        /// The 1-based line of its `<!-- entry … -->` line.
        var headerLine: Int
        /// Its lines after that one, each with its line end.
        var text: String
    }

    private static func parse(
        _ text: String, section: Section, dates: DatePhraseReader
    ) throws(EntryTextFormatError) -> EntryDraft {
        do {
            return try EntryTextFormat.parse(text, dates: dates)
        } catch {
            // The format counts from the section's first line; the user sees the buffer's.
            let line = error.line.map { section.headerLine + $0 } ?? section.headerLine
            throw EntryTextFormatError(line: line, reason: error.reason)
        }
    }

    /// The buffer cut at its entry lines. Before the first one only the guide comment and blank
    /// lines may stand: words there belong to no entry, and are refused rather than dropped.
    static func sections(of text: String) throws(EntryTextFormatError) -> [Section] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        var sections: [Section] = []
        var inGuide = false
        for (index, line) in lines.enumerated() {
            let terminated = index == lines.count - 1 && !endsWithNewline ? line : line + "\n"
            if let kind = kind(ofEntryLine: line) {
                sections.append(Section(kind: kind, headerLine: index + 1, text: ""))
                continue
            }
            if !sections.isEmpty {
                sections[sections.count - 1].text += terminated
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if index == 0 && trimmed.hasPrefix("<!--") { inGuide = true }
            if inGuide {
                // The guide quotes entry lines inside it: only a line that ends in "-->" ends it.
                if trimmed.hasSuffix("-->") { inGuide = false }
                continue
            }
            guard trimmed.isEmpty else {
                throw EntryTextFormatError(
                    line: index + 1,
                    reason:
                        "these words are above the first entry; write \(newEntryLine) above them to add them as an entry"
                )
            }
        }
        return sections
    }

    /// The kind of an entry line (`<!-- entry 12 -->`, `<!-- new entry -->`, spaces and case free,
    /// a Windows line end allowed), nil for any other line.
    static func kind(ofEntryLine line: String) -> Section.Kind? {
        var content = Substring(line)
        if content.hasSuffix("\r") { content = content.dropLast() }
        let trimmed = content.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.count >= 7 else { return nil }
        let words = trimmed.dropFirst(4).dropLast(3).lowercased().split(separator: " ")
        if words == ["new", "entry"] { return .new }
        guard words.count == 2, words[0] == "entry", words[1].allSatisfy(\.isASCII),
            let id = Int64(words[1])
        else { return nil }
        return .existing(id)
    }

    /// A line that is an entry line once its leading backslashes are taken off.
    private static func looksLikeEntryLine(_ line: Substring) -> Bool {
        let stripped = line.drop { $0 == "\\" }
        return kind(ofEntryLine: String(stripped)) != nil
    }

    /// Gives every line of an entry's text that would read as an entry line one more leading backslash.
    static func escapingEntryLines(_ text: String) -> String {
        mapLines(text) { looksLikeEntryLine($0) ? "\\" + $0 : String($0) }
    }

    /// Takes the backslash ``escapingEntryLines(_:)`` added off again.
    static func unescapingEntryLines(_ text: String) -> String {
        mapLines(text) { line in
            line.first == "\\" && looksLikeEntryLine(line) ? String(line.dropFirst()) : String(line)
        }
    }

    private static func mapLines(_ text: String, _ transform: (Substring) -> String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(transform).joined(separator: "\n")
    }
}
