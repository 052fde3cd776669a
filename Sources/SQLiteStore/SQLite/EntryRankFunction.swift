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
/// `entries_rank(entryFTS, n, sz)`: `sz` is the row's `entryFTS_docsize` record, joined by the
/// statement (``call(groupedFrom:)`` with ``docsizeJoin``), which holds the row's length. Read by
/// FTS5 itself (`xColumnSize`), the length costs a statement of its own per row: about 3 of the 10 ms
/// of a two-word search's first 50 at 1,000,000 entries. `n` may be NULL (no prefix phrases); a
/// missing or unreadable `sz` falls back to FTS5's own read.
///
/// See <https://www.sqlite.org/fts5.html#custom_auxiliary_functions>.
enum EntryRankFunction {
    static let name = "entries_rank"

    /// The join that gives ``call(groupedFrom:)`` each row's docsize record (a LEFT JOIN: a row
    /// without one is still found, and ranked through FTS5's own read of its length).
    static let docsizeJoin = "LEFT JOIN entryFTS_docsize ON entryFTS_docsize.id = entryFTS.rowid"

    /// The call in a statement that has ``docsizeJoin``: `groupedFrom` is SQL for `n` (a `?`, or NULL).
    static func call(groupedFrom: String = "NULL") -> String {
        "\(name)(entryFTS, \(groupedFrom), entryFTS_docsize.sz)"
    }

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
        let joinedTokens =
            argumentCount > 1 ? arguments.flatMap { EntryRankFunction.tokenCount(docsizeValue: $0[1]) } : nil
        guard api.xRowCount(context, &rowCount) == SQLITE_OK,
            api.xColumnTotalSize(context, -1, &totalTokens) == SQLITE_OK,
            joinedTokens != nil || api.xColumnSize(context, -1, &documentTokens) == SQLITE_OK
        else {
            sqlite3_result_error(resultContext, "entries_rank: cannot read the index statistics", -1)
            return
        }
        let k1 = 1.2, b = 0.75
        let averageTokens = rowCount > 0 ? max(1, Double(totalTokens) / Double(rowCount)) : 1
        let lengthFactor = k1 * (1 - b + b * Double(joinedTokens ?? Int64(documentTokens)) / averageTokens)
        let phraseCount = api.xPhraseCount(context)
        var grouped = phraseCount
        if argumentCount > 0, let value = arguments?[0], sqlite3_value_type(value) != SQLITE_NULL {
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

    /// ``tokenCount(docsize:)`` of an SQL value: nil unless it is a blob.
    private static func tokenCount(docsizeValue value: OpaquePointer?) -> Int64? {
        guard let value, sqlite3_value_type(value) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let start = sqlite3_value_blob(value) else { return nil }
        return tokenCount(docsize: UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The row's token count from its docsize record: FTS5's varints (SQLite's format), one per
    /// column, summed. Nil unless the record is at most 64 well-formed varints, so a damaged or
    /// crafted record falls back to FTS5's own read instead of scoring with a wrong length.
    static func tokenCount(docsize bytes: UnsafeRawBufferPointer) -> Int64? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var total: Int64 = 0, index = 0, columns = 0
        while index < count {
            var number: UInt64 = 0
            var length = 0
            while true {
                guard index < count, length < 9 else { return nil }
                let byte = bytes[index]
                index += 1
                length += 1
                if length == 9 {
                    number = (number << 8) | UInt64(byte)
                    break
                }
                number = (number << 7) | UInt64(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            columns += 1
            guard columns <= 64, number <= UInt64(Int32.max) else { return nil }
            total += Int64(number)
        }
        return total
    }
}
