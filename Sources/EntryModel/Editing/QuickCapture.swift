/// Text typed in one go — `entries add "Bought bread. @shopping"` — read as an entry the way jrnl
/// reads it: the first sentence of the first line is the title, the rest is the body, and every
/// `@word` is a tag.
///
/// - A sentence ends at `.`, `?` or `!` followed by a space; a first line without one is the title
///   whole, and the body starts on the next line.
/// - `@tag` counts where it starts a word (`me@example.com` is no tag); trailing punctuation is not
///   part of it (`@home.` is `home`).
/// - Tags written after everything else (`… @shopping @errands`) are there only to tag the entry, so
///   they leave the text; tags within a sentence stay where they were written.
public enum QuickCapture {
    /// The draft, or nil when the text holds nothing but white space.
    ///
    /// With `dates`, jrnl's marks at the start are read too (``JrnlInlineMarks``): `yesterday: Called
    /// mum.` is dated yesterday (`createdAt` and `updatedAt`), `* Best day.` is starred.
    public static func draft(from text: String, dates: DatePhraseReader? = nil) -> EntryDraft? {
        var marks: JrnlInlineMarks?
        var text = text
        if let dates {
            marks = JrnlInlineMarks(text, dates: dates)
            text = marks?.text ?? text
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        let tags = TagList.normalize(words.compactMap(tag(in:)))
        let trimmed = withoutTrailingTags(text)
        let (title, body) = titleAndBody(trimmed.isEmpty ? text : trimmed)
        guard !title.isEmpty else { return nil }
        return EntryDraft(
            title: title, body: body, tags: tags, createdAt: marks?.createdAt, updatedAt: marks?.createdAt,
            starred: marks?.starred ?? false)
    }

    /// The tag a word names (`@garden,` → `garden`), or nil. A tag starts with a letter, a digit or
    /// `_`: `@(#)` in a version string, `@-` or `@"` name nothing.
    public static func tag(in word: Substring) -> String? {
        guard word.first == "@" else { return nil }
        var name = word.dropFirst()
        while let last = name.last, ".,;:!?)]}\"'".contains(last) { name = name.dropLast() }
        guard let first = name.first, first.isLetter || first.isNumber || first == "_" else { return nil }
        return String(name)
    }

    /// A word that is a tag and nothing else, but for a sentence's end (`@home.`; not `@family).`).
    static func isTagAlone(_ word: Substring) -> Bool {
        guard let name = tag(in: word) else { return false }
        return word.dropFirst(1 + name.count).allSatisfy { ".,;!?".contains($0) }
    }

    /// The text without the run of tags at its end (and the white space before it).
    public static func withoutTrailingTags(_ text: String) -> String {
        var end = text.endIndex
        while true {
            let head = text[..<end]
            let kept = head.lastIndex(where: { !$0.isWhitespace }).map { head.index(after: $0) } ?? head.startIndex
            let wordStart =
                head[..<kept].lastIndex(where: \.isWhitespace).map { head.index(after: $0) } ?? head.startIndex
            guard wordStart < kept, isTagAlone(head[wordStart..<kept]) else {
                return String(head[..<kept])
            }
            end = wordStart
        }
    }

    /// The first sentence of the first line, and everything after it.
    public static func titleAndBody(_ text: String) -> (title: String, body: String) {
        let content = text.drop(while: \.isWhitespace)
        let lineEnd = content.firstIndex(where: \.isNewline) ?? content.endIndex
        let firstLine = content[..<lineEnd]
        var index = firstLine.startIndex
        while index < firstLine.endIndex {
            let next = firstLine.index(after: index)
            if ".?!".contains(firstLine[index]), next < firstLine.endIndex, firstLine[next] == " " {
                let title = firstLine[...index]
                let body = content[next...].drop(while: { $0 == " " })
                return (trimmedTrailing(title), trimmedTrailing(body))
            }
            index = next
        }
        let body = content[lineEnd...].drop(while: \.isNewline)
        return (trimmedTrailing(firstLine), trimmedTrailing(body))
    }

    private static func trimmedTrailing(_ text: Substring) -> String {
        String(text[..<(text.lastIndex(where: { !$0.isWhitespace }).map { text.index(after: $0) } ?? text.startIndex)])
    }
}
