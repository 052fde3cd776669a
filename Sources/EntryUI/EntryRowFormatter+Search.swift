import AppShell
import EntryModel

extension EntryRowFormatter {
    /// The row of a search result: as ``row(for:)``, with the query's words highlighted in the title
    /// and, under it, the snippet of the matching text (cut around its first match to `width`).
    public func searchRow(
        for summary: EntrySummary, query: SearchQuery?, snippet: SearchSnippet?, width: Int
    ) -> ListRow {
        let title = EntryText.rowPrefix(summary.title)
        let titleText =
            query.flatMap { SearchSnippet.highlighting(title, query: $0) }
            .map { HighlightedText.styled($0.text, highlights: $0.highlights, highlight: theme.highlight) }
            ?? StyledText(title)
        let detail = snippet.map { snippet -> StyledText in
            let fitted = snippet.fitted(to: max(8, width - 2))
            return HighlightedText.styled(
                fitted.text, highlights: fitted.highlights, style: theme.dim, highlight: theme.highlight)
        }
        return ListRow(
            columns: texts(for: summary, search: SearchValues(title: titleText, snippet: detail)), detail: detail)
    }
}
