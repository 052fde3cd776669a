import EntryModel

/// An entry as `entries read` prints it, whole, for reading one after another:
///
/// ```text
/// 2024-01-05 09:30  * Standup went long.
/// entry 12 · tags: work, daily
///
/// Talked about the release.
/// Then lunch.
///
/// More details:
/// Room 4.
///
/// ```
struct EntryReadingText {
    let dates: DateDisplay
    /// Shows control characters of the body and more details visibly (the header lines always do).
    let forTerminal: Bool

    func text(of entry: Entry) -> String {
        var text =
            dates.string(from: entry.createdAt) + "  " + (entry.starred ? "* " : "") + TerminalText.visible(entry.title)
            + "\n"
        text += "entry \(entry.id)"
        if !entry.tags.isEmpty {
            text += " · tags: " + entry.tags.map { TerminalText.visible($0) }.joined(separator: ", ")
        }
        text += "\n"
        if !entry.body.isEmpty { text += "\n" + block(entry.body) }
        if !entry.moreDetails.isEmpty { text += "\nMore details:\n" + block(entry.moreDetails) }
        return text + "\n"
    }

    private func block(_ value: String) -> String {
        let shown = forTerminal ? TerminalText.visible(value, keepingLineBreaks: true) : value
        return shown.hasSuffix("\n") ? shown : shown + "\n"
    }
}
