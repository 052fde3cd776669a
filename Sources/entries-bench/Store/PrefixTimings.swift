import EntryModel

/// Search as you type (issue 17: ≤ 10 ms at 1M): the last word is a prefix, which the SQLite store
/// spells out as the index's terms it starts. A three-letter prefix with few completions, two words,
/// a two-letter one, and the app's search pages of them.
enum PrefixTimings {
    /// With `firstFifty`, also the first 50 of "mee" and "garden meet" (which `store` measures already
    /// among its queries).
    static func measure(_ entries: some EntryRepository, firstFifty: Bool) throws -> [(String, Timing)] {
        let common = GeneratedEntries.commonWord
        let three = String(common.prefix(3)), two = String(common.prefix(2)), words = "garden \(common.prefix(4))"
        // The floor: the same two words whole, whose window costs what a prefix's now does.
        var queries = [("two whole words \"garden \(common)\"", "garden \(common)"), ("typing \"\(two)\"", two)]
        if firstFifty { queries = [("typing \"\(three)\"", three), ("two words \"\(words)\"", words)] + queries }
        var timings = try queries.map { label, query in
            (
                "search \(label), first 50",
                try Timing.measure(repetitions: 50) { _ = try entries.search(query, limit: 50) }
            )
        }
        for query in [three, words, two] {
            let request = SearchRequest(query: query, limit: 100)
            timings.append(
                (
                    "search page \"\(query)\", first 100",
                    try Timing.measure(repetitions: 50) { _ = try entries.search(request) }
                ))
        }
        return timings
    }
}
