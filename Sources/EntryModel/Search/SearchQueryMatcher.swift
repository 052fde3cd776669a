import Foundation

/// Decides whether an entry matches a ``SearchQuery`` and how well, by reading its text: what the
/// in-memory repository searches with, and what defines the query language's meaning for every store.
///
/// Words are compared folded (case and accents ignored), as SQLite's `unicode61` tokenizer does.
public struct SearchQueryMatcher: Sendable {
    /// The query matched against, its words folded (case and accents removed).
    public let query: SearchQuery

    /// Creates a matcher for `query`, folding its words once.
    public init(_ query: SearchQuery) {
        self.query = SearchQuery(
            required: query.required.map { $0.map(Self.folded) },
            excluded: query.excluded.map(Self.folded),
            tags: query.tags, tagAlternatives: query.tagAlternatives, excludedTags: query.excludedTags,
            created: query.created)
    }

    /// The entry's score when it matches (higher is better: a title hit counts 10, a tag 5, body and
    /// more details 1), nil when it does not.
    public func score(_ entry: Entry) -> Int? {
        if let created = query.created, !created.contains(entry.createdAt) { return nil }
        guard query.admitsTags(entry.tags) else { return nil }
        let fields = [entry.title, entry.body, entry.moreDetails, entry.tags.joined(separator: " ")]
            .map { SearchTokens.words(in: $0).map(Self.fold) }
        for term in query.excluded where fields.contains(where: { Self.count(term, in: $0) > 0 }) {
            return nil
        }
        var score = 0
        for group in query.required {
            var best = 0
            for term in group {
                let hits = fields.map { Self.count(term, in: $0) }
                best = max(best, hits[0] * 10 + hits[3] * 5 + hits[1] + hits[2])
            }
            guard best > 0 else { return nil }
            score += best
        }
        return score
    }

    /// How many times the term occurs in a field's folded words.
    public static func count(_ term: SearchQuery.Term, in words: [String]) -> Int {
        switch term {
        case .word(let word, let prefix):
            return words.reduce(0) { $0 + ((prefix ? $1.hasPrefix(word) : $1 == word) ? 1 : 0) }
        case .phrase(let phrase):
            guard !phrase.isEmpty, words.count >= phrase.count else { return 0 }
            var found = 0
            for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
                if (1..<phrase.count).allSatisfy({ words[start + $0] == phrase[$0] }) { found += 1 }
            }
            return found
        }
    }

    /// Case and accents folded, as the full-text index compares.
    public static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func folded(_ term: SearchQuery.Term) -> SearchQuery.Term {
        switch term {
        case .word(let word, let prefix): return .word(fold(word), prefix: prefix)
        case .phrase(let words): return .phrase(words.map(fold))
        }
    }
}
