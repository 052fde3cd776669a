import AppShell
import EntryModel

/// Text with some of its characters marked (a search's matches): styled spans for the list and the
/// details. The text is still drawn through `Buffer.put`, which shows control characters as notation.
public enum HighlightedText {
    /// `text` in `style`, the characters at `highlights` (character offsets) in `highlight` over it.
    public static func styled(
        _ text: String, highlights: [Range<Int>], style: Style = .plain, highlight: Style
    ) -> StyledText {
        guard !highlights.isEmpty else { return StyledText(text, style: style) }
        let characters = Array(text)
        var styled = StyledText()
        var position = 0
        for range in highlights.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lower = min(max(range.lowerBound, position), characters.count)
            let upper = min(max(range.upperBound, lower), characters.count)
            if position < lower { styled.append(String(characters[position..<lower]), style: style) }
            if lower < upper { styled.append(String(characters[lower..<upper]), style: highlight.over(style)) }
            position = upper
        }
        if position < characters.count { styled.append(String(characters[position...]), style: style) }
        return styled
    }

    /// A row decoration for text views (`TextView`, `MarkdownView`): the words of `query` found in
    /// each row drawn in `highlight` over the row's own styles.
    public static func marker(for query: SearchQuery, highlight: Style) -> (StyledText) -> StyledText {
        { row in
            guard let found = SearchSnippet.highlighting(row.plainText, query: query) else { return row }
            return row.marking(found.highlights, with: highlight)
        }
    }
}
