import EntryModel
import Foundation

/// The search and date-filter reads of issue 14, on any repository: `entries-bench store` runs them
/// on the database it builds, `entries-bench search --database PATH` on an existing one (a kept 1M
/// database: no import to wait for).
enum SearchPageTimings {
    /// The app's search pages (issue 14): every match of a common word, 100 at a time, past the first
    /// 200 and ten ranking windows deep; the same within a tag and within a year (the list's filters).
    static func measure(_ entries: some EntryRepository) throws -> [(String, Timing)] {
        let common = GeneratedEntries.commonWord
        var timings: [(String, Timing)] = []
        var anchor: SearchAnchor?
        for _ in 0..<2 { anchor = try entries.search(SearchRequest(query: common, anchor: anchor, limit: 100)).next }
        if let anchor {
            let request = SearchRequest(query: common, anchor: anchor, limit: 100)
            timings.append(
                (
                    "search page \"\(common)\" results 201–300",
                    try Timing.measure(repetitions: 50) { _ = try entries.search(request) }
                ))
        }
        var deep: SearchAnchor?
        for _ in 0..<10 { deep = try entries.search(SearchRequest(query: common, anchor: deep, limit: 5_000)).next }
        if let deep {
            let request = SearchRequest(query: common, anchor: deep, limit: 100)
            timings.append(
                (
                    "search page \"\(common)\" results 50,001–50,100",
                    try Timing.measure(repetitions: 20) { _ = try entries.search(request) }
                ))
        }
        let tagged = SearchRequest(query: common, filter: EntryFilter(tag: GeneratedEntries.commonTag), limit: 100)
        timings.append(
            (
                "search page \"\(common)\" in tag \(GeneratedEntries.commonTag), first 100",
                try Timing.measure(repetitions: 50) { _ = try entries.search(tagged) }
            ))
        let rare = SearchRequest(query: common, filter: EntryFilter(tag: GeneratedEntries.rareTag), limit: 100)
        timings.append(
            (
                "search page \"\(common)\" in tag \(GeneratedEntries.rareTag), first 100",
                try Timing.measure(repetitions: 50) { _ = try entries.search(rare) }
            ))
        let zone = TimeZone(identifier: "UTC") ?? .current
        let lastYear = CivilDay(GeneratedEntries.lastDate, in: zone).year - 1
        let year = try DatePhraseReader(now: GeneratedEntries.lastDate, timeZone: zone).span(of: "\(lastYear)")
        let dated = EntryFilter(created: year.start..<year.end)
        let inYear = SearchRequest(query: common, filter: dated, limit: 100)
        timings.append(
            (
                "search page \"\(common)\" in \(lastYear), first 100",
                try Timing.measure(repetitions: 50) { _ = try entries.search(inYear) }
            ))
        let yearPage = PageRequest(order: .newest, filter: dated, limit: 50)
        timings.append(
            (
                "page newest in \(lastYear) (date filter) start",
                try Timing.measure(repetitions: 200) { _ = try entries.page(yearPage) }
            ))
        let yearEnd = PageRequest(order: .newest, filter: dated, anchor: .end, limit: 50)
        timings.append(
            (
                "page newest in \(lastYear) (date filter) end",
                try Timing.measure(repetitions: 200) { _ = try entries.page(yearEnd) }
            ))
        let titleYear = PageRequest(order: .title, filter: dated, limit: 50)
        timings.append(
            (
                "page title in \(lastYear) (date filter) start",
                try Timing.measure(repetitions: 200) { _ = try entries.page(titleYear) }
            ))
        return timings
    }

    /// The query language's costly cases, first 50 (as `store` measures them).
    static func queries(_ entries: some EntryRepository) throws -> [(String, Timing)] {
        let common = GeneratedEntries.commonWord
        return try [
            ("search \"\(common)\", first 50", common),
            ("search exclusion \"\(common) -garden\", first 50", "\(common) -garden"),
            (
                "search tag qualifier \"\(common) tag:\(GeneratedEntries.commonTag)\", first 50",
                "\(common) tag:\(GeneratedEntries.commonTag)"
            ),
            (
                "search tag qualifier, rare tag \"\(common) tag:\(GeneratedEntries.rareTag)\", first 50",
                "\(common) tag:\(GeneratedEntries.rareTag)"
            ),
        ].map { label, query in
            (label, try Timing.measure(repetitions: 30) { _ = try entries.search(query, limit: 50) })
        }
    }
}
