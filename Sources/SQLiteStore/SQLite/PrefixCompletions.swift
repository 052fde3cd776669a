import EntryModel
import Foundation
import GRDB

/// A search as you type, whose last word is a prefix, with the prefix spelled out as the `OR` of the
/// index's terms it starts (``IndexedTerms``): `"garden" "mee"*` becomes
/// `"garden" AND ("meet" OR "meeting")`.
///
/// FTS5 answers a prefix (without a prefix index, which would slow every import) by merging the
/// lists of entries of every term it starts, whole, before giving the first match: 20–30 ms for "mee"
/// at a million entries, whatever the LIMIT. An `OR` of whole terms is read lazily, newest first,
/// like one word, so the ranking window costs what it costs for a word. Both find the same entries,
/// and ``EntryRankFunction`` scores the completions as the one prefix phrase (its argument
/// ``groupedFrom``): the results and their order are the prefix query's.
///
/// The rule for a prefix with many completions: when it starts more than ``maximumCompletions``
/// terms (a two-letter prefix in a large vocabulary), the prefix query stays as it is. No completion
/// is dropped (taking the most frequent would change the results); an `OR` of thousands of terms
/// costs more to set up than it saves.
struct PrefixCompletions: Equatable {
    /// The FTS5 expression to match.
    var expression: String
    /// The first phrase of the completions, as `entries_rank`'s argument; `Int64.max` when the
    /// expression is not spelled out (every phrase scores on its own).
    var groupedFrom: Int64

    /// More completions than this and the prefix query stays (see the type's rule).
    static let maximumCompletions = 256

    /// The expression as is (no completions to group).
    static func plain(_ expression: String) -> PrefixCompletions {
        PrefixCompletions(expression: expression, groupedFrom: Int64.max)
    }

    /// The match for `fullText` (the words of `text`): its prefix query spelled out when that can be
    /// done exactly, else the prefix query itself. Read in the transaction of the search, so that the
    /// terms are those of the index the search reads.
    static func match(_ fullText: FullTextQuery, text: String, in db: Database) throws -> PrefixCompletions {
        guard let prefixQuery = fullText.prefix else { return .plain(fullText.exact) }
        let words = SearchTokens.words(in: text)
        guard let last = words.last, let tokenizer = try? IndexTokenizer(db),
            let folded = tokenizer.terms(last), folded.count == 1,
            // A page that cannot be read leaves the prefix query, which reports what is wrong.
            let completions = try? IndexedTerms.starting(with: folded[0], in: db, limit: maximumCompletions),
            !completions.isEmpty,
            // Each completion, quoted, must be read back by FTS5 as that one term.
            completions.allSatisfy({ tokenizer.terms($0) == [$0] })
        else { return .plain(prefixQuery) }
        let quoted: [String] = completions.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let alternatives = "(" + quoted.joined(separator: " OR ") + ")"
        // Words hold letters and digits only (SearchTokens): no quote to escape.
        let before = words.dropLast().map { "\"" + $0 + "\"" }
        return PrefixCompletions(
            expression: (before + [alternatives]).joined(separator: " AND "),
            groupedFrom: Int64(before.count))
    }
}
