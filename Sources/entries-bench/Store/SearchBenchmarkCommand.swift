import EntryModel
import Foundation
import SQLiteStore

/// `entries-bench search --database PATH`: the search pages, snippets and date filters of issue 14
/// on an existing SQLite database (one kept by `entries-bench store --keep DIR`), without building it.
enum SearchBenchmarkCommand {
    static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 2, arguments[0] == "--database" else {
            FileHandle.standardError.write(Data("usage: entries-bench search --database PATH\n".utf8))
            return 2
        }
        do {
            let database = try EntryDatabase(path: arguments[1])
            defer { try? database.close() }
            let entries = database.entries
            print("entries: \(try entries.count(filter: .all))")
            // Each group on its own: one that fails (a query stopped by the time limit) says which.
            let groups: [(String, (SQLiteEntryRepository) throws -> [(String, Timing)])] = [
                ("queries", { try SearchPageTimings.queries($0) }), ("search pages and date filters", { try SearchPageTimings.measure($0) }),
                ("prefixes", { try PrefixTimings.measure($0, firstFifty: true) }),
            ]
            for (group, measure) in groups {
                do {
                    for (label, timing) in try measure(entries) { print("\(label): \(timing.millisecondsSummary) ms (median / p99)") }
                } catch {
                    print("\(group): \(error)")
                }
            }
            let query = try SearchQueryParser().parse(GeneratedEntries.commonWord)
            let ids = try entries.search(GeneratedEntries.commonWord, limit: 50).map(\.id)
            let snippets = try Timing.measure(repetitions: 50) {
                for entry in try entries.entries(ids: ids) {
                    _ = SearchSnippet.make(body: entry.body, moreDetails: entry.moreDetails, query: query, width: 160)?.fitted(to: 78)
                    _ = SearchSnippet.highlighting(entry.title, query: query)
                }
            }
            print("snippets + title highlights of 50 results: \(snippets.millisecondsSummary) ms (median / p99)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("entries-bench search: \(error)\n".utf8))
            return 1
        }
    }
}
