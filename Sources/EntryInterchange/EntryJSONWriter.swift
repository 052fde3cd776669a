import EntryModel
import Foundation

/// Writes entries and summaries as JSON objects into a byte buffer: the record of the JSON and JSON
/// Lines formats, and the `--json` output of the command line.
///
/// Keys come in a fixed order (`id`, `title`, `body`, `moreDetails`, `tags`, `createdAt`, `updatedAt`,
/// then `starred`: in an entry written only for a starred one, unless asked for always; in a summary
/// always, `true` or `false`, for scripts that read `--json`; then `words`, the body's word count: in
/// a summary always, in an entry when asked for, as the command line's `--json` does)
/// and dates use ``InterchangeDate``, so the same entry always gives the same bytes. Every control
/// character (C0, DEL, C1) and U+2028/U+2029 is escaped, so JSON output printed to a terminal cannot
/// drive it, and the text still reads back byte for byte.
public enum EntryJSONWriter {
    /// Appends `{"id":…,"title":…,…}` (one line, no trailing newline). The JSON and JSON Lines formats
    /// leave `"starred":false` out (a million entries need not say it); the command line's `--json`
    /// writes it (`alwaysWritingStarred`), so that a script reads `false` rather than a missing key.
    /// `writingWords` adds `"words":N`, the body's `WordCount`, as a list row's JSON has it; the
    /// interchange formats leave it out: it is the body's, which they carry whole, and their import
    /// refuses fields it does not know.
    public static func append(
        _ entry: Entry, to bytes: inout [UInt8], alwaysWritingStarred: Bool = false, writingWords: Bool = false
    ) {
        bytes.append(contentsOf: #"{"id":"#.utf8)
        bytes.append(contentsOf: String(entry.id).utf8)
        appendMember("title", entry.title, to: &bytes)
        appendMember("body", entry.body, to: &bytes)
        appendMember("moreDetails", entry.moreDetails, to: &bytes)
        appendTags(entry.tags, to: &bytes)
        appendDates(createdAt: entry.createdAt, updatedAt: entry.updatedAt, to: &bytes)
        if entry.starred {
            bytes.append(contentsOf: #","starred":true"#.utf8)
        } else if alwaysWritingStarred {
            bytes.append(contentsOf: #","starred":false"#.utf8)
        }
        if writingWords { appendWords(WordCount.of(entry.body), to: &bytes) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `{"id":…,"title":…,"tags":[…],"createdAt":…,"updatedAt":…,"starred":…,"words":…}` for a
    /// list row; `words` is the count the store keeps (`EntrySummary.words`).
    public static func append(_ summary: EntrySummary, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"id":"#.utf8)
        bytes.append(contentsOf: String(summary.id).utf8)
        appendMember("title", summary.title, to: &bytes)
        appendTags(summary.tags, to: &bytes)
        appendDates(createdAt: summary.createdAt, updatedAt: summary.updatedAt, to: &bytes)
        bytes.append(contentsOf: (summary.starred ? #","starred":true"# : #","starred":false"#).utf8)
        appendWords(summary.words, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x7F {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            bytes.append(contentsOf: text.utf8)
        } else {
            for scalar in text.unicodeScalars {
                appendEscaped(scalar, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        switch scalar.value {
        case 0x22: bytes.append(contentsOf: #"\""#.utf8)
        case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
            let hex = String(scalar.value, radix: 16)
            bytes.append(contentsOf: #"\u"#.utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.utf8.count))
            bytes.append(contentsOf: hex.utf8)
        default:
            bytes.append(contentsOf: String(Character(scalar)).utf8)
        }
    }

    private static func appendMember(_ key: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: ",\"\(key)\":".utf8)
        appendString(value, to: &bytes)
    }

    private static func appendWords(_ words: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #","words":"#.utf8)
        bytes.append(contentsOf: String(words).utf8)
    }

    private static func appendTags(_ tags: [String], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #","tags":["#.utf8)
        for (index, tag) in tags.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(tag, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func appendDates(createdAt: Date, updatedAt: Date, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #","createdAt":""#.utf8)
        InterchangeDate.append(createdAt, to: &bytes)
        bytes.append(contentsOf: #"","updatedAt":""#.utf8)
        InterchangeDate.append(updatedAt, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
