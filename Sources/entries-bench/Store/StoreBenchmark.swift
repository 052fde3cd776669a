import EntryInterchange
import EntryModel
import Foundation

/// One run of the store benchmark on a new store of `size` generated entries, on one backend.
struct StoreBenchmark {
    /// What one run measured. Timings are in seconds.
    struct Result {
        var backend: String
        var size: Int
        /// The median import of ``importRuns`` runs, and the slowest.
        var importRate: Double
        var importSeconds: Double
        var slowestImportSeconds: Double
        var importRuns: Int
        /// Seconds per stage of the median run, in the order of ``ImportStages/names`` (nil when the
        /// store did not report its stages).
        var importStages: [Double]?
        /// The store's own account of the median run (``StoreBackend/importDetails()``).
        var importDetails: [(label: String, seconds: Double)] = []
        /// Rows of the table, in order: a label and a timing.
        var timings: [(label: String, timing: Timing)]
        var searchMatches: [(label: String, count: Int)]
        var walkChecked: Bool
        var fileBytes: Int64
    }

    let size: Int
    /// Whether the generated entries link to each other (``GeneratedEntries/init(seed:withLinks:)``).
    var withLinks = false
    var backend: any StoreBackend
    let progress: BenchmarkProgress
    private let pageSize = 50
    private let repetitions = 200

    init(size: Int, backend: any StoreBackend, progress: BenchmarkProgress) {
        self.size = size
        self.backend = backend
        self.progress = progress
    }

    /// Every size is stored through ``StreamedImport``, a batch at a time, as `entries import` stores
    /// a file (the duplicate check inside, batch by batch). Sizes up to this are generated before the
    /// import; larger ones a batch at a time as they are stored: ten million drafts held at once would
    /// take over 10 GB. The time spent making up the entries is left out of the import's.
    static let streamedAbove = 2_000_000

    /// How many times the import is measured, each into a new database: a small import takes a
    /// tenth of a second, which one busy moment of the machine can double, so small sizes report the
    /// median of several runs.
    static func importRuns(for size: Int) -> Int {
        size <= 10_000 ? 7 : size <= 100_000 ? 3 : 1
    }

