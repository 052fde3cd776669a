import EntryModel
import GRDB

/// A ``SearchQuery`` with more than plain words (phrases, `OR`, exclusions, `tag:`, `date:`) as one
/// SQL statement over the full-text index.
///
/// - Words become quoted FTS5 strings (no input reaches FTS5's syntax), groups `("a" OR "b")`, and
///   excluded words `NOT (…)`.
/// - The index keeps `detail=column` (which columns hold a word, not where), which cannot match
///   phrases: a phrase asks FTS5 for its words and ``PhraseFunction`` checks their order in the text.
/// - `tag:` and `date:` filter in the same pass, before the ranking window, so a rare tag among
///   common words is not lost past the window.
struct SearchQuerySQL {
    var sql: String
    /// What to bind, in order.
    var arguments: [Argument]

    enum Argument {
        case text(String)
        case integer(Int64)
    }

    /// The conditions on `entry` beyond the full-text match: the date span, the tags, the phrases'
    /// word order and the excluded phrases, as ` AND …`, with their arguments. `id` names the entry's
    /// id in the statement (the full-text rowid when the statement reads no `entry` row).
    ///
    /// `rareTag` (``RareTagPlan``) is checked against the list of its entries, made once, rather than
    /// by a lookup per match.
    static func conditions(
        _ query: SearchQuery, id: String = "entry.id", rareTag: String? = nil
    ) -> (sql: String, arguments: [Argument]) {
        var filters: [String] = []
        var arguments: [Argument] = []
        if let created = query.created {
            filters.append("entry.createdAt >= ? AND entry.createdAt < ?")
            arguments += [
                .integer(StoredDate.milliseconds(created.start)), .integer(StoredDate.milliseconds(created.end)),
            ]
        }
        var listed = false
        for tag in query.tags {
            if tag == rareTag && !listed {
                // `+`: a plain expression, not a constraint FTS5 is handed (it would start over for
                // each listed entry, and the ranking with it).
                listed = true
                filters.append("+\(id) IN (SELECT entryTag.entryId FROM entryTag WHERE entryTag.tag = ?)")
                arguments.append(.text(tag))
            } else {
                filters.append("EXISTS (SELECT 1 FROM entryTag WHERE entryTag.tag = ? AND entryTag.entryId = \(id))")
                arguments.append(.text(tag))
            }
        }
        for group in query.tagAlternatives {
            filters.append(
                "EXISTS (SELECT 1 FROM entryTag WHERE entryTag.tag IN (\(Self.placeholders(group.count))) AND entryTag.entryId = \(id))"
            )
            arguments += group.map { .text($0) }
        }
        if !query.excludedTags.isEmpty {
            let list = Self.placeholders(query.excludedTags.count)
            filters.append(
                "NOT EXISTS (SELECT 1 FROM entryTag WHERE entryTag.tag IN (\(list)) AND entryTag.entryId = \(id))")
            arguments += query.excludedTags.map { .text($0) }
        }
        for group in query.required where group.contains(where: Self.isPhrase) {
            // The group's FTS part found rows holding its words; keep those where a term really matches.
            let checks = group.map(Self.textCheck)
            filters.append("(" + checks.map(\.sql).joined(separator: " OR ") + ")")
            arguments += checks.flatMap(\.arguments)
        }
        for term in query.excluded where Self.isPhrase(term) {
            let check = Self.textCheck(term)
            filters.append("NOT " + check.sql)
            arguments += check.arguments
        }
        return (filters.isEmpty ? "" : " AND " + filters.joined(separator: " AND "), arguments)
    }

    /// `?, ?, …`: `count` positional placeholders.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// True when the conditions read the entry's row (its date or text), not only its id: a tag is
    /// checked by id alone, so a search with only tags to check skips reading each match's row.
    static func readsEntryRow(_ query: SearchQuery) -> Bool {
        query.created != nil || query.required.contains { $0.contains(where: isPhrase) }
            || query.excluded.contains(where: isPhrase)
    }

    /// `FROM …` of the matches and the id column to check conditions on.
    static func matchSource(_ query: SearchQuery) -> (from: String, id: String) {
        readsEntryRow(query)
            ? ("entryFTS JOIN entry ON entry.id = entryFTS.rowid", "entry.id")
            : ("entryFTS", "entryFTS.rowid")
    }

