/// Splits what a user types into search words: runs of letters and digits, everything else is a
/// separator. Both repositories use it, so they agree on what a "word" is, and it is what makes any
/// input safe for FTS5 (quotes, `AND`, `*`, parentheses and control characters never reach the query
/// syntax).
enum SearchTokens {
    /// The words of `text`, in order, as typed (not lower-cased).
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
