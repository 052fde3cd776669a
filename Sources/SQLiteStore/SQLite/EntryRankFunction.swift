import EntryModel
import GRDB
import GRDBSQLite

/// `entries_rank(entryFTS)`: the search ranking, an FTS5 auxiliary function registered on every
/// connection. Smaller is better, like FTS5's `bm25()`.
///
/// It is Okapi BM25 as FTS5 computes it (k1 = 1.2, b = 0.75, column weights title 10, body 1,
/// more details 1, tags 5, document length normalization), minus the inverse document frequency.
/// FTS5's `bm25()` gets each word's document frequency by walking every match of the word in the
/// whole index, once per query: 20 ms and more for a word found in half a million entries, whatever
/// the LIMIT. Every result contains every word of the query anyway (words are ANDed), so the ranking
/// loses little: all words weigh the same.
///
/// `entries_rank(entryFTS, n)`: the phrases from the `n`-th on (counted from 0) are the completions of
/// one prefix, spelled out by ``PrefixCompletions``; they score as the one prefix phrase FTS5 would
/// have matched: the columns holding any of them, each once.
///
/// See <https://www.sqlite.org/fts5.html#custom_auxiliary_functions>.
enum EntryRankFunction {
    static let name = "entries_rank"

    /// Weights of the FTS columns, in table order: title, body, moreDetails, tags.
    static let columnWeights: [Double] = [10, 1, 1, 5]

    /// Registers the function on this connection.
    static func register(_ db: Database) throws {
        let api = try FTS5API.pointer(db)
        let code = name.withCString { name in
            api.pointee.xCreateFunction(UnsafeMutablePointer(mutating: api), name, nil, rank, nil)
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register \(name)")
        }
    }

    /// The C entry point: reads the phrase hits and the document size through the FTS5 API.
    private static let rank: fts5_extension_function = { apiPointer, context, resultContext, argumentCount, arguments in
        guard let api = apiPointer?.pointee else { return }
        var rowCount: sqlite3_int64 = 0
        var totalTokens: sqlite3_int64 = 0
        var documentTokens: Int32 = 0
        guard api.xRowCount(context, &rowCount) == SQLITE_OK,
              api.xColumnTotalSize(context, -1, &totalTokens) == SQLITE_OK,
              api.xColumnSize(context, -1, &documentTokens) == SQLITE_OK
        else {
            sqlite3_result_error(resultContext, "entries_rank: cannot read the index statistics", -1)
            return
        }
        let k1 = 1.2, b = 0.75
        let averageTokens = rowCount > 0 ? max(1, Double(totalTokens) / Double(rowCount)) : 1
        let lengthFactor = k1 * (1 - b + b * Double(documentTokens) / averageTokens)
        let phraseCount = api.xPhraseCount(context)
        var grouped = phraseCount
        if argumentCount > 0, let value = arguments?[0] {
            grouped = Int32(clamping: max(0, min(Int64(phraseCount), sqlite3_value_int64(value))))
        }
        var score = 0.0
        for phrase in 0..<grouped {
            // detail=column: which columns hold the phrase, not how often.
            var frequency = 0.0
            var iterator = Fts5PhraseIter()
            var column: Int32 = -1
            _ = api.xPhraseFirstColumn(context, phrase, &iterator, &column)
            while column >= 0 {
                frequency += Int(column) < columnWeights.count ? columnWeights[Int(column)] : 1
                api.xPhraseNextColumn(context, &iterator, &column)
            }
            score += frequency * (k1 + 1) / (frequency + lengthFactor)
        }
        if grouped < phraseCount {
            // The completions of the prefix: the union of their columns, summed in column order as
            // FTS5 lists the prefix phrase's columns.
            var columns: UInt64 = 0  // a bit per column (the index has four)
            for phrase in grouped..<phraseCount {
                var iterator = Fts5PhraseIter()
                var column: Int32 = -1
                _ = api.xPhraseFirstColumn(context, phrase, &iterator, &column)
                while column >= 0 {
                    if column < 64 { columns |= 1 << UInt64(column) }
                    api.xPhraseNextColumn(context, &iterator, &column)
                }
            }
            var frequency = 0.0
            while columns != 0 {
                let column = columns.trailingZeroBitCount
                frequency += column < columnWeights.count ? columnWeights[column] : 1
                columns &= columns - 1
            }
            score += frequency * (k1 + 1) / (frequency + lengthFactor)
        }
        sqlite3_result_double(resultContext, -score)
    }
}