    /// Builds the database and measures; with `importOnly`, stops after the import and its
    /// re-import (for profiling), or right after the import when `reimport` is false as well.
    mutating func run(importOnly: Bool = false, reimport: Bool = true) throws -> Result {
        let size = self.size
        let withLinks = self.withLinks
        let streamed = size > Self.streamedAbove
        var generator = GeneratedEntries(withLinks: withLinks)
        if !streamed { progress.show("\(size): generating entries") }
        let drafts = streamed ? [] : generator.drafts(size)
        let runs = Self.importRuns(for: size)
        var runSeconds: [Double] = []
        var runStages: [[Double]?] = []
        var runDetails: [[(label: String, seconds: Double)]] = []
        var database: (any EntryRepository)?
        let name = backend.name
        for run in 1...runs {
            let opened = try backend.makeEmpty()
            database = opened
            let total = size
            let progress = self.progress
            let stages = ImportStages()
            var generating = 0.0
            let seconds = try Timing.seconds {
                stages.start()
                // As `entries import` stores a file: a batch checked and stored at a time, inside the
                // store's one transaction. Above `streamedAbove` the batches are generated as they go.
                var generator = GeneratedEntries(withLinks: withLinks)
                var done = 0
                _ = try StreamedImport.run(into: opened, skippingDuplicates: true, progress: { stages.record($0) }) {
                    sink in
                    while done < total {
                        let count = min(StreamedImport.batchSize, total - done)
                        var batch: ArraySlice<EntryDraft> = []
                        if streamed {
                            generating += Timing.seconds { batch = generator.drafts(count)[...] }
                        } else {
                            batch = drafts[done..<done + count]
                        }
                        for draft in batch { try sink(draft) }
                        done += batch.count
                        if done % max(1, total / 100) < StreamedImport.batchSize {
                            progress.show(
                                "\(name) \(total): importing \(done * 100 / total)% (run \(run) of \(runs))")
                        }
                    }
                }
            }
            // Making up the entries is the benchmark's work, not the store's.
            runSeconds.append(seconds - generating)
            runStages.append(stages.seconds(excludingFromRows: generating))
            runDetails.append(backend.importDetails())
        }
        guard let entries = database else { throw BenchmarkError("no import ran") }
        let importSeconds = runSeconds.sorted()[runSeconds.count / 2]
        let importStages = runSeconds.firstIndex(of: importSeconds).flatMap { runStages[$0] }
        let importDetails = runSeconds.firstIndex(of: importSeconds).map { runDetails[$0] } ?? []
        var timings: [(String, Timing)] = []
        var walkChecked = true
        if importOnly && !reimport {
            try backend.close()
            return Result(
                backend: name, size: size, importRate: Double(size) / importSeconds, importSeconds: importSeconds,
                slowestImportSeconds: runSeconds.max() ?? importSeconds, importRuns: runs, importStages: importStages,
                importDetails: importDetails, timings: timings, searchMatches: [], walkChecked: true,
                fileBytes: backend.bytes())
        }
        // Importing the same entries again: every one is found present and skipped.
        progress.show("\(size): importing the same entries again")
        var skippedAll = false
        var regenerating = 0.0
        let reimport = try Timing.seconds {
            if streamed {
                var generator = GeneratedEntries(withLinks: withLinks)
                var filter = DuplicateEntries.Filter(repository: entries)
                var done = 0, kept = 0
                while done < size {
                    var batch: [EntryDraft] = []
                    regenerating += Timing.seconds {
                        batch = generator.drafts(min(StreamedImport.batchSize, size - done))
                    }
                    kept += try filter.kept(batch).count
                    done += batch.count
                }
                skippedAll = kept == 0 && filter.skipped == size
            } else {
                let (newDrafts, skipped) = try DuplicateEntries.withoutDuplicates(drafts, in: entries)
                skippedAll = newDrafts.isEmpty && skipped == size
            }
        }
        guard skippedAll else { throw BenchmarkError("importing the same entries again did not skip them all") }
        timings.append(("import again (all skipped)", Timing(samples: [reimport - regenerating])))
        if importOnly {
            try backend.close()
            return Result(
                backend: name, size: size, importRate: Double(size) / importSeconds, importSeconds: importSeconds,
                slowestImportSeconds: runSeconds.max() ?? importSeconds, importRuns: runs, importStages: importStages,
                importDetails: importDetails, timings: timings, searchMatches: [], walkChecked: true,
                fileBytes: backend.bytes())
        }
        for order in EntrySortOrder.allCases {
            progress.show("\(name) \(size): walking every page in \(order) order")
            let walk = try walkAllPages(entries, order: order, filter: .all)
            walkChecked = walkChecked && walk.count == size && walk.distinctIDs == size
            let start = PageRequest(order: order, limit: pageSize)
            timings.append(("page \(order) start", try time { _ = try entries.page(start) }))
            let middle = PageRequest(order: order, anchor: .after(walk.middle), limit: pageSize)
            timings.append(("page \(order) middle", try time { _ = try entries.page(middle) }))
            let end = PageRequest(order: order, anchor: .after(walk.beforeLastPage), limit: pageSize)
            timings.append(("page \(order) end", try time { _ = try entries.page(end) }))
            let back = PageRequest(order: order, anchor: .before(walk.middle), limit: pageSize)
            timings.append(("page \(order) middle, backwards", try time { _ = try entries.page(back) }))
        }
        progress.show("\(name) \(size): tag filters, counts, search")
        for tag in [GeneratedEntries.commonTag, GeneratedEntries.rareTag] {
            let filter = EntryFilter(tag: tag)
            let start = PageRequest(order: .newest, filter: filter, limit: pageSize)
            timings.append(("page newest tag \(tag) start", try time { _ = try entries.page(start) }))
            let end = PageRequest(order: .newest, filter: filter, anchor: .end, limit: pageSize)
            timings.append(("page newest tag \(tag) end", try time { _ = try entries.page(end) }))
        }
        timings += try marksTimings(entries)
        timings.append(("count all", try time(repetitions: 20) { _ = try entries.count(filter: .all) }))
        timings += try journalTimings(entries)
        var searchMatches: [(String, Int)] = []
        let common = GeneratedEntries.commonWord
        let queries = [
            ("common word \"\(common)\"", common),
            ("rare word \"\(GeneratedEntries.rareWord)\"", GeneratedEntries.rareWord),
            ("typing \"\(common.prefix(3))\"", String(common.prefix(3))),
            ("two words \"garden \(common.prefix(4))\"", "garden \(common.prefix(4))"),
            // The query language (issue 14): a word left out, and a tag qualifier.
            ("exclusion \"\(common) -garden\"", "\(common) -garden"),
            (
                "tag qualifier \"\(common) tag:\(GeneratedEntries.commonTag)\"",
                "\(common) tag:\(GeneratedEntries.commonTag)"
            ),
        ]
        for (label, query) in queries {
            let found = try entries.search(query, limit: pageSize)
            searchMatches.append((label, found.count))
            timings.append(
                (
                    "search \(label), first 50",
                    try time(repetitions: 50) { _ = try entries.search(query, limit: pageSize) }
                ))
        }
        // Snippets with their highlights under a page of results: the bodies read once, then the text;
        // and the titles' matches, as the app's rows mark them.
        let commonQuery = try SearchQueryParser().parse(common)
        let results = try entries.search(common, limit: pageSize)
        let resultIDs = results.map(\.id)
        timings.append(
            (
                "snippets of 50 results (read + make)",
                try time(repetitions: 50) {
                    for entry in try entries.entries(ids: resultIDs) {
                        _ = SearchSnippet.make(body: entry.body, moreDetails: entry.moreDetails, query: commonQuery)
                    }
                }
            ))
        timings.append(
            (
                "snippets + title highlights of 50 results",
                try time(repetitions: 50) {
                    for entry in try entries.entries(ids: resultIDs) {
                        _ = SearchSnippet.make(
                            body: entry.body, moreDetails: entry.moreDetails, query: commonQuery, width: 160)?.fitted(
                                to: 78)
                        _ = SearchSnippet.highlighting(entry.title, query: commonQuery)
                    }
                }
            ))
        timings += try SearchPageTimings.measure(entries)
        timings += try PrefixTimings.measure(entries, firstFifty: false)
        let fileBytes = backend.bytes()
        try backend.close()
        // Every open compares the schema with this build's own (the schema table only, no table
        // scan): its cost must not grow with the entries.
        progress.show("\(name) \(size): opening")
        for (label, body) in backend.openings() {
            timings.append((label, try time(repetitions: 50, body)))
        }
        return Result(
            backend: name, size: size, importRate: Double(size) / importSeconds, importSeconds: importSeconds,
            slowestImportSeconds: runSeconds.max() ?? importSeconds, importRuns: runs, importStages: importStages,
            importDetails: importDetails, timings: timings, searchMatches: searchMatches, walkChecked: walkChecked,
            fileBytes: fileBytes)
    }

