import Foundation

/// jrnl's marks at the start of an entry written in one go, read off the text:
/// - a date phrase and a colon date the entry: `yesterday: Called mum.`, `2024-06-03 14:00: Dentist.`,
///   `last friday at 9pm: Pub quiz.` (the phrase as ``DatePhraseReader`` reads it; a day keeps the time
///   of day it is now, as `--date` does: see ``DatePhraseReader/creationDate(of:)``);
/// - `*` at the very start (alone or as `*:`), just before that colon, or at the end of the first line
///   stars it: `* Best day of the year.`, `*: Best day of the year.`, `yesterday *: Best day of the year.`,
///   `Best day of the year. *`. A `*` at the end counts only after white space or a sentence's end
///   (`.`, `?`, `!`), so that Markdown's `a *good* day` keeps its emphasis and is not starred.
///
/// Text before a colon that is no date phrase (`Note: buy milk`) is left as it is: it is the text.
public struct JrnlInlineMarks: Equatable, Sendable {
    /// When the marks date the entry.
    public var createdAt: Date?
    /// Whether the marks star it.
    public var starred = false
    /// The text after the marks.
    public var text: String

    /// Reads the marks at the start of `text`; dates as `reader` reads them.
    public init(_ text: String, dates reader: DatePhraseReader) {
        self.text = text
        var rest = Substring(text).drop(while: \.isWhitespace)
        if rest.first == "*" {
            starred = true
            rest = rest.dropFirst()
            // `*: Best day.` as jrnl's `*` with no date before its colon.
            if rest.first == ":", rest.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true {
                rest = rest.dropFirst()
            }
            rest = rest.drop(while: { $0 == " " || $0 == "\t" })
        }
        if let (date, starredThere, after) = Self.datePrefix(of: rest, reader: reader) {
            createdAt = date
            starred = starred || starredThere
            rest = after
        }
        var text = String(rest)
        if let unstarred = Self.withoutFinalStar(text) {
            starred = true
            text = unstarred
        }
        if starred || createdAt != nil { self.text = text }
    }

    /// `text` without the `*` that ends its first line (and the white space before it), or nil when
    /// the first line ends otherwise. The `*` must follow white space or a sentence's end: a line
    /// ending in Markdown emphasis (`a *good*`) keeps it.
    static func withoutFinalStar(_ text: String) -> String? {
        let firstLineEnd = text.firstIndex(where: \.isNewline) ?? text.endIndex
        let line = text[..<firstLineEnd]
        guard let star = line.lastIndex(where: { $0 != " " && $0 != "\t" }), line[star] == "*" else { return nil }
        let before = line[..<star]
        guard let previous = before.last, previous == " " || previous == "\t" || ".?!".contains(previous) else {
            return nil
        }
        let kept = before.lastIndex(where: { $0 != " " && $0 != "\t" }).map { before.index(after: $0) }
        return String(before[..<(kept ?? before.startIndex)]) + text[firstLineEnd...]
    }

    /// The date a `phrase:` at the start of `text` names, whether a `*` stood before its colon, and
    /// the text after the colon; nil when no colon on the first line ends a date phrase.
    private static func datePrefix(of text: Substring, reader: DatePhraseReader) -> (Date, Bool, Substring)? {
        let firstLine = text.prefix { !$0.isNewline }.prefix(DatePhraseReader.maximumLength + 2)
        var index = firstLine.startIndex
        while let colon = firstLine[index...].firstIndex(of: ":") {
            let after = text.index(after: colon)
            // A colon inside a time (`14:00`) is not the end of the phrase.
            if after == text.endIndex || text[after] == " " || text[after] == "\t" || text[after].isNewline {
                var phrase = text[..<colon]
                var starred = false
                if phrase.last == "*" {
                    starred = true
                    phrase = phrase.dropLast()
                }
                let trimmed = phrase.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, let date = try? reader.creationDate(of: trimmed) {
                    return (date, starred, text[after...].drop(while: { $0 == " " || $0 == "\t" }))
                }
            }
            index = firstLine.index(after: colon)
        }
        return nil
    }
}