    /// The statement for `query`, ranking the newest `window` matches (all when nil), `limit` rows;
    /// `rareTag` as ``RareTagPlan`` chose.
    init(_ query: SearchQuery, window: Int64?, limit: Int, rareTag: String? = nil) {
        let match = Self.match(query)
        let source = match == nil ? (from: "entry", id: "entry.id") : Self.matchSource(query)
        let (filter, arguments) = Self.conditions(query, id: source.id, rareTag: rareTag)
        if let match {
            sql = """
                SELECT \(EntryColumns.summary) FROM (
                    SELECT \(source.id) AS id, \(EntryRankFunction.call()) AS score
                    FROM \(source.from) \(EntryRankFunction.docsizeJoin)
                    WHERE entryFTS MATCH ?\(filter) ORDER BY entryFTS.rowid DESC LIMIT ?
                ) AS hit JOIN entry ON entry.id = hit.id
                ORDER BY hit.score, entry.id DESC LIMIT ?
                """
            self.arguments = [.text(match)] + arguments + [.integer(window ?? -1), .integer(Int64(limit))]
        } else {
            // Nothing to look for but qualifiers (and what to leave out): the newest entries that fit.
            var excluded = ""
            var exclusionArguments: [Argument] = []
            if let words = Self.excludedWords(query) {
                excluded = " AND entry.id NOT IN (SELECT rowid FROM entryFTS WHERE entryFTS MATCH ?)"
                exclusionArguments = [.text(words)]
            }
            sql = """
                SELECT \(EntryColumns.summary) FROM entry
                WHERE 1\(filter)\(excluded) ORDER BY entry.createdAt DESC, entry.id DESC LIMIT ?
                """
            self.arguments = arguments + exclusionArguments + [.integer(Int64(limit))]
        }
    }

    /// The FTS5 expression of what must match and what must not, or nil when nothing must match.
    static func match(_ query: SearchQuery) -> String? {
        guard !query.required.isEmpty else { return nil }
        var expression = query.required.map { group in
            "(" + group.map(ftsTerm).joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")
        if let excluded = excludedWords(query) { expression = "(\(expression)) NOT (\(excluded))" }
        return expression
    }

    /// The excluded single words as one FTS5 `OR` (excluded phrases are checked in the text instead).
    static func excludedWords(_ query: SearchQuery) -> String? {
        let words = query.excluded.filter { !isPhrase($0) }.map(ftsTerm)
        return words.isEmpty ? nil : words.joined(separator: " OR ")
    }

    private static func ftsTerm(_ term: SearchQuery.Term) -> String {
        switch term {
        case .word(let word, let prefix):
            // Words hold letters and digits only (SearchTokens): no quote to escape.
            return "\"" + word + "\"" + (prefix ? "*" : "")
        case .phrase(let words):
            return "(" + words.map { "\"" + $0 + "\"" }.joined(separator: " AND ") + ")"
        }
    }

    private static func isPhrase(_ term: SearchQuery.Term) -> Bool {
        if case .phrase = term { return true }
        return false
    }

    /// SQL that is true when the term occurs in the entry's title, body, more details or tags.
    private static func textCheck(_ term: SearchQuery.Term) -> (sql: String, arguments: [Argument]) {
        switch term {
        case .word(let word, let prefix):
            let fts = "\"" + word + "\"" + (prefix ? "*" : "")
            return ("entry.id IN (SELECT rowid FROM entryFTS WHERE entryFTS MATCH ?)", [.text(fts)])
        case .phrase(let words):
            let phrase = words.joined(separator: " ")
            let function = PhraseFunction.name
            return (
                "(\(function)(entry.title, ?) OR \(function)(entry.body, ?) OR \(function)(entry.moreDetails, ?) OR \(function)(entry.tags, ?))",
                Array(repeating: .text(phrase), count: 4)
            )
        }
    }

    /// Binds the arguments to `statement`.
    func bind(to statement: RawStatement) throws {
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case .text(let text): try statement.bind(text, at: Int32(index + 1))
            case .integer(let value): try statement.bind(value, at: Int32(index + 1))
            }
        }
    }
}

/// `entries_phrase(text, 'w1 w2')`: 1 when the words occur in this order, next to each other, in
/// `text` (compared as the full-text index compares: case and accents folded).
enum PhraseFunction {
    static let name = "entries_phrase"

    static let function = DatabaseFunction(name, argumentCount: 2, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let phrase = String.fromDatabaseValue(values[1]) else {
            return 0
        }
        let phraseWords = phrase.split(separator: " ").map(String.init)
        if let found = ASCIIPhraseScan.contains(phraseWords, in: text) { return found ? 1 : 0 }
        let words = SearchTokens.words(in: text).map(SearchQueryMatcher.fold)
        let wanted = phrase.split(separator: " ").map { SearchQueryMatcher.fold(String($0)) }
        return SearchQueryMatcher.count(.phrase(wanted), in: words) > 0 ? 1 : 0
    }

    static func register(_ db: Database) {
        db.add(function: function)
    }
}
