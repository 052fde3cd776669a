import Foundation

/// Reads the search query language into a ``SearchQuery``:
///
/// | written | means |
/// |---|---|
/// | `garden beans` | both words (the last one also as a prefix) |
/// | `"red beans"` | the phrase: these words next to each other, in this order |
/// | `-slugs`, `-"slug pellets"` | leave out entries with the word or phrase |
/// | `tomato OR pepper` | either word (`OR` in capitals) |
/// | `tag:python`, `tag:@python` | only entries with the tag (in any case: `tag:Python` too) |
/// | `tag:work OR tag:home` | entries with either tag |
/// | `-tag:draft` | leave out entries with the tag |
/// | `date:2024-06`, `date:"last week"` | only entries written then (any date phrase) |
///
/// Anything else that is not a letter or digit separates words, so no input reaches a store's
/// query syntax. Mistakes are a ``SearchQueryError`` that says what to write instead.
///
/// A query typed into the app is searched at every key, so half-written ones are normal: the
/// repositories read queries ``lenient``ly (an open quote runs to the end, a lone `-` or `OR` is
/// skipped, an unreadable date finds nothing), while the command line and the app's status line
/// report the mistake by parsing strictly.
public struct SearchQueryParser: Sendable {
    /// How many words one query may look for (or leave out), all its phrases' words and OR's
    /// alternatives counted: each is a walk of the full-text index. Checked before the query runs, so a
    /// query pasted from somewhere (ten thousand ORs) is refused at once instead of running to the
    /// time limit. What the bounds allow, measured at 200,000 entries, is in docs/search.md.
    public static let maximumWords = 32
    /// How many words one phrase may hold: each is matched in order in every entry that has them all.
    public static let maximumPhraseWords = 16
    /// How many `tag:` qualifiers one query may hold (wanted, alternatives and left out together).
    public static let maximumTags = 16

    /// Reads `date:` phrases.
    public var dates: DatePhraseReader
    /// Whether mistakes are read as well as they can be instead of thrown.
    public var lenient: Bool

    /// Creates a parser reading `date:` with `dates`; `lenient` reads mistakes as well as it can instead of throwing.
    public init(dates: DatePhraseReader = DatePhraseReader(), lenient: Bool = false) {
        self.dates = dates
        self.lenient = lenient
    }

    /// What was written, as the store will search it.
    public func parse(_ text: String) throws(SearchQueryError) -> SearchQuery {
        let items = try items(in: text)
        return try query(from: items)
    }

    /// The query as well as it reads, for search as you type; nil when it can find nothing (only
    /// words to leave out, or a date that does not read).
    public static func lenientQuery(_ text: String, dates: DatePhraseReader = DatePhraseReader()) -> SearchQuery? {
        try? SearchQueryParser(dates: dates, lenient: true).parse(text)
    }

