import Foundation

extension SearchSnippet {
    /// The words of `query` marked in a short text (a title, a row of the details): the text as it is
    /// (at most ``maximumScannedCharacters`` of it), with its matches as character offsets; nil when
    /// none of its words matches.
    public static func highlighting(_ text: String, query: SearchQuery) -> SearchSnippet? {
        let wanted = query.highlightedWords.map(SearchQueryMatcher.fold)
        guard !wanted.isEmpty else { return nil }
        let prefixes = Set(
            query.required.flatMap { group in
                group.compactMap { term -> String? in
                    if case .word(let word, true) = term { return SearchQueryMatcher.fold(word) }
                    return nil
                }
            })
        let characters = Array(text.prefix(maximumScannedCharacters))
        var matches: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard SearchTokens.isWordCharacter(characters[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, SearchTokens.isWordCharacter(characters[index]) { index += 1 }
            let word = SearchQueryMatcher.fold(String(characters[start..<index]))
            if wanted.contains(where: { word == $0 || (prefixes.contains($0) && word.hasPrefix($0)) }) {
                matches.append(start..<index)
            }
        }
        return matches.isEmpty ? nil : SearchSnippet(text: String(characters), highlights: matches)
    }

    /// The snippet cut to at most `width` characters around its first highlight, so the match stays in
    /// sight on a narrow screen (a `…` marks each cut); itself when it fits.
    public func fitted(to width: Int) -> SearchSnippet {
        let characters = Array(text)
        guard characters.count > width, width >= 3 else { return self }
        let first = highlights.first?.lowerBound ?? 0
        var start = max(0, min(first - width / 3, characters.count - width))
        let leading = start > 0 ? "…" : ""
        if !leading.isEmpty { start += 1 }
        var end = min(characters.count, start + width - leading.count)
        let trailing = end < characters.count ? "…" : ""
        if !trailing.isEmpty {
            end -= 1
            while end > start + 1, characters[end - 1] == " " { end -= 1 }
        }
        guard start < end else { return self }
        let offset = leading.count - start
        let kept = highlights.compactMap { range -> Range<Int>? in
            let lower = max(range.lowerBound, start), upper = min(range.upperBound, end)
            return lower < upper ? (lower + offset)..<(upper + offset) : nil
        }
        return SearchSnippet(text: leading + String(characters[start..<end]) + trailing, highlights: kept)
    }
}
