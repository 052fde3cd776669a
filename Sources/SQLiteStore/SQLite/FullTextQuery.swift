import EntryModel

/// Turns what a user types into safe FTS5 queries.
///
/// The text is split into words (``SearchTokens``); each word becomes a quoted FTS5 string, so that no
/// input can reach the query syntax (`"`, `AND`, `*`, `(`, `NEAR`, control characters...), and the
/// words are ANDed. For search as you type, the last word may also be read as a prefix:
/// `sqlite fu` gives the exact query `"sqlite" "fu"` and the prefix query `"sqlite" "fu"*` (entries
/// containing "sqlite" and a word starting with "fu"). A one-character last word is never a prefix:
/// "every word starting with s" is most of the index and tells the user nothing.
///
/// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
struct FullTextQuery: Equatable {
    /// Every word as a whole word.
    var exact: String
    /// The same with the last word as a prefix, or nil when the last word is a single character.
    var prefix: String?

    init(exact: String, prefix: String?) {
        self.exact = exact
        self.prefix = prefix
    }

    /// The queries for `text`, or nil when it has no word at all (nothing to search).
    init?(_ text: String) {
        let words = SearchTokens.words(in: text)
        guard let last = words.last else { return nil }
        let quoted = words.map { "\"" + $0 + "\"" }  // words hold letters and digits only: no quote to escape
        exact = quoted.joined(separator: " ")
        prefix = last.count > 1 ? exact + "*" : nil
    }
}
