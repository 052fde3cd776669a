import EntryModel

/// The text `entries show` prints:
///
/// ```text
/// Title:   Standup
/// Id:      12
/// Created: 2024-01-05 09:30
/// Updated: 2024-01-05 10:02
/// Tags:    work, daily
/// Starred: yes
///
/// The body.
///
/// More details:
/// The more details.
/// ```
struct EntryDetailsText {
    let entry: Entry
    /// Shows control characters of the body and more details visibly (the header lines always do).
    let forTerminal: Bool
    var dates = DateDisplay()

    var text: String {
        var text = "Title:   \(TerminalText.visible(entry.title))\n"
        text += "Id:      \(entry.id)\n"
        text += "Created: \(dates.string(from: entry.createdAt))\n"
        text += "Updated: \(dates.string(from: entry.updatedAt))\n"
        if !entry.tags.isEmpty {
            text += "Tags:    \(entry.tags.map { TerminalText.visible($0) }.joined(separator: ", "))\n"
        }
        if entry.starred { text += "Starred: yes\n" }
        if !entry.body.isEmpty {
            text += "\n" + block(entry.body)
        }
        if !entry.moreDetails.isEmpty {
            text += "\nMore details:\n" + block(entry.moreDetails)
        }
        return text
    }

    /// The text, ending with exactly one line break.
    private func block(_ value: String) -> String {
        let shown = forTerminal ? TerminalText.visible(value, keepingLineBreaks: true) : value
        return shown.hasSuffix("\n") ? shown : shown + "\n"
    }
}
