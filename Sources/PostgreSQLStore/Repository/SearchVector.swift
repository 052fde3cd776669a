import EntryModel
import Foundation

/// The full-text side of an entry and of a query, built by the client so that PostgreSQL and SQLite
/// agree on what a word is: ``SearchTokens`` splits, case and diacritics are folded (as SQLite's
/// `unicode61 remove_diacritics 2`), and PostgreSQL only stores and matches the words it is given
/// (no parser, no stemming, no stop words).
///
/// An entry's `tsvector` holds each distinct word once per field it appears in, at a position naming
/// the field (title 1 weight A, tags 2 B, more details 3 C, body 4 D): which fields hold a word, not
/// how often, like SQLite's `detail=column` index. `ts_rank` then weighs the fields as SQLite's ranking
/// does (title 10, tags 5, body and more details 1).
///
/// See <https://www.postgresql.org/docs/current/datatype-textsearch.html>.
enum SearchVector {
    /// `ts_rank` weights, in PostgreSQL's order {D, C, B, A}: body, more details, tags, title.
    static let rankWeights = "{0.1, 0.1, 0.5, 1.0}"
    /// PostgreSQL refuses a lexeme of 2 KiB or more; such a "word" is not searchable.
    static let longestWord = 2_000
    /// A `tsvector` must stay under 1 MiB: a text with more distinct words than fit is searchable by
    /// the first of them (about 50,000 words).
    static let budget = 900_000

    /// The `tsvector` literal of an entry's fields.
    static func literal(title: String, tags: [String], moreDetails: String, body: String) -> String {
        var fieldsOfWord: [String: [String]] = [:]
        var order: [String] = []
        var size = 0
        let fields: [(String, String)] = [
            (title, "1A"), (tags.joined(separator: " "), "2B"), (moreDetails, "3C"), (body, "4D"),
        ]
        for (text, position) in fields {
            var seen = Set<String>()
            for word in SearchTokens.words(in: text).lazy.map(fold) where word.utf8.count <= longestWord && !word.isEmpty {
                guard seen.insert(word).inserted else { continue }
                if fieldsOfWord[word] == nil {
                    size += word.utf8.count + 12
                    if size > budget { continue }
                    order.append(word)
                }
                fieldsOfWord[word, default: []].append(position)
            }
        }
        var literal = ""
        literal.reserveCapacity(size)
        for word in order {
            if !literal.isEmpty { literal += " " }
            literal += quoted(word) + ":" + fieldsOfWord[word, default: []].joined(separator: ",")
        }
        return literal
    }

    /// The `tsquery` literal for what a user typed: every word ANDed, the last one also as a prefix
    /// when it has two characters or more (search as you type); nil when there is no word to search,
    /// or a word no entry can hold.
    static func query(_ text: String) -> String? {
        let words = SearchTokens.words(in: text).map(fold).filter { !$0.isEmpty }
        guard let last = words.last, words.allSatisfy({ $0.utf8.count <= longestWord }) else { return nil }
        let isPrefix = SearchTokens.words(in: text).last.map { $0.count > 1 } ?? false
        var parts = words.dropLast().map(quoted)
        parts.append(quoted(last) + (isPrefix ? ":*" : ""))
        return parts.joined(separator: " & ")
    }

    /// Case and diacritics folded, as the in-memory repository and SQLite's tokenizer fold them.
    static func fold(_ word: String) -> String {
        // Most words are ASCII: lower-casing their bytes is the same fold, without Foundation's
        // (ICU's) cost, which would dominate a large import.
        var utf8 = Array(word.utf8)
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for index in utf8.indices where utf8[index] >= 65 && utf8[index] <= 90 { utf8[index] += 32 }
            return String(decoding: utf8, as: UTF8.self)
        }
        return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// A lexeme in quotes, with `'` and `\` escaped (words hold neither, but nothing is assumed).
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }
}
