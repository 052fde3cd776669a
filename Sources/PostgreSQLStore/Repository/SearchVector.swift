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

    /// One distinct word of an entry and the fields it appears in (bit 0 title … bit 3 body).
    struct Lexeme {
        var word: String
        var fields: UInt8
    }

    /// The positions and weights of the four fields, in the text form of a `tsvector`.
    private static let fieldPositions = ["1A", "2B", "3C", "4D"]

    /// The distinct words of an entry's fields in the order first seen, each with its fields; a text
    /// with more distinct words than fit in ``budget`` keeps the first of them.
    static func lexemes(title: String, tags: [String], moreDetails: String, body: String) -> [Lexeme] {
        var indexOfWord: [String: Int] = [:]
        var lexemes: [Lexeme] = []
        var size = 0
        let fields = [title, tags.joined(separator: " "), moreDetails, body]
        for (field, text) in fields.enumerated() {
            let bit = UInt8(1) << field
            for word in SearchTokens.words(in: text).lazy.map(fold)
            where word.utf8.count <= longestWord && !word.isEmpty {
                if let index = indexOfWord[word] {
                    lexemes[index].fields |= bit
                    continue
                }
                size += word.utf8.count + 12
                if size > budget { continue }
                indexOfWord[word] = lexemes.count
                lexemes.append(Lexeme(word: word, fields: bit))
            }
        }
        return lexemes
    }

    /// The `tsvector` literal of an entry's fields.
    static func literal(title: String, tags: [String], moreDetails: String, body: String) -> String {
        literal(lexemes(title: title, tags: tags, moreDetails: moreDetails, body: body))
    }

    /// The `tsvector` literal of `lexemes`: `'word':1A,4D …`.
    static func literal(_ lexemes: [Lexeme]) -> String {
        var literal = ""
        for lexeme in lexemes {
            if !literal.isEmpty { literal += " " }
            literal += quoted(lexeme.word) + ":"
            var first = true
            for field in 0..<4 where lexeme.fields & (1 << field) != 0 {
                if !first { literal += "," }
                literal += fieldPositions[field]
                first = false
            }
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
