import EntryModel

/// One ranking window of a ``SearchQuery`` as SQL (see ``SearchWindowPaging``): the newest `size`
/// matches with ids below `below`, each with its score (higher is better), for the store to sort and
/// cut pages from.
///
/// - With words to find: the full-text matches newest first (FTS5 walks its index in rowid order and
///   seeks to `below`), scored by ``EntryRankFunction`` (negated: it is smaller for better).
/// - With only qualifiers (and what to leave out): the entries that fit, newest first, scored by
///   creation time, so a window lists them newest first as ``SearchQuerySQL`` does.
struct SearchWindowSQL {
    var sql: String
    var arguments: [SearchQuerySQL.Argument]

    /// `rareTag`: as ``RareTagPlan`` chose.
    init(_ query: SearchQuery, below: Int64?, size: Int?, rareTag: String? = nil) {
        let match = SearchQuerySQL.match(query)
        let source = match == nil ? (from: "entry", id: "entry.id") : SearchQuerySQL.matchSource(query)
        let (filter, conditionArguments) = SearchQuerySQL.conditions(query, id: source.id, rareTag: rareTag)
        let bound: [SearchQuerySQL.Argument] = [.integer(below ?? Int64.max), .integer(Int64(size ?? -1))]
        if let match {
            sql = """
                SELECT \(source.id), -\(EntryRankFunction.call()) FROM \(source.from) \(EntryRankFunction.docsizeJoin)
                WHERE entryFTS MATCH ? AND entryFTS.rowid < ?\(filter) ORDER BY entryFTS.rowid DESC LIMIT ?
                """
            arguments = [.text(match), bound[0]] + conditionArguments + [bound[1]]
        } else {
            var excluded = ""
            var exclusionArguments: [SearchQuerySQL.Argument] = []
            if let words = SearchQuerySQL.excludedWords(query) {
                excluded = " AND entry.id NOT IN (SELECT rowid FROM entryFTS WHERE entryFTS MATCH ?)"
                exclusionArguments = [.text(words)]
            }
            sql = """
                SELECT entry.id, entry.createdAt FROM entry
                WHERE entry.id < ?\(filter)\(excluded) ORDER BY entry.id DESC LIMIT ?
                """
            arguments = [bound[0]] + conditionArguments + exclusionArguments + [bound[1]]
        }
    }

    /// The window of plain words (no qualifier): `match` is the FTS5 expression to rank, perhaps a
    /// prefix spelled out as its completions.
    init(plainMatch match: PrefixCompletions, below: Int64?, size: Int?) {
        sql = """
            SELECT entryFTS.rowid, -\(EntryRankFunction.call(groupedFrom: "?")) FROM entryFTS \(EntryRankFunction.docsizeJoin)
            WHERE entryFTS MATCH ? AND entryFTS.rowid < ? ORDER BY entryFTS.rowid DESC LIMIT ?
            """
        arguments = [
            .integer(match.groupedFrom), .text(match.expression), .integer(below ?? Int64.max),
            .integer(Int64(size ?? -1)),
        ]
    }

    /// The window of a search for symbols (text the index cannot find): the entries holding `text`
    /// byte for byte, newest first, all scored alike.
    init(symbols text: String, filter: EntryFilter, below: Int64?, size: Int?) {
        var conditions = ""
        var arguments: [SearchQuerySQL.Argument] = [.text(text), .integer(below ?? Int64.max)]
        if let tag = filter.tag {
            conditions += " AND EXISTS (SELECT 1 FROM entryTag WHERE entryTag.tag = ?3 AND entryTag.entryId = entry.id)"
            arguments.append(.text(tag))
        }
        if let created = filter.createdMilliseconds {
            let first = arguments.count + 1
            conditions += " AND entry.createdAt >= ?\(first) AND entry.createdAt < ?\(first + 1)"
            arguments += [.integer(created.lowerBound), .integer(created.upperBound)]
        }
        sql = """
            SELECT id, 0 FROM entry
            WHERE (instr(title, ?1) > 0 OR instr(body, ?1) > 0 OR instr(moreDetails, ?1) > 0 OR instr(tags, ?1) > 0)
              AND id < ?2\(conditions) ORDER BY id DESC LIMIT ?\(arguments.count + 1)
            """
        arguments.append(.integer(Int64(size ?? -1)))
        self.arguments = arguments
    }

    func bind(to statement: RawStatement) throws {
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case .text(let text): try statement.bind(text, at: Int32(index + 1))
            case .integer(let value): try statement.bind(value, at: Int32(index + 1))
            }
        }
    }
}
