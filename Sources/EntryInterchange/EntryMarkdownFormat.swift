import EntryModel
import Foundation

/// A readable Markdown rendering of entries, for people rather than for import:
///
/// ```markdown
/// ## Standup
///
/// Created 2024-01-05 09:30 UTC · updated 2024-01-06 10:00 UTC · tags: work, daily
///
/// The body, as written.
///
/// ### More details
///
/// The more details, as written.
/// ```
/// Entries are separated by a blank line; line breaks in a title become spaces so the heading
/// stays one line. Sections that are empty are left out. Headings in the body and the more details
/// move two levels down (`# Plan` becomes `### Plan`), so that they sit under the entry's heading
/// rather than beside or above it; code blocks are left as they are.
public enum EntryMarkdownFormat {
    /// Appends one entry (ending with a blank line).
    static func append(_ entry: Entry, to bytes: inout [UInt8]) {
        var text = "## "
        text += entry.title.map { $0.isNewline ? " " : String($0) }.joined()
        text += "\n\nCreated " + readable(entry.createdAt)
        if readable(entry.updatedAt) != readable(entry.createdAt) {
            text += " · updated " + readable(entry.updatedAt)
        }
        if !entry.tags.isEmpty {
            text += " · tags: " + entry.tags.joined(separator: ", ")
        }
        text += "\n\n"
        if !entry.body.isEmpty {
            text += demotingHeadings(entry.body)
            text += entry.body.hasSuffix("\n") ? "\n" : "\n\n"
        }
        if !entry.moreDetails.isEmpty {
            text += "### More details\n\n" + demotingHeadings(entry.moreDetails)
            text += entry.moreDetails.hasSuffix("\n") ? "\n" : "\n\n"
        }
        bytes.append(contentsOf: text.utf8)
    }

    /// `text` with each ATX heading outside fenced code two levels lower (at most level 6).
    static func demotingHeadings(_ text: String) -> String {
        guard text.contains("#") else { return text }
        var fence: Substring?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " }
            let leading = line.count - trimmed.count
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                return line
            }
            if leading <= 3, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                return line
            }
            let level = trimmed.prefix { $0 == "#" }.count
            guard leading <= 3, (1...6).contains(level),
                trimmed.dropFirst(level).first.map({ $0 == " " || $0 == "\t" }) ?? true
            else {
                return line
            }
            let added = min(2, 6 - level)
            return line.prefix(leading) + String(repeating: "#", count: added) + trimmed
        }
        return lines.joined(separator: "\n")
    }

    /// `2024-01-05 09:30 UTC`: minutes are enough for reading.
    static func readable(_ date: Date) -> String {
        let iso = InterchangeDate.string(from: date)  // 2024-01-05T09:30:00.000Z
        return "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC"
    }
}
