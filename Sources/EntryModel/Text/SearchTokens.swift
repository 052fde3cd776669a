/// Splits what a user types into search words, the way SQLite's `unicode61` tokenizer splits text:
/// a word is a run of letters (L*), digits and other numbers (N*), private-use characters (Co) and
/// combining diacritical marks (U+0300–U+036F, which the tokenizer folds away); everything else
/// separates words. Both repositories use it, so they agree on what a "word" is, and it is what makes
/// any input safe for FTS5: quotes, `AND`, `*`, parentheses and control characters never reach the
/// query syntax, and each word is exactly one FTS5 token.
///
/// See <https://www.sqlite.org/fts5.html#unicode61_tokenizer>.
public enum SearchTokens {
    /// The words of `text`, in order, as typed (not lower-cased).
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// What to look for, as it is, in a query that has no word but holds a pictographic symbol —
    /// emoji (🎉), signs such as ★ or ☂ — which the full-text index cannot find (its tokenizer treats
    /// symbols as separators); nil otherwise. Both repositories then find the entries containing that
    /// text, with a scan. Signs typed on their own while writing a query (`$`, `+`, `<`, `^`) do not
    /// start one: they are not what people search for, and a scan of a large database takes a while.
    public static func symbolText(in text: String) -> String? {
        guard words(in: text).isEmpty else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let hasPictograph = trimmed.unicodeScalars.contains { $0.properties.generalCategory == .otherSymbol }
        return hasPictograph ? trimmed : nil
    }

    /// Whether the character belongs to a word (by its first scalar; marks that follow stay with it).
    public static func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isWordScalar) ?? false
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        if (0x300...0x36F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}
