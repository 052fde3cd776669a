/// The reader of FTS5's `entryFTS_docsize` records that the search ranking (`entries_rank`) runs on
/// every row it scores: public for the fuzzing harness (Fuzz/), which feeds it a stranger's bytes, as
/// a damaged or crafted journal file would.
public enum FullTextDocsizeRecord {
    /// The row's token count from its docsize record (one SQLite varint per column, summed), or nil
    /// unless the record is at most 64 well-formed varints each at most `Int32.max`: the ranking then
    /// falls back to FTS5's own read of the row's length.
    public static func tokenCount(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        EntryRankFunction.tokenCount(docsize: bytes)
    }
}
