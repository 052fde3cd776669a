/// Turns what a user types into a safe FTS5 query.
///
/// The text is split into words (``SearchTokens``); each word becomes a quoted FTS5 string, so that no
/// input can reach the query syntax (`"`, `AND`, `*`, `(`, `NEAR`, control characters...), and the
/// last word is a prefix query, so that results appear while the word is still being typed:
/// `sqlite fu` becomes `"sqlite" "fu"*`, entries containing "sqlite" and a word starting with "fu".
///
/// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
enum FullTextQuery {
    /// The FTS5 MATCH expression for `text`, or nil when it has no word at all (nothing to search).
    static func matchExpression(for text: String) -> String? {
        let words = SearchTokens.words(in: text)
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return index == words.count - 1 ? quoted + "*" : quoted
        }.joined(separator: " ")
    }
}

extension String {
    /// `self` with every `target` replaced (Foundation-free).
    fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
