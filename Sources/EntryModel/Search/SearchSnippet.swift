import Foundation

/// The few words around a search's first match in an entry's text, to show under its title, with
/// the matching words marked for highlighting.
///
/// Made from the text itself (not from a store's index), so every store gives the same snippet, and
/// bounded: at most ``maximumScannedCharacters`` of a field are read, however long the entry.
public struct SearchSnippet: Equatable, Sendable {
    /// The excerpt, on one line (line breaks and tabs read as spaces), with `…` where it was cut.
    public var text: String
    /// The matching words within ``text``, as character offsets, for highlighting.
    public var highlights: [Range<Int>]

    /// Creates a snippet of `text` with the matches at the character offsets `highlights`.
    public init(text: String, highlights: [Range<Int>]) {
        self.text = text
        self.highlights = highlights
    }

    /// Characters of a field read looking for a match: enough for any snippet, bounded for a 10 MB entry.
    public static let maximumScannedCharacters = 20_000

    /// The snippet of the first field (body, then more details) where a word of `query` occurs, at
    /// most `width` characters; nil when no field has one (the match was in the title or tags).
    public static func make(body: String, moreDetails: String, query: SearchQuery, width: Int = 80) -> SearchSnippet? {
        let wanted = query.highlightedWords.map(SearchQueryMatcher.fold)
        guard !wanted.isEmpty, width >= 8 else { return nil }
        let prefixes = Self.prefixes(in: query)
        for field in [body, moreDetails] {
            if let snippet = make(field, wanted: wanted, prefixes: prefixes, width: width) { return snippet }
        }
        return nil
    }

    /// The folded words that match as prefixes (the last word typed).
    private static func prefixes(in query: SearchQuery) -> Set<String> {
        var prefixes: Set<String> = []
        for group in query.required {
            for case .word(let word, true) in group { prefixes.insert(SearchQueryMatcher.fold(word)) }
        }
        return prefixes
    }

    private static func make(_ field: String, wanted: [String], prefixes: Set<String>, width: Int) -> SearchSnippet? {
        // Most entries match early: read a first stretch, and the rest of the bound only when needed.
        for limit in [2_000, maximumScannedCharacters] {
            let characters = field.prefix(limit).map { $0.isNewline || $0 == "\t" ? " " : $0 }
            if let snippet = make(characters, wanted: wanted, prefixes: prefixes, width: width) { return snippet }
            if characters.count < limit { return nil }
        }
        return nil
    }

    private static func make(
        _ characters: [Character], wanted: [String], prefixes: Set<String>, width: Int
    ) -> SearchSnippet? {
        // Words up to the end of the snippet after the first match: no need to read further.
        var words: [Range<Int>] = []
        var matches: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            if let first = matches.first, index > first.lowerBound + width { break }
            guard SearchTokens.isWordCharacter(characters[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, SearchTokens.isWordCharacter(characters[index]) { index += 1 }
            words.append(start..<index)
            let word = SearchQueryMatcher.fold(String(characters[start..<index]))
            if wanted.contains(where: { word == $0 || (prefixes.contains($0) && word.hasPrefix($0)) }) {
                matches.append(start..<index)
            }
        }
        guard let first = matches.first else { return nil }
        // Start a few words before the first match, at a word's start, so the match reads in context.
        let lead = max(0, min(width / 3, first.lowerBound))
        var start = first.lowerBound - lead
        if start > 0, let wordStart = words.first(where: { $0.upperBound > start })?.lowerBound,
            wordStart <= first.lowerBound
        {
            start = wordStart
        }
        while start < first.lowerBound, characters[start] == " " { start += 1 }
        let leading = start > 0 ? "…" : ""
        var end = min(characters.count, start + width - leading.count)
        let trailing = end < characters.count ? "…" : ""
        if !trailing.isEmpty {
            end -= 1
            // Cut between words, not within one, when a space after the match allows it.
            if let space = characters[first.upperBound..<end].lastIndex(of: " ") { end = space }
            while end > first.upperBound, characters[end - 1] == " " { end -= 1 }
        }
        let body = String(characters[start..<end])
        let offset = leading.count - start
        let highlights =
            matches
            .filter { $0.lowerBound >= start && $0.upperBound <= end }
            .map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        return SearchSnippet(text: leading + body + trailing, highlights: highlights)
    }
}
