import Foundation

/// jrnl's marks at the start of an entry written in one go, read off the text:
/// - a date phrase and a colon date the entry: `yesterday: Called mum.`, `2024-06-03 14:00: Dentist.`,
///   `last friday at 9pm: Pub quiz.` (the phrase as ``DatePhraseReader`` reads it; a day keeps the time
///   of day it is now, as `--date` does: see ``DatePhraseReader/creationDate(of:)``);
/// - `*` at the very start, or just before that colon, stars it: `* Best day of the year.`,
///   `yesterday *: Best day of the year.`
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
            rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
        }
        if let (date, starredThere, after) = Self.datePrefix(of: rest, reader: reader) {
            createdAt = date
            starred = starred || starredThere
            rest = after
        }
        if starred || createdAt != nil { self.text = String(rest) }
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
