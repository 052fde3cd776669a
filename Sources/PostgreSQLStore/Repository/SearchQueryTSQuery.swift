import EntryModel

/// A ``SearchQuery`` with more than plain words as `tsquery` text: each required group `( a | b )`,
/// the groups ANDed, a word typed as a prefix `'w':*`, and the excluded words `!( x | y )`.
///
/// The search vector keeps which fields hold a word, not where (``SearchVector``), so it cannot
/// match a phrase: a phrase asks the index for its words (`'red' & 'beans'`) and the client checks
/// their order in the text (``needsTextCheck``), as SQLite's `detail=column` index does with a function.
/// Excluded phrases are left to that check too (leaving out their words would leave out too much).
struct SearchQueryTSQuery {
    /// What must match, with the excluded words: nil when nothing is required.
    var match: String?
    /// The excluded words alone, for a query that requires nothing (`-slugs tag:garden`).
    var excludedWords: String?
    /// True when a required group holds no term the index can hold (a word of 2 KiB or more): no
    /// entry matches.
    var matchesNothing = false
    /// True when a phrase must be checked in the text of the entries the index finds.
    var needsTextCheck: Bool

    init(_ query: SearchQuery) {
        var groups: [String] = []
        for group in query.required {
            let terms = group.compactMap(Self.term)
            if terms.isEmpty { matchesNothing = true }
            groups.append("(" + terms.joined(separator: " | ") + ")")
        }
        let excluded = query.excluded.filter { !Self.isPhrase($0) }.compactMap(Self.term)
        excludedWords = excluded.isEmpty ? nil : "(" + excluded.joined(separator: " | ") + ")"
        if groups.isEmpty {
            match = nil
        } else {
            match = groups.joined(separator: " & ") + (excludedWords.map { " & !" + $0 } ?? "")
        }
        needsTextCheck =
            query.required.contains { $0.contains(where: Self.isPhrase) }
            || query.excluded.contains(where: Self.isPhrase)
    }

    /// A term as the index holds it (folded as ``SearchVector`` folds), or nil when no entry can hold it.
    private static func term(_ term: SearchQuery.Term) -> String? {
        switch term {
        case .word(let word, let prefix):
            guard let lexeme = lexeme(word) else { return nil }
            return lexeme + (prefix ? ":*" : "")
        case .phrase(let words):
            let lexemes = words.map(lexeme)
            guard !lexemes.isEmpty, lexemes.allSatisfy({ $0 != nil }) else { return nil }
            return "(" + lexemes.compactMap { $0 }.joined(separator: " & ") + ")"
        }
    }

    private static func lexeme(_ word: String) -> String? {
        let folded = SearchVector.fold(word)
        guard !folded.isEmpty, folded.utf8.count <= SearchVector.longestWord else { return nil }
        return SearchVector.quoted(folded)
    }

    private static func isPhrase(_ term: SearchQuery.Term) -> Bool {
        if case .phrase = term { return true }
        return false
    }
}
