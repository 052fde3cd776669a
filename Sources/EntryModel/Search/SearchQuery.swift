import Foundation

/// A search as the user wrote it in the query language, parsed: words and phrases that must match,
/// alternatives, exclusions, and the tag and date qualifiers.
///
/// ```text
/// garden "red beans" -slugs tomato OR pepper tag:allotment date:2024-06
/// tag:work OR tag:home -tag:draft
/// ```
/// The first finds entries with "garden", the phrase "red beans", "tomato" or "pepper", without
/// "slugs", tagged `allotment`, written in June 2024; the second those tagged `work` or `home` and not
/// `draft` (tags in any case, ``TagKey``). Words match whole words, ignoring case and accents; the last
/// word, when typed bare, also matches as a prefix (search as you type). ``SearchQueryParser`` reads
/// the text; each repository turns the result into its own query.
public struct SearchQuery: Equatable, Sendable {
    /// One thing to look for.
    public enum Term: Equatable, Sendable {
        /// A whole word, or any word starting with it when `prefix`.
        case word(String, prefix: Bool)
        /// Words that must appear in this order, next to each other, in one field.
        case phrase([String])

        /// Its words, in order.
        public var words: [String] {
            switch self {
            case .word(let word, _): return [word]
            case .phrase(let words): return words
            }
        }
    }

    /// Every group must match; a group matches when any of its terms does (`tomato OR pepper`).
    public var required: [[Term]]
    /// Entries matching any of these are left out (`-slugs`).
    public var excluded: [Term]
    /// Entries must carry every one of these tags (`tag:allotment`).
    public var tags: [String]
    /// Entries must carry at least one tag of each group (`tag:work OR tag:home`), groups of two or more.
    public var tagAlternatives: [[String]]
    /// Entries carrying any of these tags are left out (`-tag:draft`).
    public var excludedTags: [String]
    /// Entries must have been created within this span (`date:2024-06`).
    public var created: DateSpan?

    /// Creates a query from its parts; ``SearchQueryParser`` makes one from what the user typed.
    public init(
        required: [[Term]] = [], excluded: [Term] = [], tags: [String] = [], tagAlternatives: [[String]] = [],
        excludedTags: [String] = [], created: DateSpan? = nil
    ) {
        self.required = required
        self.excluded = excluded
        self.tags = tags
        self.tagAlternatives = tagAlternatives
        self.excludedTags = excludedTags
        self.created = created
    }

    /// Every tag the query names, wanted or left out (what a store looks up).
    public var namedTags: [String] {
        tags + tagAlternatives.joined() + excludedTags
    }

    /// Whether an entry carrying `entryTags` passes the query's tags (in any case, ``TagKey``).
    public func admitsTags(_ entryTags: [String]) -> Bool {
        let carried = Set(entryTags.map(TagKey.key))
        return tags.allSatisfy { carried.contains(TagKey.key($0)) }
            && tagAlternatives.allSatisfy { $0.contains { carried.contains(TagKey.key($0)) } }
            && !excludedTags.contains { carried.contains(TagKey.key($0)) }
    }

    /// Nothing but words to find, all required: the plain search every store ranks fastest.
    public var isPlainWords: Bool {
        excluded.isEmpty && tags.isEmpty && tagAlternatives.isEmpty && excludedTags.isEmpty && created == nil
            && required.allSatisfy { group in
                guard group.count == 1, case .word = group[0] else { return false }
                return true
            }
    }

    /// The words of the plain search, the last one maybe a prefix, as typed (for the fast path).
    public var plainWords: [String] {
        required.flatMap { $0.flatMap(\.words) }
    }

    /// Every word the user looks for (not the excluded ones), to highlight in what is shown.
    public var highlightedWords: [String] {
        required.flatMap { $0.flatMap(\.words) }
    }
}

/// A query that cannot be searched, and why, in words a user can act on.
public struct SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the query and how to fix it, shown to the user as is.
    public var message: String

    /// Creates the error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message, as is.
    public var description: String { message }
}
