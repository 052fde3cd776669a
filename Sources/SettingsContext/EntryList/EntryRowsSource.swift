import AppShell
import EntryModel

/// The rows of the entry list as the list widget asks for them: the date in the chosen format, then
/// the title with its tags. Only rows on screen are asked for, so only their pages are read.
struct EntryRowsSource: ListDataSource {
    let pages: EntryPages
    let dateStyle: DateStyle
    let dates: DateDisplay
    let theme: Theme
    /// Told when reading a page fails (the row then shows a placeholder).
    let failed: @MainActor (any Error) -> Void

    var count: Int { pages.count }

    func row(at index: Int) -> ListRow {
        let summary: EntrySummary?
        do {
            summary = try pages.summary(at: index)
        } catch {
            failed(error)
            summary = nil
        }
        guard let summary else { return ListRow(columns: ["", StyledText("(unavailable)", style: theme.dim)]) }
        // Titles and tags are data: drawn through StyledText, which shows control characters as notation.
        var title = StyledText(summary.title)
        if !summary.tags.isEmpty {
            title.append("  " + summary.tags.map { "#" + $0 }.joined(separator: " "), style: theme.dim)
        }
        return ListRow(columns: [StyledText(dates.text(summary.createdAt, style: dateStyle), style: theme.dim), title])
    }

    /// The columns: a date as wide as the format needs, then the title taking the rest.
    static func columns(for style: DateStyle) -> [ListColumn] {
        let dateWidth: Int
        switch style {
        case .iso: dateWidth = 16  // 2026-11-21 14:05
        case .short: dateWidth = 11  // 21 Nov 2026
        case .relative: dateWidth = 14  // 11 months ago
        }
        return [ListColumn(.fixed(dateWidth)), ListColumn(.flexible(minimum: 1))]
    }
}