    /// The Calendar's reads: a month of counts per day, the statistics (streaks over every day, twelve
    /// months, top tags), and the list filtered to one day, in a zone with daylight saving.
    private func journalTimings(_ entries: some EntryRepository) throws -> [(String, Timing)] {
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
        let today = CivilDay(GeneratedEntries.lastDate, in: zone)
        let month = today.firstOfMonth.addingMonths(-60)
        let monthDays = month...month.addingMonths(1).advanced(by: -1)
        let day = month.advanced(by: 14)
        var timings: [(String, Timing)] = []
        timings.append(
            (
                "journal month view (counts per day)",
                try time { _ = try entries.dayCounts(in: monthDays, timeZone: zone) }
            ))
        timings.append(
            (
                "journal statistics",
                try time(repetitions: 20) { _ = try entries.journalStatistics(today: today, timeZone: zone) }
            ))
        for order in [EntrySortOrder.newest, .title] {
            let request = PageRequest(order: order, filter: .day(day, in: zone), limit: pageSize)
            timings.append(("page \(order) one day", try time { _ = try entries.page(request) }))
        }
        timings.append(("count one day", try time { _ = try entries.count(filter: .day(day, in: zone)) }))
        return timings
    }

    private func time(repetitions: Int? = nil, _ body: () throws -> Void) throws -> Timing {
        try Timing.measure(repetitions: repetitions ?? self.repetitions, body)
    }

    /// What a walk through every page found: how many rows, how many distinct ids, and two anchors.
    private struct Walk {
        var count = 0
        var distinctIDs = 0
        /// The row just before the middle of the order (`.after(middle)` is the middle page).
        var middle: EntrySummary
        /// The row just before the last page.
        var beforeLastPage: EntrySummary
    }

    /// Walks the whole order page by page with keyset cursors, as a user scrolling to the end would.
    /// Starred-only pages (about one entry in 50) and pages of two tags, all of them and any of them
    /// (issue 14: each < 1 ms at 1M), at the start and the end of an order.
    private func marksTimings(_ entries: some EntryRepository) throws -> [(String, Timing)] {
        var timings: [(String, Timing)] = []
        let filters: [(String, EntryFilter)] = [
            ("starred", EntryFilter(starred: true)),
            ("tags work+idea (all)", EntryFilter(tags: [GeneratedEntries.commonTag, "idea"], match: .all)),
            ("tags travel|music (any)", EntryFilter(tags: ["travel", "music"], match: .any)),
            ("starred, tag work", EntryFilter(tag: GeneratedEntries.commonTag, starred: true)),
        ]
        for (label, filter) in filters {
            for order in [EntrySortOrder.newest, .title] {
                let start = PageRequest(order: order, filter: filter, limit: pageSize)
                timings.append(("page \(order) \(label) start", try time { _ = try entries.page(start) }))
                let end = PageRequest(order: order, filter: filter, anchor: .end, limit: pageSize)
                timings.append(("page \(order) \(label) end", try time { _ = try entries.page(end) }))
            }
        }
        return timings
    }

    private func walkAllPages(
        _ entries: some EntryRepository, order: EntrySortOrder, filter: EntryFilter
    ) throws -> Walk {
        var seen = Set<Int64>()
        seen.reserveCapacity(size)
        var anchor = PageAnchor.start
        var count = 0
        var middle: EntrySummary?
        var beforeLastPage: EntrySummary?
        let middleIndex = size / 2 - 1
        let beforeLastIndex = size - pageSize - 1
        while true {
            let page = try entries.page(PageRequest(order: order, filter: filter, anchor: anchor, limit: pageSize))
            guard let last = page.last else { break }
            for summary in page {
                if count == middleIndex { middle = summary }
                if count == beforeLastIndex { beforeLastPage = summary }
                seen.insert(summary.id)
                count += 1
            }
            anchor = .after(last)
        }
        guard let middle, let beforeLastPage else {
            throw BenchmarkError("the walk in \(order) order found \(count) rows instead of \(size)")
        }
        return Walk(count: count, distinctIDs: seen.count, middle: middle, beforeLastPage: beforeLastPage)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