    /// Why `text` is not searched at all, even read leniently (it asks more than the bounds allow,
    /// leaves out without looking for anything, or names a date that does not read): what a screen
    /// that searches as you type shows instead of "no matches". Nil when it is searched.
    public static func refusal(of text: String, dates: DatePhraseReader = DatePhraseReader()) -> SearchQueryError? {
        do {
            _ = try SearchQueryParser(dates: dates, lenient: true).parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// Throws the mistake, unless lenient.
    private func mistake(_ message: String) throws(SearchQueryError) {
        if !lenient { throw SearchQueryError(message) }
    }

    // MARK: - Items

    /// One piece of a query, in the order written.
    enum Item: Equatable {
        case term(SearchQuery.Term, excluded: Bool, bare: Bool)
        case or
        case tag(String, excluded: Bool)
        case date(DateSpan)

        /// A word or a tag wanted (not left out): what `OR` may join.
        var isWanted: Bool {
            switch self {
            case .term(_, excluded: false, _), .tag(_, excluded: false): return true
            default: return false
            }
        }

        /// A tag wanted (not left out).
        var isWantedTag: Bool {
            if case .tag(_, excluded: false) = self { return true }
            return false
        }
    }

    func items(in text: String) throws(SearchQueryError) -> [Item] {
        var items: [Item] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if characters[index].isWhitespace {
                index += 1
                continue
            }
            var excluded = false
            if characters[index] == "-" {
                guard index + 1 < characters.count, !characters[index + 1].isWhitespace else {
                    try mistake(#"a lone "-" leaves nothing out: write it before a word, as in -slugs"#)
                    index += 1
                    continue
                }
                excluded = true
                index += 1
            }
            if characters[index] == "\"" {
                let (content, next) = try quoted(characters, from: index)
                index = next
                let words = SearchTokens.words(in: content)
                guard !words.isEmpty else { continue }
                items.append(
                    .term(
                        words.count == 1 ? .word(words[0], prefix: false) : .phrase(words), excluded: excluded,
                        bare: false))
                continue
            }
            let start = index
            while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"" {
                index += 1
            }
            let token = String(characters[start..<index])
            if let qualifier = Self.qualifierName(token) {
                var value = String(token.dropFirst(qualifier.count + 1))
                if value.isEmpty, index < characters.count, characters[index] == "\"" {
                    let (content, next) = try quoted(characters, from: index)
                    value = content
                    index = next
                }
                if excluded && qualifier != "tag" { try mistake("\(qualifier): cannot be excluded with \"-\"") }
                if let item = try qualifierItem(qualifier, value: value) {
                    if case .tag(let tag, _) = item {
                        items.append(.tag(tag, excluded: excluded))
                    } else {
                        items.append(item)
                    }
                }
                continue
            }
            if token == "OR" && !excluded {
                items.append(.or)
                continue
            }
            let words = SearchTokens.words(in: token)
            if excluded && words.count > 1 {
                // -e-mail leaves out "e mail", not every entry with an "e".
                items.append(.term(.phrase(words), excluded: true, bare: true))
                continue
            }
            for word in words {
                items.append(.term(.word(word, prefix: false), excluded: excluded, bare: true))
            }
        }
        return items
    }

    /// The text between the quote at `start` and the next one, and the index after it.
    private func quoted(_ characters: [Character], from start: Int) throws(SearchQueryError) -> (String, Int) {
        var end = start + 1
        while end < characters.count, characters[end] != "\"" { end += 1 }
        guard end < characters.count else {
            try mistake("the quote at character \(start + 1) is not closed: add a \" after the phrase")
            return (String(characters[(start + 1)...]), end)
        }
        return (String(characters[(start + 1)..<end]), end + 1)
    }

    private static let qualifiers = ["tag", "date"]

    /// `tag` or `date` when the token starts with `tag:` or `date:` (any case).
    private static func qualifierName(_ token: String) -> String? {
        qualifiers.first { token.lowercased().hasPrefix($0 + ":") }
    }

    /// The qualifier's item; nil when lenient and there is nothing to it yet (`tag:` being typed).
    private func qualifierItem(_ name: String, value: String) throws(SearchQueryError) -> Item? {
        switch name {
        case "tag":
            let tag = (value.hasPrefix("@") ? String(value.dropFirst()) : value).trimmingWhitespace()
            guard !tag.isEmpty else {
                try mistake("tag: needs a tag, as in tag:python")
                return nil
            }
            return .tag(tag, excluded: false)
        default:
            guard !value.isEmpty else {
                try mistake(#"date: needs a date, as in date:2024-06 or date:"last week""#)
                return nil
            }
            do {
                return .date(try dates.span(of: value))
            } catch {
                // Even when lenient: a date that does not read finds nothing rather than everything.
                throw SearchQueryError("date: \(error)")
            }
        }
    }

    // MARK: - Query

    func query(from allItems: [Item]) throws(SearchQueryError) -> SearchQuery {
        var items = allItems
        if lenient {
            // A lone OR, or one next to another OR, to a word or tag left out, or between a word and
            // a tag, is skipped.
            items = items.enumerated().filter { position, item in
                guard item == .or else { return true }
                guard position > 0, position + 1 < items.count,
                    items[position - 1].isWanted, items[position + 1].isWanted,
                    items[position - 1].isWantedTag == items[position + 1].isWantedTag
                else { return false }
                return true
            }.map(\.element)
        }
        var query = SearchQuery()
        var joinNext = false
        // Wanted tags in groups: one tag, or the tags an OR joins (`tag:a OR tag:b`).
        var tagGroups: [[String]] = []
        for (position, item) in items.enumerated() {
            switch item {
            case .or:
                let before = position > 0 ? items[position - 1] : nil
                let after = position + 1 < items.count ? items[position + 1] : nil
                guard let before, let after, before.isWanted, after.isWanted else {
                    throw SearchQueryError(
                        "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home"
                    )
                }
                guard before.isWantedTag == after.isWantedTag else {
                    throw SearchQueryError(
                        "OR joins two words or two tags, as in tomato OR pepper, or tag:work OR tag:home; not a word and a tag"
                    )
                }
                joinNext = true
            case .term(let term, let excluded, _):
                if excluded {
                    query.excluded.append(term)
                } else if joinNext, !query.required.isEmpty {
                    query.required[query.required.count - 1].append(term)
                } else {
                    query.required.append([term])
                }
                joinNext = false
            case .tag(let tag, excluded: true):
                if !query.excludedTags.contains(where: { TagKey.same($0, tag) }) { query.excludedTags.append(tag) }
            case .tag(let tag, excluded: false):
                if joinNext, !tagGroups.isEmpty {
                    tagGroups[tagGroups.count - 1].append(tag)
                } else {
                    tagGroups.append([tag])
                }
                joinNext = false
            case .date(let span):
                if query.created != nil { try mistake("date: can be given once") }
                query.created = span
            }
        }
        for group in tagGroups.map({ TagList.firstOccurrences($0, by: TagKey.key) }) {
            if group.count == 1 {
                if !query.tags.contains(where: { TagKey.same($0, group[0]) }) { query.tags.append(group[0]) }
            } else if !query.tagAlternatives.contains(group) {
                query.tagAlternatives.append(group)
            }
        }
        // Search as you type: the last word to look for, typed bare with two characters or more, is
        // also a prefix (words left out and qualifiers after it do not change that).
        let lastWanted = items.last { if case .term(_, excluded: false, _) = $0 { return true } else { return false } }
        if case .term(.word(let word, _), excluded: false, bare: true)? = lastWanted, word.count > 1,
            let group = query.required.indices.last, let last = query.required[group].indices.last
        {
            query.required[group][last] = .word(word, prefix: true)
        }
        if query.required.isEmpty && !query.excluded.isEmpty && query.tags.isEmpty && query.tagAlternatives.isEmpty
            && query.excludedTags.isEmpty && query.created == nil
        {
            throw SearchQueryError("a search needs something to look for besides what it leaves out")
        }
        try Self.checkCost(of: query)
        return query
    }

    /// Refuses a query that asks for more than the bounds allow, saying what was too much; even when
    /// lenient (a query that big is not half-typed, and running it would stop the app's search).
    static func checkCost(of query: SearchQuery) throws(SearchQueryError) {
        let terms = query.required.joined() + query.excluded
        if let long = terms.first(where: { $0.words.count > maximumPhraseWords }) {
            let shown = QuotedExcerpt.quoted(long.words.joined(separator: " "))
            throw SearchQueryError(
                "the phrase \(shown) has \(long.words.count) words, and a search looks for a phrase of "
                    + "\(maximumPhraseWords) at most: search for a shorter part of it")
        }
        let words = terms.reduce(0) { $0 + $1.words.count }
        if words > maximumWords {
            throw SearchQueryError(
                "the search asks for \(words) words (phrases and ORs counted), and looks for \(maximumWords) "
                    + "at most at once: leave some out")
        }
        let tags = query.namedTags.count
        if tags > maximumTags {
            throw SearchQueryError("the search names \(tags) tags, and takes \(maximumTags) tag: at most")
        }
    }
}
