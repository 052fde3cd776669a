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
/// stays one line. Sections that are empty are left out.
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
            text += entry.body
            text += entry.body.hasSuffix("\n") ? "\n" : "\n\n"
        }
        if !entry.moreDetails.isEmpty {
            text += "### More details\n\n" + entry.moreDetails
            text += entry.moreDetails.hasSuffix("\n") ? "\n" : "\n\n"
        }
        bytes.append(contentsOf: text.utf8)
    }

    /// `2024-01-05 09:30 UTC`: minutes are enough for reading.
    static func readable(_ date: Date) -> String {
        let iso = InterchangeDate.string(from: date)  // 2024-01-05T09:30:00.000Z
        return "\(iso.prefix(10)) \(iso.dropFirst(11).prefix(5)) UTC"
    }
}
