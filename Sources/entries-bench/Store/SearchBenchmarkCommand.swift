import EntryModel
import Foundation
import SQLiteStore

/// `entries-bench search --database PATH [--encrypted]`: the search pages, snippets and date filters
/// of issue 14 on an existing SQLite database (one kept by `entries-bench store --keep DIR`), without
/// building it. With `--encrypted`, PATH is an encrypted journal `store --encrypted` made (its
/// passphrase is the benchmark's own); the key derivation is done before any timing.
enum SearchBenchmarkCommand {
    static func run(arguments: [String]) -> Int32 {
        let encrypted = arguments.count == 3 && arguments[2] == "--encrypted"
        guard arguments.count == 2 || encrypted, arguments[0] == "--database" else {
            FileHandle.standardError.write(Data("usage: entries-bench search --database PATH [--encrypted]\n".utf8))
            return 2
        }
        do {
            var configuration = EntryDatabase.Configuration()
            if encrypted {
                let key = try JournalKey.unlock(path: arguments[1], passphrase: SQLiteBackend.benchmarkPassphrase())
                // What the cipher's cache of opened pages is worth: another budget than its default
                // (none; it was 4 MiB before the readers' cache took its memory).
                let cacheBytes = ProcessInfo.processInfo.environment["ENTRIES_BENCH_CIPHER_CACHE_BYTES"]
                if let bytes = cacheBytes.flatMap(Int.init) { key.limitPageCache(toBytes: bytes) }
                // And SQLite's cache of each reading connection, in KiB, instead of its default for
                // an encrypted journal (JournalKey.defaultReaderCacheKibibytes).
                let readerCache = ProcessInfo.processInfo.environment["ENTRIES_BENCH_READER_CACHE_KIB"]
                if let kibibytes = readerCache.flatMap(Int.init) { key.readerCacheKibibytes = kibibytes }
                configuration.encryptionKey = key
            }
            for (label, timing) in try openings(path: arguments[1], configuration: configuration) {
                print("\(label): \(timing.millisecondsSummary) ms (median / p99)")
            }
            let database = try EntryDatabase(path: arguments[1], configuration: configuration)
            defer { try? database.close() }
            let entries = database.entries
            print("entries: \(try entries.count(filter: .all))")
            print("add an entry: \(try adding(to: entries).millisecondsSummary) ms (median / p99)")
            // Each group on its own: one that fails (a query stopped by the time limit) says which.
            let groups: [(String, (SQLiteEntryRepository) throws -> [(String, Timing)])] = [
                ("queries", { try SearchPageTimings.queries($0) }),
                ("search pages and date filters", { try SearchPageTimings.measure($0) }),
                ("prefixes", { try PrefixTimings.measure($0, firstFifty: true) }),
            ]
            for (group, measure) in groups {
                do {
                    for (label, timing) in try measure(entries) {
                        print("\(label): \(timing.millisecondsSummary) ms (median / p99)")
                    }
                } catch {
                    print("\(group): \(error)")
                }
            }
            let query = try SearchQueryParser().parse(GeneratedEntries.commonWord)
            let ids = try entries.search(GeneratedEntries.commonWord, limit: 50).map(\.id)
            let snippets = try Timing.measure(repetitions: 50) {
                for entry in try entries.entries(ids: ids) {
                    _ = SearchSnippet.make(body: entry.body, moreDetails: entry.moreDetails, query: query, width: 160)?
                        .fitted(to: 78)
                    _ = SearchSnippet.highlighting(entry.title, query: query)
                }
            }
            print("snippets + title highlights of 50 results: \(snippets.millisecondsSummary) ms (median / p99)")
            // After every read above, the journal still open: what this journal costs in memory (the
            // key derivation's memory (256 MiB) was freed before; VmHWM would count it).
            print("resident memory after the searches: \(ProcessMemory.read().rss) kB")
            if let key = configuration.encryptionKey {
                print("kept opened pages (the cipher's cache): \(key.pageCacheBytes / 1024) kB")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("entries-bench search: \(error)\n".utf8))
            return 1
        }
    }

    /// Opening the journal, before anything else has it open (so a close is the last one, as at the
    /// app's exit): read-only and for writing, each closed again; and the app's first screen, an open
    /// for writing and the first page of the list (the close not counted). Keys are derived already.
    private static func openings(path: String, configuration: EntryDatabase.Configuration) throws -> [(String, Timing)]
    {
        var readOnly = configuration
        readOnly.readOnly = true
        var firstScreen: [Double] = []
        for _ in 0...30 {
            var database: EntryDatabase?
            firstScreen.append(
                try Timing.seconds {
                    database = try EntryDatabase(path: path, configuration: configuration)
                    _ = try database?.entries.page(PageRequest(order: .newest, limit: 50))
                })
            try database?.close()
        }
        return [
            (
                "open + close, read-only",
                try Timing.measure(repetitions: 30) { try EntryDatabase(path: path, configuration: readOnly).close() }
            ),
            (
                "open + close, for writing",
                try Timing.measure(repetitions: 30) {
                    try EntryDatabase(path: path, configuration: configuration).close()
                }
            ),
            (
                "open for writing + first page of 50 (the app's first screen)",
                Timing(samples: Array(firstScreen.dropFirst()))
            ),
        ]
    }

    /// Adding one entry (a transaction of its own, as `entries add` or the app's editor writes), 20
    /// times; the entries are removed for good afterwards.
    private static func adding(to entries: SQLiteEntryRepository) throws -> Timing {
        var added: [Int64] = []
        let timing = try Timing.measure(repetitions: 20) {
            added.append(
                try entries.insert(EntryDraft(title: "benchmark entry", body: "a write to time, removed afterwards")).id
            )
        }
        for id in added { try entries.delete(id: id) }
        try entries.emptyTrash(deletedBefore: nil)
        return timing
    }
}
