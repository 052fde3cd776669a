import EntryModel

/// What the index cannot tell about a query with phrases: whether the words of a phrase stand next to
/// each other, in order, in one field. Checked on the entries the `tsquery` found (which hold every
/// word, the tags and the date already): each required group holding a phrase must match one of its
/// terms, and no excluded phrase may occur. Fields are split and folded as ``SearchVector`` does (an
/// ASCII fast path: folding through Foundation would cost milliseconds an entry), only as far as needed.
struct PhraseCheck {
    private let groups: [[SearchQuery.Term]]
    private let excluded: [SearchQuery.Term]

    init(_ query: SearchQuery) {
        groups = query.required.filter { $0.contains(where: Self.isPhrase) }.map { $0.map(Self.folded) }
        excluded = query.excluded.filter(Self.isPhrase).map(Self.folded)
    }

    func admits(_ entry: Entry) -> Bool {
        let texts = [entry.title, entry.tags.joined(separator: " "), entry.moreDetails, entry.body]
        var fields = [[String]?](repeating: nil, count: texts.count)
        func occurs(_ term: SearchQuery.Term) -> Bool {
            for index in texts.indices {
                if fields[index] == nil { fields[index] = SearchTokens.words(in: texts[index]).map(SearchVector.fold) }
                if SearchQueryMatcher.count(term, in: fields[index] ?? []) > 0 { return true }
            }
            return false
        }
        for term in excluded where occurs(term) { return false }
        return groups.allSatisfy { $0.contains(where: occurs) }
    }

    private static func isPhrase(_ term: SearchQuery.Term) -> Bool {
        if case .phrase = term { return true }
        return false
    }

    private static func folded(_ term: SearchQuery.Term) -> SearchQuery.Term {
        switch term {
        case .word(let word, let prefix): return .word(SearchVector.fold(word), prefix: prefix)
        case .phrase(let words): return .phrase(words.map(SearchVector.fold))
        }
    }
}
